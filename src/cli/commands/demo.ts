import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import type { ScanFlags } from '../scan-settings.js';
import { FORMAT_NAMES } from '../../format/names.js';

const HELP_AFTER = `
The sample site is a small WordPress blog as most are published today, served on 127.0.0.1 on a
free port for the length of the scan (nothing leaves this machine). Its report is a real scan's:
the same checks, scores and fixes as \`ai-ready scan yoursite.com\` gives for a site of yours.

Examples:
  ai-ready demo
  npx ai-ready demo --summary
  ai-ready demo --format md > demo-report.md`;

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('Serve a sample site on 127.0.0.1 and scan it: a full report without a site of your own')
    .option('-f, --format <format>', `${FORMAT_NAMES.join(' | ')} (default: pretty)`)
    .option('--verbose', 'every fix guide in full and every probe behind every check')
    .option('--summary', 'pretty report: score, dimensions and the top fixes only')
    .option('--no-color', 'plain text without colour or animation (also NO_COLOR=1 or CI=true)')
    .addHelpText('after', HELP_AFTER)
    .action(async (flags: { format?: string; verbose?: boolean; summary?: boolean; color?: boolean }, cmd: Command) => {
      const { startDemoSite } = await import('../demo-site.js');
      const { runScan } = await import('../scan-run.js');
      const { UsageError } = await import('../usage-error.js');
      const site = await startDemoSite();
      try {
        // The config file of the working directory is not the demo's: it is ignored.
        const scanFlags: ScanFlags = { ...flags, config: false, workers: '0' };
        await runScan([site.origin], scanFlags, (name) => cmd.getOptionValueSource(name) === 'cli' || name === 'workers');
        // The demo's gates are none: its exit code says only whether it ran.
        process.exitCode = process.exitCode === EXIT.USAGE ? EXIT.USAGE : EXIT.OK;
      } catch (e) {
        if (e instanceof UsageError) {
          process.stderr.write(`ai-ready demo: ${e.message}\n`);
          process.exitCode = EXIT.USAGE;
          return;
        }
        throw e;
      } finally {
        await site.close();
      }
    });
}

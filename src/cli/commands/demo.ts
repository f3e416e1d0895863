import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import type { ScanFlags } from '../scan-settings.js';
import { SCAN_FLAGS } from '../scan-flags/index.js';
import { addFlagOptions } from '../scan-flags/commander.js';

/** The scan flags the demo takes: how its report is written (the rest are the demo's own). */
const DEMO_FLAGS = ['format', 'verbose', 'summary', 'color'] as const;

const HELP_AFTER = `
The sample site is a small WordPress blog as most are published today, served on 127.0.0.1 on a
free port for the length of the scan (nothing leaves this machine). Its report is a real scan's:
the same checks, scores and fixes as \`ai-ready scan yoursite.com\` gives for a site of yours.

Examples:
  ai-ready demo
  npx ai-ready demo --summary
  ai-ready demo --format md > demo-report.md`;

export function registerDemo(program: Command): void {
  const demo = program.command('demo').description('Serve a sample site on 127.0.0.1 and scan it: a full report without a site of your own');
  addFlagOptions(demo, SCAN_FLAGS, DEMO_FLAGS)
    .addHelpText('after', HELP_AFTER)
    .action(async (flags: Pick<ScanFlags, (typeof DEMO_FLAGS)[number]>, cmd: Command) => {
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

import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';

interface ScanFlags {
  json?: boolean;
  profile?: string;
  timeout?: string;
}

export function registerScan(program: Command): void {
  program
    .command('scan')
    .description('Scan a site and report how ready it is for AI agents')
    .argument('<url>', 'the site to scan (https:// is added when no scheme is given)')
    .option('--json', 'print the v1 ScanResponse as JSON')
    .option('--profile <profile>', 'auto | content | app | commerce', 'auto')
    .option('--timeout <seconds>', 'whole-scan deadline in seconds', '45')
    .action(async (url: string, flags: ScanFlags) => {
      const { scan } = await import('../../core/scan.js');
      const { isScanError } = await import('../../core/errors.js');
      const profile = flags.profile ?? 'auto';
      if (!['auto', 'content', 'app', 'commerce'].includes(profile)) {
        process.stderr.write(`ai-ready: --profile must be auto, content, app or commerce (got "${profile}")\n`);
        process.exitCode = EXIT.USAGE;
        return;
      }
      const seconds = Number(flags.timeout);
      if (!Number.isFinite(seconds) || seconds <= 0) {
        process.stderr.write('ai-ready: --timeout must be a positive number of seconds\n');
        process.exitCode = EXIT.USAGE;
        return;
      }
      try {
        const result = await scan(url, { profile: profile as 'auto', deadlineMs: seconds * 1000 });
        process.stdout.write(JSON.stringify(result, null, flags.json ? 2 : 2) + '\n');
      } catch (e) {
        if (isScanError(e, 'invalid-url')) {
          process.stderr.write(`ai-ready: ${e.message}\n`);
          process.exitCode = EXIT.USAGE;
        } else if (isScanError(e)) {
          process.stderr.write(`ai-ready: ${e.message}\n`);
          process.exitCode = EXIT.UNREACHABLE;
        } else throw e;
      }
    });
}

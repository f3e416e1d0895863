import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';

const HOSTING = ['cloudflare', 'vercel', 'netlify', 'nginx', 'apache', 'express'];

export function registerExplain(program: Command): void {
  program
    .command('explain')
    .description('Explain a check: what it looks for, why it matters, and how to fix it')
    .argument('<checkId>', 'a check id such as D1 (see `ai-ready rubric`)')
    .option('--platform <name>', 'show the fix for a platform or host (wordpress, shopify, nextjs, vercel, nginx, ...)')
    .option('--origin <url>', 'the site the snippets should name', 'https://example.com')
    .option('--no-color', 'plain text without colour')
    .action(async (checkId: string, opts: { platform?: string; origin: string; color?: boolean }) => {
      const { findCheck, CHECKS } = await import('../../core/checks/index.js');
      const check = findCheck(checkId);
      if (!check) {
        process.stderr.write(`ai-ready: unknown check "${checkId}". Known checks: ${CHECKS.map((c) => c.meta.id).join(', ')}\n`);
        process.exitCode = EXIT.USAGE;
        return;
      }
      const platform = opts.platform?.trim().toLowerCase();
      if (platform !== undefined && !/^[a-z0-9][a-z0-9.-]{0,40}$/.test(platform)) {
        process.stderr.write(`ai-ready: --platform must be a platform name such as wordpress or nextjs (got "${opts.platform}")\n`);
        process.exitCode = EXIT.USAGE;
        return;
      }
      let origin: string;
      try {
        origin = new URL(opts.origin).origin;
      } catch {
        process.stderr.write(`ai-ready: --origin must be a URL (got "${opts.origin}")\n`);
        process.exitCode = EXIT.USAGE;
        return;
      }
      const { renderExplain } = await import('../explain-text.js');
      const { terminalCaps } = await import('../terminal.js');
      const caps = terminalCaps({ colorFlag: opts.color, toFile: false });
      const isHost = platform !== undefined && HOSTING.includes(platform);
      const steps = check.fixGuide({ origin, platform: platform && !isHost ? platform : null, hosting: isHost ? [platform!] : [] });
      process.stdout.write(renderExplain(check.meta, steps, { platform, color: caps.color }));
    });
}

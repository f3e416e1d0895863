import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import { oneLine } from '../../format/sanitize.js';
import type { ExplainTarget } from '../explain-target.js';

export function registerExplain(program: Command): void {
  program
    .command('explain')
    .description('Explain a check: what it looks for, why it matters, and how to fix it')
    .argument('<checkId>', 'a check id, as `ai-ready rubric` lists them')
    .option('--platform <name>', 'show the fix for a platform or host (wordpress, shopify, nextjs, vercel, nginx, caddy, ...)')
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
      let target: ExplainTarget | null = null;
      if (opts.platform !== undefined) {
        const { resolveExplainTarget, explainTargetNames } = await import('../explain-target.js');
        target = resolveExplainTarget(opts.platform);
        if (!target) {
          process.stderr.write(
            `ai-ready: unknown --platform "${oneLine(opts.platform, 60)}". Platforms and hosts with their own steps: ${explainTargetNames().join(', ')}\n`,
          );
          process.exitCode = EXIT.USAGE;
          return;
        }
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
      const { terminalCaps, viewWidth } = await import('../terminal.js');
      const caps = terminalCaps({ colorFlag: opts.color, toFile: false });
      const steps = check.fixGuide({
        origin,
        platform: target?.kind === 'platform' ? target.id : null,
        hosting: target?.kind === 'hosting' ? [target.id] : [],
      });
      process.stdout.write(
        renderExplain(check.meta, steps, {
          platform: target?.label,
          genericFallback: target ? !target.specific : false,
          color: caps.color,
          width: viewWidth(),
        }),
      );
    });
}

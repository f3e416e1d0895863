/** The text of `ai-ready explain <checkId>`: the check's metadata and its fix guide. */
import { Chalk } from 'chalk';
import type { CheckMeta } from '../core/checks/types.js';
import type { FixStep } from '../core/schema.js';
import { DIMENSION_LABELS } from '../format/common.js';
import { fixStepsText } from '../format/fix-steps.js';
import { wrapReport } from '../format/wrap.js';

/** How the content profile treats a check, in words (CheckMeta.contentProfile). */
const CONTENT_PROFILE_WORDS = { na: 'not applicable', bonus: 'extra credit', offered: 'scored where published' } as const;

export interface ExplainOptions {
  /** Display name of the platform or host asked for. */
  platform?: string;
  /** ai-ready has no steps of its own for that platform: the generic ones are shown. */
  genericFallback?: boolean;
  color?: boolean;
  /** Columns to word-wrap to (0: none); code blocks split only where a break keeps them working. */
  width?: number;
}

export function renderExplain(meta: CheckMeta, steps: FixStep[], opts: ExplainOptions): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const out = [
    c.bold(`${meta.id} · ${meta.name}`),
    c.gray(
      `${DIMENSION_LABELS[meta.dimension]} · ${meta.tier} · ${meta.weight} ` +
        `point${meta.weight === 1 ? '' : 's'}${meta.contentProfile ? ` · content sites: ${CONTENT_PROFILE_WORDS[meta.contentProfile]}` : ''}`,
    ),
    '',
    c.bold('What it looks for'),
    `  ${meta.summary}`,
    '',
    c.bold('Why it matters'),
    `  ${meta.why}`,
    '',
    c.bold('Fix'),
    `  ${meta.remediation}`,
    '',
    c.bold(`How to fix it${opts.platform ? ` on ${opts.platform}` : ''}`),
  ];
  if (opts.platform && opts.genericFallback) out.push(c.gray(`  (no steps written for ${opts.platform} yet: these are the generic ones)`));
  out.push(...fixStepsText(steps, { indent: 2, title: c.bold, code: c.cyan, fenced: { width: opts.width ?? 0, fence: c.gray } }));
  // Most guides end with a "Read the spec" step; list the specs only when no step did.
  const specsShown = steps.some((s) => meta.specUrls.some((u) => s.body?.includes(u)));
  if (meta.specUrls.length && !specsShown) out.push('', c.bold('Specs'), ...meta.specUrls.map((u) => `  ${u}`));
  if (!opts.platform) out.push('', c.gray('Add --platform <name> (wordpress, shopify, nextjs, vercel, nginx, ...) for the platform variant.'));
  return wrapReport(out, opts.width ?? 0).join('\n') + '\n';
}

/**
 * The flags of `ai-ready fix` that are declarations: every flag it shares with `scan` is taken
 * from scan's own (the same spelling, schema, range, usage error and help), and the two it means
 * differently are declared here in the same style. `fix.ts` builds its options from this list and
 * resolves them with `resolveFlags`, as `scan` does; `--dir`, `--write`, `--verify` and the
 * repeatable `--set` stay commander options of `fix` (no other command has them).
 */
import type { HeaderHostChoice } from '../../core/fixes/project/headers-place.js';
import { declaredChecks } from '../declared-checks.js';
import { defineFlag } from '../scan-flags/define.js';
import { minGrade, minScore } from '../scan-flags/gates.js';
import { color } from '../scan-flags/output.js';
import { FIX_PARAM_FLAGS, paramFlag } from '../scan-flags/params.js';
import { UsageError } from '../usage-error.js';

export const FIX_FORMATS = ['pretty', 'json', 'agent'] as const;

/**
 * fix's own `--format`: it prints a plan of file changes, not a report, so scan's report formats
 * (md, sarif, junit, ...) have nothing to print here; `json` is the plan as data.
 */
export const fixFormat = defineFlag({
  name: 'format',
  option: '--format <name>',
  help: `output: ${FIX_FORMATS.join(', ')} (agent: a prompt for a coding agent; default: pretty)`,
  value: ({ z }) => z.enum(FIX_FORMATS),
  fromText: (text) => text.toLowerCase(),
  default: 'pretty',
});

/**
 * Where response headers are written: only fix writes into a project, so only fix has it. The values
 * are the packs' header hosts, loaded when a help text is printed (declared-checks.ts) or a value is
 * settled: the start-up does not load the platform registry.
 */
export const host = defineFlag({
  name: 'host',
  option: '--host <name>',
  help: () => `where response headers go: ${declaredChecks()?.headerHosts ?? 'a header host of docs/fix.md, or none'}`,
  value: ({ z }) => z.custom<HeaderHostChoice>((v) => typeof v === 'string' && v.length > 0),
  fromText: (text) => text.toLowerCase(),
  settle: async (value, spelling) => {
    const { HEADER_HOSTS } = await import('../../core/fixes/project/headers-place.js');
    if (!HEADER_HOSTS.includes(value)) throw new UsageError(`${spelling} must be one of ${HEADER_HOSTS.join(', ')} (got "${value}")`);
    return value;
  },
});

/** fix's --only: scan's flag, meaning the fixes to write (every check is scanned). */
const only = paramFlag('only');

/**
 * In `fix --help`'s order: the scan parameters fix's scans take come from their declarations
 * (`fix: true`). --min-grade and --min-score judge the preview that --verify scans.
 */
export const FIX_FLAGS = [fixFormat, only, host, ...FIX_PARAM_FLAGS, minGrade, minScore, color] as const;

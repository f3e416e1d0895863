/** JSON: the v1 ScanResponse (C1 and bidi controls escaped, see ../sanitize.ts); a batch is NDJSON, one object per line. */
import type { ScanResult } from '../../core/schema.js';
import type { FormatModule } from '../format-module.js';
import { toSafeJson } from '../sanitize.js';

export function renderJson(results: ScanResult[], opts: { batch?: boolean } = {}): string {
  if (results.length === 1 && !opts.batch) return toSafeJson(results[0], 2) + '\n';
  return results.map((r) => toSafeJson(r)).join('\n') + (results.length ? '\n' : '');
}

export const jsonFormat: FormatModule = {
  document: renderJson,
  // Site text may hold C1 and bidi controls: escaped like every other JSON output.
  stream: () => ({ add: (r) => toSafeJson(r) + '\n', end: () => '' }),
};

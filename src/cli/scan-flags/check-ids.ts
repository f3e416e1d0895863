/** Check selectors (--skip, --only, --fail-on): ids must exist; some flags also take names (dimensions, tiers). */
import { UsageError } from '../usage-error.js';

export async function checkIds(spelling: string, ids: readonly string[], extra: readonly string[]): Promise<string[]> {
  // The registry (every check module and its parsers) loads only when ids need checking.
  const { findCheck } = await import('../../core/checks/index.js');
  for (const id of ids) {
    if (extra.includes(id.toLowerCase())) continue;
    if (!findCheck(id))
      throw new UsageError(
        `${spelling}: unknown check "${id}" (run \`ai-ready rubric\` for the ids${extra.length ? `; also accepted: ${extra.join(', ')}` : ''})`,
      );
  }
  return ids.map((id) => (extra.includes(id.toLowerCase()) ? id.toLowerCase() : id.toUpperCase()));
}

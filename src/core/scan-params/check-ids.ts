/** Check selectors (ids or dimension names), held to the check registry, which loads only when ids are given. */
import { DIMENSIONS } from '../vocabulary.js';
import { ScanParamRefused, type Z } from './define.js';

/** Check ids or dimension names, as the engine takes them (`only` and `skip`). */
export const checkSelectors = (z: Z) => z.array(z.string().min(1).max(40)).max(50);

/**
 * The ids as the engine takes them (ids upper-case, names in `extra` lower-case); the first unknown
 * one is refused with `spelling` (`--skip`, `--fail-on`) and where to find the ids.
 */
export async function settleCheckIds(spelling: string, ids: readonly string[], extra: readonly string[] = DIMENSIONS): Promise<string[]> {
  const { findCheck } = await import('../checks/index.js');
  for (const id of ids) {
    if (extra.includes(id.toLowerCase())) continue;
    if (!findCheck(id))
      throw new ScanParamRefused(
        `${spelling}: unknown check "${id}" (run \`ai-ready rubric\` for the ids${extra.length ? `; also accepted: ${extra.join(', ')}` : ''})`,
      );
  }
  return ids.map((id) => (extra.includes(id.toLowerCase()) ? id.toLowerCase() : id.toUpperCase()));
}

/** An MCP tool's check selectors, trimmed; unknown ones refused with every known id and dimension (the agent's next try). */
export async function toolCheckIds(ids: readonly string[]): Promise<string[]> {
  const { CHECKS } = await import('../checks/index.js');
  const known = CHECKS.map((c) => c.meta.id);
  const unknown = ids.filter((x) => !known.includes(x.trim().toUpperCase()) && !(DIMENSIONS as readonly string[]).includes(x.trim().toLowerCase()));
  if (unknown.length) {
    throw new ScanParamRefused(`Unknown check or dimension: ${unknown.join(', ')}. Known checks: ${known.join(', ')}; dimensions: ${DIMENSIONS.join(', ')}.`);
  }
  return ids.map((x) => x.trim());
}

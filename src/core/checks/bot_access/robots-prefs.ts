/**
 * Parsing of preference lines in robots.txt (Content-Signal for B2; B5 reads Content-Usage with the
 * AIPREF Dictionary parse instead, content-usage-header.ts): `Field: [path] key=value, key=value`,
 * kept with the group each line belongs to.
 */
import type { RobotsArtifact } from '../../gather/robots.js';

export interface PrefPair {
  key: string;
  value: string;
  /** Known key with an allowed value. */
  valid: boolean;
  /** Why it is not valid: not key=value, an unknown key, a value outside the allowed ones. */
  problem?: PairProblem;
}

/** Why a pair is ignored, with the site's item, key and value as written (lower-cased) and the allowed values. */
export type PairProblem =
  | { kind: 'not-pair'; item: string }
  | { kind: 'unknown-key'; key: string }
  | { kind: 'bad-value'; key: string; value: string; allowed: string };

export interface PrefLine {
  /** User-agent values of the enclosing group, or null for a line outside any group. */
  agents: string[] | null;
  line: number;
  raw: string;
  /** Optional leading path token (`/docs/ ai-train=no`), accepted by some parsers. */
  path: string | null;
  pairs: PrefPair[];
  /** At least one valid pair. */
  valid: boolean;
}

export interface PrefVocabulary {
  keys: ReadonlySet<string>;
  values: ReadonlySet<string>;
  /** Keys with their own values instead of `values` (Content Signals `use`: immediate, reference, full). */
  keyValues?: ReadonlyMap<string, ReadonlySet<string>>;
}

export function parsePrefValue(raw: string, vocab: PrefVocabulary): Pick<PrefLine, 'path' | 'pairs' | 'valid'> {
  let rest = raw.trim();
  let path: string | null = null;
  const pathMatch = rest.match(/^(\/\S*)\s+(.*)$/);
  if (pathMatch) {
    path = pathMatch[1];
    rest = pathMatch[2];
  }
  const pairs: PrefPair[] = rest
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((item) => {
      const eq = item.indexOf('=');
      if (eq < 0) return { key: item.toLowerCase(), value: '', valid: false, problem: { kind: 'not-pair', item } };
      const key = item.slice(0, eq).trim().toLowerCase();
      const value = item
        .slice(eq + 1)
        .trim()
        .toLowerCase()
        .replace(/^"(.*)"$/, '$1');
      const own = vocab.keyValues?.get(key);
      if (own)
        return own.has(value)
          ? { key, value, valid: true }
          : { key, value, valid: false, problem: { kind: 'bad-value', key, value, allowed: [...own].join(', ') } };
      if (!vocab.keys.has(key)) return { key, value, valid: false, problem: { kind: 'unknown-key', key } };
      if (!vocab.values.has(value)) return { key, value, valid: false, problem: { kind: 'bad-value', key, value, allowed: [...vocab.values].join(', ') } };
      return { key, value, valid: true };
    });
  return { path, pairs, valid: pairs.some((p) => p.valid) };
}

/** Every `field` line of the robots.txt, in file order, with its group. */
export function prefLines(robots: RobotsArtifact, field: string, vocab: PrefVocabulary): PrefLine[] {
  const out: PrefLine[] = [];
  for (const g of robots.groups) {
    for (const rec of g.extras) {
      if (rec.field === field) out.push({ agents: g.agents, line: rec.line, raw: rec.value, ...parsePrefValue(rec.value, vocab) });
    }
  }
  for (const rec of robots.orphans) {
    if (rec.field === field) out.push({ agents: null, line: rec.line, raw: rec.value, ...parsePrefValue(rec.value, vocab) });
  }
  return out.sort((a, b) => a.line - b.line);
}

export function groupLabel(agents: string[] | null): string {
  return agents ? `User-agent: ${groupAgents(agents)}` : 'outside any group';
}

/** The User-agent values of a group as a list (the first three, then "…"): a template says "User-agent: {agents}". */
export function groupAgents(agents: string[]): string {
  return agents.slice(0, 3).join(', ') + (agents.length > 3 ? ', …' : '');
}

export function isStarGroup(agents: string[] | null): boolean {
  return !!agents && agents.some((a) => a.trim() === '*');
}

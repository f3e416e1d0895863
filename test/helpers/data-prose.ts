/**
 * The rule "data carries values, not sentences" (issue 39), as a test reads it: a `data` value a
 * check composed must be a fact (a status, a count, a URL, a media type, a token, a list of them),
 * never a phrase; the sentence people read is the template's. Keys a check declares in
 * `meta.quoted` hold text quoted verbatim (the site's own words, a parser's message) and are exempt,
 * also where a verdict is nested in the data (`static.foundSnippet`, `html.findings.0.tool`: the key
 * after the last dot is the nested verdict's own).
 */
import type { CheckResult } from '../../src/core/schema.js';

/** Words that make a run of words a phrase rather than a name or a list of tokens. */
const FUNCTION_WORDS = new Set(
  'a an the is are was were be been not no nor to of with without for from so but and or in on at by as it its this that these those than then there has have had does do did can could should must may only also instead'.split(
    ' ',
  ),
);

/** Why `value` reads as prose, or null when it is a value. */
export function proseReason(value: string): string | null {
  if (value.includes('→')) return 'holds an arrow (a rendered probe)';
  if (/[.;!?:]\s+\S/.test(value) && !/^https?:\/\//.test(value)) return 'holds two clauses';
  const words = value.split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  const fn = words.find((w) => FUNCTION_WORDS.has(w.toLowerCase().replace(/[^a-z]/g, '')));
  return fn ? `holds the word "${fn}" among ${words.length} words` : null;
}

type Quoted = (checkId: string) => readonly string[];

/** Every composed sentence in the data of `checks`: "<id> <code> data.<key>: <why>: <value>". */
export function proseInData(checks: readonly CheckResult[], quoted: Quoted): string[] {
  const out: string[] = [];
  const visit = (id: string, where: string, data: Record<string, string | number> | undefined) => {
    const exempt = new Set(quoted(id));
    for (const [key, value] of Object.entries(data ?? {})) {
      if (typeof value !== 'string' || exempt.has(key) || exempt.has(key.slice(key.lastIndexOf('.') + 1))) continue;
      const why = proseReason(value);
      if (why) out.push(`${id} ${where} data.${key}: ${why}: ${JSON.stringify(value.slice(0, 120))}`);
    }
  };
  for (const c of checks) {
    visit(c.id, c.code ?? '', c.data);
    for (const f of c.findings ?? []) visit(c.id, f.code, f.data);
    for (const f of c.advisoryFindings ?? []) visit(c.id, f.code, f.data);
  }
  return out;
}

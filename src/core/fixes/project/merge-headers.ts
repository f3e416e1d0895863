/**
 * Header rules written into a host's file, one writer per format (`HeaderFormat`, declared with
 * the header hosts in platforms/project-shape.ts; the merge table, merge-table.ts, maps each
 * format to its writer). Each adds only the rules the file does not hold yet and keeps every line
 * the owner wrote.
 */
import { getNodeValue } from 'jsonc-parser';
import { jsonTree, mergeJsonText } from './merge-json.js';
import type { Merged } from './merge-text.js';

export interface HeaderRule {
  /** "/" is every page (as FixOperation header); other paths are one resource. */
  path: string;
  name: string;
  value: string;
}

/** Writes `rules` into `file` (project-relative, for messages) whose text is `existing` (null: new). */
export type HeaderWriter = (file: string, existing: string | null, rules: HeaderRule[]) => Merged;

/** The path as Netlify and Cloudflare Pages match it: every page is "/*". */
const splatFor = (path: string) => (path === '/' ? '/*' : path);

/** vercel.json: `headers: [{ source, headers: [{ key, value }] }]`, merged as text. */
export const writeVercelJson: HeaderWriter = (file, existing, rules) => {
  const add = {
    headers: groupByPath(rules).map(([path, rs]) => ({ source: path === '/' ? '/(.*)' : path, headers: rs.map((r) => ({ key: r.name, value: r.value })) })),
  };
  if (!existing) return { text: JSON.stringify(add, null, 2) + '\n', conflicts: [] };
  return mergeVercel(file, existing, add.headers);
};

/** netlify.toml: one `[[headers]]` table per path, appended; a rule already in a table for its path is not repeated. */
export const writeNetlifyToml: HeaderWriter = (_file, existing, rules) => {
  const text = existing ?? '';
  const blocks = groupByPath(rules)
    .map(([path, rs]) => ({ path, rs: rs.filter((r) => !hasTomlRule(text, splatFor(path), r)) }))
    .filter((b) => b.rs.length)
    .map(
      ({ path, rs }) =>
        `[[headers]]\n  for = ${JSON.stringify(splatFor(path))}\n  [headers.values]\n` +
        `${rs.map((r) => `    ${JSON.stringify(r.name)} = ${JSON.stringify(r.value)}`).join('\n')}\n`,
    );
  return { text: blocks.length ? `${text.replace(/\n*$/, text ? '\n\n' : '')}${blocks.join('\n')}` : text, conflicts: [] };
};

/** _headers: a path line, then indented `Name: value` lines; a rule joins its path's block. */
export const writeHeadersText: HeaderWriter = (_file, existing, rules) => {
  const text = existing ?? '';
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out = text ? [...lines.slice(0, lines[lines.length - 1] === '' ? -1 : undefined)] : [];
  for (const [path, rs] of groupByPath(rules)) {
    const p = splatFor(path);
    const at = out.findIndex((l) => l.trim() === p && !/^\s/.test(l));
    const fresh = rs.filter((r) => !blockHas(out, at, r));
    if (!fresh.length) continue;
    if (at === -1) out.push(...(out.length ? [''] : []), p, ...fresh.map((r) => `  ${r.name}: ${r.value}`));
    else {
      let end = at + 1;
      while (end < out.length && /^\s+\S/.test(out[end])) end++;
      out.splice(end, 0, ...fresh.map((r) => `  ${r.name}: ${r.value}`));
    }
  }
  return { text: out.length ? `${out.join('\n')}\n` : '', conflicts: [] };
};

function blockHas(lines: string[], at: number, r: HeaderRule): boolean {
  if (at === -1) return false;
  for (let i = at + 1; i < lines.length && /^\s+\S/.test(lines[i]); i++)
    if (lines[i].trim().toLowerCase() === `${r.name}: ${r.value}`.toLowerCase()) return true;
  return false;
}

function hasTomlRule(text: string, forPath: string, r: HeaderRule): boolean {
  // Good enough for what we write ourselves: the same for-path block holding the same name and value.
  const blocks = text.split('[[headers]]').slice(1);
  return blocks.some((b) => b.includes(`for = ${JSON.stringify(forPath)}`) && b.includes(`${JSON.stringify(r.name)} = ${JSON.stringify(r.value)}`));
}

/**
 * The header rules merged into the owner's vercel.json as text (jsonc-parser edits: nothing the
 * owner wrote is re-serialised). Vercel refuses `routes` beside `headers`, so a file with `routes`
 * is a conflict; so are a `headers` that is not an array and a file that is not JSON.
 */
function mergeVercel(file: string, existing: string, add: Array<{ source: string; headers: Array<{ key: string; value: string }> }>): Merged {
  const tree = jsonTree(existing.replace(/^\uFEFF/, ''));
  if ('error' in tree) return { text: existing, conflicts: [`${file} ${tree.error}: fix it first, then run fix again`] };
  const doc = getNodeValue(tree.root) as unknown;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return { text: existing, conflicts: [`${file} is not a JSON object: kept as it is; add the headers by hand`] };
  const d = doc as Record<string, unknown>;
  if ('routes' in d)
    return {
      text: existing,
      conflicts: [
        `${file} uses "routes", which Vercel does not allow together with "headers": kept as it is. ` +
          'Add the headers inside your routes (a "headers" object on the matching route), or move to rewrites/redirects/headers.',
      ],
    };
  if ('headers' in d && !Array.isArray(d.headers))
    return {
      text: existing,
      conflicts: [`${file} has "headers" that is not an array: kept as it is; make it a list of { source, headers } and run fix again`],
    };
  const have = (Array.isArray(d.headers) ? d.headers : []) as unknown[];
  const conflicts: string[] = [];
  const blocks: typeof add = [];
  for (const a of add) {
    const mine = have.find((h): h is Record<string, unknown> => typeof h === 'object' && h !== null && (h as Record<string, unknown>).source === a.source);
    if (!mine) {
      blocks.push(a);
      continue;
    }
    if (mine.headers !== undefined && !Array.isArray(mine.headers)) {
      conflicts.push(`${file}: the "headers" of source ${JSON.stringify(a.source)} is not an array: kept as it is`);
      continue;
    }
    const list = (mine.headers ?? []) as Array<Record<string, unknown>>;
    const fresh = a.headers.filter((x) => !list.some((h) => typeof h?.key === 'string' && h.key.toLowerCase() === x.key.toLowerCase() && h.value === x.value));
    if (fresh.length) blocks.push({ source: a.source, headers: fresh });
  }
  if (!blocks.length) return { text: existing, conflicts };
  // mergeJsonText adds the missing blocks and the missing header pairs of existing sources, as text.
  const out = mergeJsonText(existing, JSON.stringify({ headers: blocks }));
  return { text: out.text, conflicts: [...conflicts, ...out.conflicts] };
}

function groupByPath(rules: HeaderRule[]): Array<[string, HeaderRule[]]> {
  const out = new Map<string, HeaderRule[]>();
  for (const r of rules) {
    const list = out.get(r.path) ?? out.set(r.path, []).get(r.path)!;
    if (!list.some((x) => x.name.toLowerCase() === r.name.toLowerCase() && x.value === r.value)) list.push(r);
  }
  return [...out];
}

/** The rules as the owner adds them by hand (nginx, and the generic form). */
export function printedRules(rules: HeaderRule[]): string {
  return groupByPath(rules)
    .map(
      ([path, rs]) =>
        `# ${path === '/' ? 'every page' : path}\n${rs.map((r) => `${r.name}: ${r.value}`).join('\n')}\n` +
        `# nginx: location ${path === '/' ? '/' : `= ${path}`} { ${rs.map((r) => `add_header ${r.name} ${JSON.stringify(r.value)} always;`).join(' ')} }`,
    )
    .join('\n\n');
}

/**
 * Where a static project's response headers go: the host's own file when the project has one (or
 * the scan saw that host in front of the site), else printed for the owner to add. nginx and
 * Apache snippets are printed, never written (their config lives outside the project).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getNodeValue } from 'jsonc-parser';
import { jsonTree, mergeJsonText } from './merge-json.js';

export interface HeaderRule {
  /** "/" is every page (as FixOperation header); other paths are one resource. */
  path: string;
  name: string;
  value: string;
}

export const HEADER_HOSTS = ['vercel', 'netlify', 'cloudflare-pages', 'none'] as const;
export type HeaderHost = (typeof HEADER_HOSTS)[number];

export interface HeadersPlace {
  host: HeaderHost;
  /** Project-relative file the rules are written to; null: printed only. */
  file: string | null;
  why: string;
}

/** The place: an explicit --host, the project's own host file, or the host the scan detected. */
export function headersPlace(dir: string | null, staticDir: string, hosting: string[], explicit?: HeaderHost): HeadersPlace {
  const at = (f: string) => dir !== null && existsSync(join(dir, f));
  const headersFile = staticDir === '.' ? '_headers' : `${staticDir}/_headers`;
  const pick = (host: HeaderHost, why: string): HeadersPlace => ({
    host,
    file:
      host === 'vercel'
        ? 'vercel.json'
        : host === 'netlify'
          ? at('netlify.toml')
            ? 'netlify.toml'
            : headersFile
          : host === 'cloudflare-pages'
            ? headersFile
            : null,
    why,
  });
  if (explicit) return pick(explicit, `--host ${explicit}`);
  if (at('vercel.json')) return pick('vercel', 'the project has vercel.json');
  if (at('netlify.toml')) return pick('netlify', 'the project has netlify.toml');
  if (at(headersFile)) return pick('netlify', `the project has ${headersFile} (Netlify and Cloudflare Pages read it)`);
  if (hosting.includes('vercel')) return pick('vercel', 'the scan saw Vercel in front of the site');
  if (hosting.includes('netlify')) return pick('netlify', 'the scan saw Netlify in front of the site');
  if (hosting.includes('cloudflare')) return pick('cloudflare-pages', 'the scan saw Cloudflare in front of the site (Cloudflare Pages reads _headers)');
  return { host: 'none', file: null, why: 'no host file in the project and no host recognised: pass --host vercel|netlify|cloudflare-pages to write them' };
}

const netlifyFor = (path: string) => (path === '/' ? '/*' : path);

/** The header rules added to the place's file (none already there), as the file's new text. */
export function writeRules(place: HeadersPlace, existing: string | null, rules: HeaderRule[]): { text: string; conflicts: string[] } {
  const text = existing ?? '';
  if (!rules.length) return { text, conflicts: [] };
  if (place.file === 'vercel.json') {
    const add = {
      headers: groupByPath(rules).map(([path, rs]) => ({ source: path === '/' ? '/(.*)' : path, headers: rs.map((r) => ({ key: r.name, value: r.value })) })),
    };
    if (!existing) return { text: JSON.stringify(add, null, 2) + '\n', conflicts: [] };
    return mergeVercel(existing, add.headers);
  }
  if (place.file?.endsWith('netlify.toml')) {
    const blocks = groupByPath(rules)
      .map(([path, rs]) => ({ path, rs: rs.filter((r) => !hasTomlRule(text, netlifyFor(path), r)) }))
      .filter((b) => b.rs.length)
      .map(
        ({ path, rs }) =>
          `[[headers]]\n  for = ${JSON.stringify(netlifyFor(path))}\n  [headers.values]\n` +
          `${rs.map((r) => `    ${JSON.stringify(r.name)} = ${JSON.stringify(r.value)}`).join('\n')}\n`,
      );
    return { text: blocks.length ? `${text.replace(/\n*$/, text ? '\n\n' : '')}${blocks.join('\n')}` : text, conflicts: [] };
  }
  if (place.file?.endsWith('_headers')) {
    const lines = text.replace(/\r\n?/g, '\n').split('\n');
    const out = text ? [...lines.slice(0, lines[lines.length - 1] === '' ? -1 : undefined)] : [];
    for (const [path, rs] of groupByPath(rules)) {
      const p = netlifyFor(path);
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
  }
  return { text, conflicts: [] };
}

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
function mergeVercel(existing: string, add: Array<{ source: string; headers: Array<{ key: string; value: string }> }>): { text: string; conflicts: string[] } {
  const tree = jsonTree(existing.replace(/^\uFEFF/, ''));
  if ('error' in tree) return { text: existing, conflicts: [`vercel.json ${tree.error}: fix it first, then run fix again`] };
  const doc = getNodeValue(tree.root) as unknown;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return { text: existing, conflicts: ['vercel.json is not a JSON object: kept as it is; add the headers by hand'] };
  const d = doc as Record<string, unknown>;
  if ('routes' in d)
    return {
      text: existing,
      conflicts: [
        'vercel.json uses "routes", which Vercel does not allow together with "headers": kept as it is. ' +
          'Add the headers inside your routes (a "headers" object on the matching route), or move to rewrites/redirects/headers.',
      ],
    };
  if ('headers' in d && !Array.isArray(d.headers))
    return {
      text: existing,
      conflicts: ['vercel.json has "headers" that is not an array: kept as it is; make it a list of { source, headers } and run fix again'],
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
      conflicts.push(`vercel.json: the "headers" of source ${JSON.stringify(a.source)} is not an array: kept as it is`);
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

/**
 * How portable the links of served Markdown are (agent-docs-spec 0.6.0 `markdown-link-portability`):
 * each link target is absolute (a scheme, `https://…`, `mailto:`), root-relative (`/docs/x.md`,
 * also `//host/x`, which needs the scheme of the base), path-relative (`x.md`, `../x`), or a
 * fragment of the same document (`#part`, which needs no base and is not counted). Reads inline
 * links and images `[text](target)`, reference definitions `[id]: target` and autolinks
 * `<https://…>`; code spans and fenced code blocks are skipped (their text is not a link).
 * The Markdown is the site's: bounded by MAX_CHARS, linear scans only.
 */

export type LinkClass = 'absolute' | 'root-relative' | 'path-relative' | 'fragment';

export interface MarkdownLinkCounts {
  absolute: number;
  rootRelative: number;
  pathRelative: number;
  /** Up to MAX_EXAMPLES targets of each relative class, as written. */
  examples: { rootRelative: string[]; pathRelative: string[] };
}

/** Markdown past this many characters is not read (the page fetch caps bodies at 2 MiB anyway). */
export const MAX_CHARS = 2_000_000;
const MAX_EXAMPLES = 3;
const MAX_EXAMPLE_CHARS = 80;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** `[text](target "title")` or `![alt](<target>)`: the target, up to whitespace or the closing paren. */
const INLINE = /\]\(\s*(<[^>\n]*>|[^\s()]+)/g;
/** `[id]: target` at the start of a line. */
const REFERENCE = /^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/;
const AUTOLINK = /<([a-z][a-z0-9+.-]*:[^\s<>]*)>/gi;
const CODE_SPAN = /`+[^`\n]*`+/g;

export function classifyLinkTarget(raw: string): LinkClass {
  const target = raw.startsWith('<') && raw.endsWith('>') ? raw.slice(1, -1) : raw;
  if (target.startsWith('#')) return 'fragment';
  if (target.startsWith('//') || target.startsWith('/')) return 'root-relative';
  if (SCHEME.test(target)) return 'absolute';
  return 'path-relative';
}

/** Counts the link targets of a Markdown document by how much of the base URL they need. */
export function classifyMarkdownLinks(markdown: string): MarkdownLinkCounts {
  const counts: MarkdownLinkCounts = { absolute: 0, rootRelative: 0, pathRelative: 0, examples: { rootRelative: [], pathRelative: [] } };
  const add = (target: string) => {
    const kind = classifyLinkTarget(target);
    if (kind === 'absolute') counts.absolute++;
    else if (kind === 'root-relative') {
      counts.rootRelative++;
      if (counts.examples.rootRelative.length < MAX_EXAMPLES) counts.examples.rootRelative.push(target.slice(0, MAX_EXAMPLE_CHARS));
    } else if (kind === 'path-relative') {
      counts.pathRelative++;
      if (counts.examples.pathRelative.length < MAX_EXAMPLES) counts.examples.pathRelative.push(target.slice(0, MAX_EXAMPLE_CHARS));
    }
  };
  let fence: string | null = null;
  for (const line of markdown.slice(0, MAX_CHARS).split('\n')) {
    const open = FENCE.exec(line);
    if (fence) {
      // A fence closes on a run of the same character at least as long (CommonMark).
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) fence = null;
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    if (/^( {4}|\t)/.test(line)) continue; // an indented code block
    const ref = REFERENCE.exec(line);
    if (ref) {
      add(ref[1]);
      continue;
    }
    const prose = line.replace(CODE_SPAN, '');
    for (const m of prose.matchAll(INLINE)) add(m[1]);
    for (const m of prose.matchAll(AUTOLINK)) add(m[1]);
  }
  return counts;
}

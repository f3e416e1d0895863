/**
 * The one merge table of `ai-ready fix`: how a file the owner already has takes what a guide
 * publishes, by file kind. The plan merges through it, records the kind on each change (the diff,
 * the JSON plan and MCP `get_fix_guide` read that record), so no reader derives it a second time.
 */
import type { RobotsLines } from '../../schema.js';
import type { HeaderFormat } from '../platforms/project-shape.js';
import { writeHeadersText, writeNetlifyToml, writeVercelJson, type HeaderWriter } from './merge-headers.js';
import { mergeJsonText } from './merge-json.js';
import { extendLinkList, mergeRobots, type Merged } from './merge-text.js';

/** How an existing file is merged; `create` is a file the project did not have. */
export const MERGE_KINDS = {
  create: 'a new file',
  'robots-groups': 'robots.txt lines: each rule joins the group of the same user agents, nothing removed',
  'link-list': 'llms.txt: new links go under their section, nothing removed',
  'json-keys': 'JSON: missing keys and items added, a value you set is kept',
  'header-rules': 'header rules added to the host file, those already there kept',
  'append-lines': 'the missing lines appended',
  'config-include': "a name added to the framework config's include list",
  'html-insert': "the HTML inserted in the page's <head> or <body>",
  refuse: 'an existing file is kept as it is; the difference is reported as a conflict',
} as const;
export type MergeKind = keyof typeof MERGE_KINDS;

interface FileKind {
  /** What the row is about, for docs and test names. */
  name: string;
  matches(path: string, content: string): boolean;
  merge: MergeKind;
}

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A published file's merge, first row that matches. llms-full.txt is the site's whole text, not a link list: kept. */
export const FILE_KINDS: readonly FileKind[] = [
  { name: 'robots.txt', matches: (p) => /(^|\/)robots\.txt$/i.test(p), merge: 'robots-groups' },
  { name: 'llms.txt', matches: (p) => /(^|\/)llms\.txt$/i.test(p), merge: 'link-list' },
  { name: 'llms-full.txt', matches: (p) => /(^|\/)llms-full\.txt$/i.test(p), merge: 'refuse' },
  { name: 'a JSON document', matches: (_p, content) => isJson(content), merge: 'json-keys' },
  { name: 'any other file', matches: () => true, merge: 'refuse' },
];

/** The merge of a published file at `path` whose new content is `content`. */
export function mergeKindOf(path: string, content: string): MergeKind {
  return (FILE_KINDS.find((k) => k.matches(path, content)) ?? FILE_KINDS[FILE_KINDS.length - 1]).merge;
}

/** The text merges of the table; the others are written by their own writer (header rules, config include) or refused. */
const TEXT_MERGES: Partial<Record<MergeKind, (had: string, add: string) => Merged>> = {
  'robots-groups': mergeRobots,
  'link-list': extendLinkList,
  'json-keys': mergeJsonText,
  'append-lines': (had, add) => ({ text: appendMissingLines(had, add), conflicts: [] }),
};

/**
 * `had` merged with `add` by `kind`; null when the kind keeps the owner's file (refuse). Robots
 * lines published as structure (`robots`) are merged from it, not from their text.
 */
export function mergeByKind(kind: MergeKind, had: string, add: string, robots?: RobotsLines): Merged | null {
  if (kind === 'robots-groups' && robots) return mergeRobots(had, robots);
  return TEXT_MERGES[kind]?.(had, add) ?? null;
}

/** The lines of `add` not yet in `had`, appended (a file of plain lines). */
function appendMissingLines(had: string, add: string): string {
  const have = new Set(had.split('\n').map((l) => l.trim()));
  const fresh = add.split('\n').filter((l) => l.trim() && !have.has(l.trim()));
  if (!fresh.length) return had;
  return `${had.replace(/\n*$/, had ? '\n' : '')}${fresh.join('\n')}\n`;
}

/**
 * How header rules merge into a host's file (the `header-rules` kind), by the file's format: a
 * header host (platforms/project-shape.ts `HeaderHost`) names the format of each of its files.
 */
export const HEADER_FORMATS: Record<HeaderFormat, HeaderWriter> = {
  // A { source, headers } block per path in "headers", merged as JSON text (a file with "routes" is a conflict).
  'vercel-json': writeVercelJson,
  // A [[headers]] table per path, appended.
  'netlify-toml': writeNetlifyToml,
  // The missing "Name: value" lines under their path line.
  'headers-text': writeHeadersText,
};

/** The kinds as a non-empty tuple (for a zod enum). */
export const MERGE_KIND_IDS = Object.keys(MERGE_KINDS) as [MergeKind, ...MergeKind[]];

/** Every kind with its words, for a schema description or --help. */
export const mergeKindsText = (): string =>
  Object.entries(MERGE_KINDS)
    .map(([k, says]) => `${k} = ${says}`)
    .join('; ');

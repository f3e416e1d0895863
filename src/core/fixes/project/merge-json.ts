/**
 * JSON merges that keep the owner's bytes: the owner's file is edited as text (jsonc-parser's
 * `modify`/`applyEdits`), never parsed and re-serialised, so number text (big integers, `1.50`,
 * `1e3`), duplicate keys, indentation, line endings and key order stay as the owner wrote them.
 * Only what is missing is added: a key not there, an array item whose identity is new; a value the
 * owner set differently is kept and reported. A file that is not JSON is a conflict, never rewritten.
 */
import { applyEdits, type Edit, getNodeValue, type JSONPath, type Node, type ParseError, parseTree } from 'jsonc-parser';

export interface Merged {
  text: string;
  conflicts: string[];
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The identity of an array item: its identifier, url, href or name, else the item itself. */
export function identity(v: unknown): string {
  if (isPlain(v)) for (const k of ['identifier', 'id', 'url', 'href', 'anchor', 'name', 'source']) if (typeof v[k] === 'string') return `${k}:${v[k]}`;
  return JSON.stringify(v);
}

/** The owner's JSON as a tree, or the reason it is not JSON (comments and trailing commas refused: a .json file has neither). */
export function jsonTree(text: string): { root: Node } | { error: string } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length || !root) return { error: 'is not valid JSON' };
  return { root };
}

/** Formatting the owner's file already uses: its indentation unit and line ending. */
export function formattingOf(text: string): { unit: string; eol: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return { unit: indent.startsWith('\t') ? '\t' : indent, eol };
}

/**
 * The edit that adds one member (`key` set) or item (`key` undefined) at the end of a container,
 * in the owner's style: on the same line when the container is on one line, else on its own line
 * with the owner's indentation. Only the inserted text is new; no byte of the owner's moves.
 */
function appendEdit(text: string, node: Node, key: string | undefined, value: unknown, f: { unit: string; eol: string }): Edit {
  const body = (v: unknown, depth: number) =>
    JSON.stringify(v, null, f.unit)
      .split('\n')
      .join(f.eol + f.unit.repeat(depth));
  const member = (v: string) => (key === undefined ? v : `${JSON.stringify(key)}: ${v}`);
  const own = text.slice(node.offset, node.offset + node.length);
  const last = node.children?.at(-1);
  const lineStart = text.lastIndexOf('\n', node.offset) + 1;
  const baseIndent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const depth = baseIndent.length / Math.max(1, f.unit.length);
  if (!own.includes('\n')) {
    const inline = member(JSON.stringify(value));
    if (last) return { offset: last.offset + last.length, length: 0, content: `, ${inline}` };
    return { offset: node.offset + 1, length: node.length - 2, content: inline };
  }
  const inner = baseIndent + f.unit;
  const item = member(body(value, Math.round(depth) + 1))
    .split(f.eol)
    .join(f.eol);
  if (last) return { offset: last.offset + last.length, length: 0, content: `,${f.eol}${inner}${item}` };
  return { offset: node.offset + 1, length: node.length - 2, content: `${f.eol}${inner}${item}${f.eol}${baseIndent}` };
}

const childAt = (node: Node, key: string): Node | undefined => {
  // Duplicate keys: the last one is the value JSON readers take.
  const props = (node.children ?? []).filter((p) => p.children?.[0]?.value === key);
  return props.at(-1)?.children?.[1];
};

const rawText = (text: string, node: Node) => text.slice(node.offset, node.offset + node.length);

/** The first edit the merge needs (a key or an item to add), or null when nothing is missing; conflicts collected once. */
function nextEdit(text: string, node: Node, add: unknown, path: JSONPath, conflicts: Set<string>): { node: Node; key?: string; value: unknown } | null {
  if (node.type === 'object' && isPlain(add)) {
    for (const [k, v] of Object.entries(add)) {
      const child = childAt(node, k);
      if (!child) return { node, key: k, value: v };
      const edit = nextEdit(text, child, v, [...path, k], conflicts);
      if (edit) return edit;
    }
    return null;
  }
  if (node.type === 'array' && Array.isArray(add)) {
    const items = node.children ?? [];
    for (const item of add) {
      const at = items.findIndex((n) => identity(getNodeValue(n)) === identity(item));
      if (at === -1) return { node, value: item };
      const edit = nextEdit(text, items[at], item, [...path, at], conflicts);
      if (edit) return edit;
    }
    return null;
  }
  if (JSON.stringify(getNodeValue(node)) !== JSON.stringify(add))
    conflicts.add(`${jsonPathText(path)} is ${rawText(text, node).slice(0, 80)}; the fix would set ${JSON.stringify(add).slice(0, 80)} (kept yours)`);
  return null;
}

const jsonPathText = (path: JSONPath) => `$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}`;

/** `add` (ai-ready's JSON) merged into the owner's JSON text, edited in place. */
export function mergeJsonText(existing: string, add: string): Merged {
  const conflicts = new Set<string>();
  const wanted: unknown = JSON.parse(add);
  const bom = existing.startsWith('\uFEFF') ? '\uFEFF' : '';
  const formattingOptions = formattingOf(existing);
  let text = existing.slice(bom.length);
  // One edit at a time, the tree read again after each: offsets stay right. Bounded by the size of `add`.
  for (let guard = 0; guard < 10_000; guard++) {
    const tree = jsonTree(text);
    if ('error' in tree) return { text: existing, conflicts: [`the file ${tree.error}: fix it first, then run fix again`] };
    const fits = (tree.root.type === 'object' && isPlain(wanted)) || (tree.root.type === 'array' && Array.isArray(wanted));
    if (!fits) return { text: existing, conflicts: [`the file holds a JSON ${tree.root.type}, not what the fix adds: kept as it is`] };
    const edit = nextEdit(text, tree.root, wanted, [], conflicts);
    if (!edit) break;
    text = applyEdits(text, [appendEdit(text, edit.node, edit.key, edit.value, formattingOptions)]);
  }
  return { text: bom + text, conflicts: [...conflicts] };
}

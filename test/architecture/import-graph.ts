/**
 * The project's import graph, read by the TypeScript compiler's own pre-processor (`ts.preProcessFile`):
 * every import and export-from, static or dynamic `import()`, whatever the quote style, in `.ts`
 * and `.tsx` files. Relative specifiers are resolved to files of the tree; packages are left out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript';

export type Graph = Map<string, Set<string>>;

const SOURCE = /\.tsx?$/;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The specifiers a file imports (static, dynamic, export-from, type-only alike). */
export function specifiersOf(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** A relative specifier as a path under `root` ('x.js' may name x.ts or x.tsx), or null for a package. */
export function resolveSpecifier(fromFile: string, spec: string, root: string, exists: (rel: string) => boolean): string | null {
  if (!spec.startsWith('.')) return null;
  const base = relative(root, normalize(join(dirname(join(root, fromFile)), spec)))
    .split(sep)
    .join('/');
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`]) if (exists(candidate)) return candidate;
  return base;
}

/** The graph of `files` (paths relative to `root`, '/'-separated) given a reader of their text. */
export function buildGraph(files: string[], read: (rel: string) => string, root = '/'): Graph {
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    for (const spec of specifiersOf(read(file))) {
      const to = resolveSpecifier(file, spec, root, (rel) => known.has(rel));
      if (to && to !== file) edges.add(to);
    }
    graph.set(file, edges);
  }
  return graph;
}

export function graphOfTree(root: string): Graph {
  const files = sourceFiles(root).map((f) => relative(root, f).split(sep).join('/'));
  return buildGraph(files, (rel) => readFileSync(join(root, rel), 'utf8'), root);
}

/** The graph with every node mapped through `group` (edges inside a group dropped). */
export function groupGraph(graph: Graph, group: (file: string) => string | null): Graph {
  const out: Graph = new Map();
  for (const [from, tos] of graph) {
    const g = group(from);
    if (g === null) continue;
    const edges = out.get(g) ?? out.set(g, new Set()).get(g)!;
    for (const to of tos) {
      const h = group(to);
      if (h !== null && h !== g) edges.add(h);
    }
  }
  return out;
}

/** Strongly connected components of more than one node (Tarjan): each is a circle of imports. */
export function circles(graph: Graph): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) strong(v);
  return out;
}

/** One shortest loop of imports from `start` back to itself inside its circle, for a readable failure. */
export function loopThrough(graph: Graph, start: string, within: Set<string>): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const n = queue.shift()!;
    for (const m of graph.get(n) ?? []) {
      if (!within.has(m)) continue;
      if (m === start) {
        const path = [n];
        while (path[0] !== start) path.unshift(prev.get(path[0])!);
        return [...path, start];
      }
      if (!prev.has(m)) prev.set(m, n), queue.push(m);
    }
  }
  return [start];
}

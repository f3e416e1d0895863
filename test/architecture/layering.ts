/** The layering rules of docs/architecture.md, as functions the layers test applies to src/ and to made-up trees. */
import { circles, groupGraph, loopThrough, type Graph } from './import-graph.js';

const topFolder = (file: string) => (file.includes('/') ? file.split('/')[0] : null);

/** Folder -> declared dependencies, in the table's order, from docs/architecture.md. */
export function declaredLayers(markdown: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of markdown.matchAll(/^\| `src\/(\w+)` \| .* \| ([^|]*) \|$/gm)) {
    const deps =
      m[2].trim() === '(nothing of ours)'
        ? []
        : m[2]
            .split(',')
            .map((d) => d.trim())
            .filter(Boolean);
    out.set(m[1], deps);
  }
  return out;
}

/** Everything wrong with `graph` against the declared layers: undeclared or stale edges, upward imports, loops. */
export function layeringProblems(graph: Graph, layers: Map<string, string[]>): string[] {
  const problems: string[] = [];
  const order = [...layers.keys()];
  const folders = groupGraph(graph, topFolder);
  for (const [folder, deps] of folders) {
    if (!layers.has(folder)) {
      problems.push(`src/${folder} is not in the table`);
      continue;
    }
    const declared = new Set(layers.get(folder));
    for (const d of deps) {
      if (order.indexOf(d) > order.indexOf(folder)) problems.push(`upward: ${folder} imports ${d}, which comes later in the table`);
      if (!declared.has(d)) problems.push(`undeclared: ${folder} imports ${d}`);
    }
    for (const d of declared) if (!deps.has(d)) problems.push(`stale: the table says ${folder} depends on ${d}, the code does not`);
  }
  for (const c of circles(folders)) problems.push(`folder loop: ${loopThrough(folders, c[0], new Set(c)).join(' -> ')}`);
  for (const c of circles(graph)) problems.push(`file loop: ${loopThrough(graph, c[0], new Set(c)).join(' -> ')}`);
  return problems;
}

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

/** Core's floors, from the "Inside `src/core`" table of docs/architecture.md: unit ('checks/', 'scan.ts') -> floor (1 = ground). */
export function declaredCoreFloors(markdown: string): Map<string, number> {
  const section = markdown.split(/^### Inside `src\/core`/m)[1]?.split(/^## /m)[0] ?? '';
  const out = new Map<string, number>();
  for (const m of section.matchAll(/^\| (\d+) \| (.*) \|$/gm)) for (const unit of m[2].matchAll(/`([^`]+)`/g)) out.set(unit[1], Number(m[1]));
  return out;
}

/** The unit of core a file belongs to: its subfolder ('checks/') or, at core's top, the file itself; null outside core. */
export function coreUnit(file: string): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'core' || parts.length < 2) return null;
  return parts.length > 2 ? `${parts[1]}/` : parts[1];
}

const DOWN_THE_STAIRS = 'move what both need down to a lower floor, or hand the value in from above (docs/architecture.md, "Inside `src/core`")';

/**
 * Everything wrong with core against its floors: a unit missing from the table or gone from the
 * tree, and each import that runs up or sideways (one line per pair of units, naming its first file).
 */
export function coreFloorProblems(graph: Graph, floors: Map<string, number>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const unlisted = new Set<string>();
  const crossings = new Map<string, { from: string; to: string; count: number }>();
  for (const [from, tos] of graph) {
    const unit = coreUnit(from);
    if (unit === null) continue;
    seen.add(unit);
    if (!floors.has(unit)) {
      unlisted.add(unit);
      continue;
    }
    for (const to of tos) {
      const target = coreUnit(to);
      if (target === null || target === unit || !floors.has(target)) continue;
      if (floors.get(target)! < floors.get(unit)!) continue;
      const key = `${unit} -> ${target}`;
      const c = crossings.get(key) ?? crossings.set(key, { from, to, count: 0 }).get(key)!;
      c.count++;
    }
  }
  for (const unit of unlisted) problems.push(`core/${unit} is not in the table of core's floors: add it on the floor above everything it imports`);
  for (const [key, c] of crossings) {
    const [unit, target] = key.split(' -> ');
    const [fu, ft] = [floors.get(unit)!, floors.get(target)!];
    const how =
      ft === fu ? `sideways: core/${target} stands on the same floor (${ft})` : `upward: core/${target} stands on floor ${ft}, above core/${unit} (${fu})`;
    const more = c.count > 1 ? ` (and ${c.count - 1} more import(s) from core/${unit} to core/${target})` : '';
    problems.push(`${how}, yet ${c.from} imports ${c.to}${more}: ${DOWN_THE_STAIRS}`);
  }
  for (const unit of floors.keys()) if (!seen.has(unit)) problems.push(`core/${unit} is in the table of core's floors but not in src/core`);
  return problems;
}

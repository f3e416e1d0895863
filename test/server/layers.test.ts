/**
 * The layering of docs/architecture.md, read from the import statements of src/: no two top-level
 * folders import each other (directly or around a loop), and on the server side only the
 * executor (src/runner) and the door (src/service) reach the engine's scan().
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

const SRC = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative imports of a file (static and dynamic), as paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specs.map((s) => relative(SRC, normalize(join(dirname(file), s))));
}

const folderOf = (path: string) => path.split(sep)[0];
const files = sourceFiles(SRC).map((f) => ({ path: relative(SRC, f), imports: importsOf(f) }));

describe('layers', () => {
  it('has no import cycle between top-level folders', () => {
    const graph = new Map<string, Set<string>>();
    for (const f of files) {
      const from = folderOf(f.path);
      for (const i of f.imports) {
        const to = folderOf(i);
        if (to !== from && !to.endsWith('.js')) (graph.get(from) ?? graph.set(from, new Set()).get(from)!).add(to);
      }
    }
    const cycles: string[] = [];
    const visit = (node: string, path: string[]) => {
      for (const next of graph.get(node) ?? []) {
        if (path.includes(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(' -> '));
        else visit(next, [...path, next]);
      }
    };
    for (const node of graph.keys()) visit(node, [node]);
    expect(cycles).toEqual([]);
  });

  it('lets only the runner and the ScanService call the engine on the server side', () => {
    const callers = files
      .filter((f) => ['server', 'mcp', 'monitor', 'oauth'].includes(folderOf(f.path)))
      .filter((f) => f.imports.some((i) => i === join('core', 'scan.js')))
      .map((f) => f.path);
    expect(callers).toEqual([]);
  });
});

/**
 * The layering of docs/architecture.md, read from the TypeScript import graph of src/ (every
 * import, export-from and import(), any quote style, .ts and .tsx): the folder table is the
 * declaration, and the code must match it; no folder imports one that comes later in the table; no
 * two folders and no two files import each other around a loop (core's own subfolders included);
 * on the server side only the executor (src/runner) and the door (src/service) reach scan().
 * Inside core, each subfolder and top file stands on a declared floor (the "Inside `src/core`"
 * table) and imports only lower floors.
 * The checker is proven on small made-up trees first: an upward import, a double-quoted cycle, a
 * cycle inside core and a .tsx file are each caught.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGraph, graphOfTree } from './import-graph.js';
import { coreFloorProblems, declaredCoreFloors, declaredLayers, layeringProblems } from './layering.js';

const SRC = new URL('../../src', import.meta.url).pathname;
const topFolder = (file: string) => (file.includes('/') ? file.split('/')[0] : null);

const tree = (files: Record<string, string>) => buildGraph(Object.keys(files), (f) => files[f]);
const LAYERS = new Map([
  ['core', []],
  ['format', ['core']],
  ['cli', ['core', 'format']],
]);

describe('the layering checker', () => {
  const clean = {
    'core/a.ts': 'export const a = 1;',
    'core/b/x.ts': "import { a } from '../a.js';",
    'format/f.ts': "import { a } from '../core/a.js';",
    'cli/c.tsx': "import { f } from '../format/f.js';\nimport { a } from '../core/a.js';",
  };

  it('accepts a tree that follows the table', () => {
    expect(layeringProblems(tree(clean), LAYERS)).toEqual([]);
  });

  it('catches an injected upward import', () => {
    const problems = layeringProblems(tree({ ...clean, 'core/a.ts': "import { c } from '../cli/c.js';" }), LAYERS);
    expect(problems).toContain('upward: core imports cli, which comes later in the table');
  });

  it('catches a cycle written with double quotes and a dynamic import', () => {
    const problems = layeringProblems(
      tree({ ...clean, 'format/f.ts': 'import { a } from "../core/a.js";', 'core/a.ts': 'export const load = () => import("../format/f.js");' }),
      LAYERS,
    );
    expect(problems.some((p) => p.startsWith('folder loop:') && p.includes('core') && p.includes('format'))).toBe(true);
    expect(problems).toContain('file loop: core/a.ts -> format/f.ts -> core/a.ts');
  });

  it('catches a cycle inside core, between its own subfolders', () => {
    const problems = layeringProblems(tree({ ...clean, 'core/a.ts': "import type { X } from './b/x.js';" }), LAYERS);
    expect(problems).toContain('file loop: core/a.ts -> core/b/x.ts -> core/a.ts');
  });

  it('reads .tsx files and export-from, and names stale table rows', () => {
    const problems = layeringProblems(tree({ ...clean, 'cli/c.tsx': "export { f } from '../format/f.js';" }), LAYERS);
    expect(problems).toEqual(['stale: the table says cli depends on core, the code does not']);
  });
});

describe('the floors checker of core', () => {
  const FLOORS = new Map([
    ['errors.ts', 1],
    ['gather/', 2],
    ['render/', 3],
    ['checks/', 4],
  ]);
  const core = {
    'core/errors.ts': 'export class E {}',
    'core/gather/context.ts': "import { E } from '../errors.js';",
    'core/render/session.ts': "import type { C } from '../gather/context.js';",
    'core/checks/types.ts': "import type { C } from '../gather/context.js';\nimport { s } from '../render/session.js';",
  };

  it('accepts a core whose units import only lower floors', () => {
    expect(coreFloorProblems(tree(core), FLOORS)).toEqual([]);
  });

  it('names an upward import with its file and what to do', () => {
    const problems = coreFloorProblems(tree({ ...core, 'core/gather/context.ts': "import type { T } from '../checks/types.js';" }), FLOORS);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^upward: core\/checks\/ stands on floor 4, above core\/gather\/ \(2\), yet core\/gather\/context\.ts imports core\/checks\/types\.ts: move what both need down/,
    );
  });

  it('names a sideways import between units of one floor, counting the others', () => {
    const problems = coreFloorProblems(
      tree({
        ...core,
        'core/render/session.ts': 'export const s = 1;',
        'core/gather/a.ts': "import { s } from '../render/session.js';",
        'core/gather/b.ts': "import('../render/session.js');",
      }),
      new Map([...FLOORS, ['render/', 2]]),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^sideways: core\/render\/ stands on the same floor \(2\), yet core\/gather\/a\.ts imports core\/render\/session\.ts \(and 1 more import\(s\) from core\/gather\/ to core\/render\/\)/,
      ),
    ]);
  });

  it('names a unit missing from the table and a row naming nothing', () => {
    const problems = coreFloorProblems(tree({ ...core, 'core/new-thing.ts': 'export const n = 1;' }), new Map([...FLOORS, ['gone/', 1]]));
    expect(problems).toEqual([
      "core/new-thing.ts is not in the table of core's floors: add it on the floor above everything it imports",
      "core/gone/ is in the table of core's floors but not in src/core",
    ]);
  });
});

describe('the layers of src/', () => {
  const graph = graphOfTree(SRC);
  const layers = declaredLayers(readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8'));

  it('reads the table of docs/architecture.md', () => {
    expect([...layers.keys()]).toEqual(['core', 'format', 'runner', 'store', 'service', 'monitor', 'oauth', 'mcp', 'server', 'cli']);
  });

  it('matches the table, with no upward import and no loop of folders or files', () => {
    expect(layeringProblems(graph, layers)).toEqual([]);
  });

  it("reads core's floors from docs/architecture.md", () => {
    const floors = declaredCoreFloors(readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8'));
    expect(floors.get('scan.ts')).toBe(Math.max(...floors.values()));
    expect(floors.get('checks/')).toBeGreaterThan(floors.get('fixes/')!);
    expect(floors.size).toBeGreaterThan(20);
  });

  it("keeps core's units on their floors: no import runs up or sideways", () => {
    const floors = declaredCoreFloors(readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8'));
    expect(coreFloorProblems(graph, floors)).toEqual([]);
  });

  it('lets only the runner and the ScanService call the engine on the server side', () => {
    const callers = [...graph]
      .filter(([file, tos]) => ['server', 'mcp', 'monitor', 'oauth'].includes(topFolder(file) ?? '') && tos.has('core/scan.ts'))
      .map(([file]) => file);
    expect(callers).toEqual([]);
  });
});

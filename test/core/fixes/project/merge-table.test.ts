/**
 * The one merge table: for every kind of file a guide publishes, what MCP `get_fix_guide` says
 * ("create, or merge: <kind>") is what `ai-ready fix` does when the project already has the file:
 * a kept file (refuse) is a conflict, a merged file keeps the owner's lines and adds the guide's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FixStep } from '../../../../src/core/schema.js';
import { detectFramework } from '../../../../src/core/fixes/project/frameworks.js';
import { FILE_KINDS, MERGE_KINDS } from '../../../../src/core/fixes/project/merge-table.js';
import { planFixes } from '../../../../src/core/fixes/project/plan.js';
import { projectGuide } from '../../../../src/core/fixes/project/project-guide.js';
import { tempDir } from '../../../helpers/temp-dir.js';

/** One published file per row of the table: its URL path, the owner's text, the guide's text. */
const SAMPLES: Record<string, { path: string; owner: string; guide: string; contentType: string; marks: string[] }> = {
  'robots.txt': {
    path: '/robots.txt',
    owner: 'User-agent: *\nDisallow: /private\n',
    guide: 'User-agent: GPTBot\nAllow: /\n',
    contentType: 'text/plain',
    marks: ['Disallow: /private', 'User-agent: GPTBot'],
  },
  'llms.txt': {
    path: '/llms.txt',
    owner: '# Acme\n\n## Docs\n\n- [Home](https://acme.test/)\n',
    guide: '# Acme\n\n## Docs\n\n- [About](https://acme.test/about)\n',
    contentType: 'text/plain',
    marks: ['(https://acme.test/)', '(https://acme.test/about)'],
  },
  'llms-full.txt': { path: '/llms-full.txt', owner: '# Acme\n\nOur whole text.\n', guide: '# Acme\n\nAnother text.\n', contentType: 'text/plain', marks: [] },
  'a JSON document': {
    path: '/.well-known/api-catalog',
    owner: '{"linkset":[{"anchor":"https://acme.test/a"}]}\n',
    guide: '{"linkset":[{"anchor":"https://acme.test/b"}]}',
    contentType: 'application/linkset+json',
    marks: ['acme.test/a', 'acme.test/b'],
  },
  'any other file': { path: '/agents.md', owner: 'Our agents.\n', guide: 'Other words.\n', contentType: 'text/markdown', marks: [] },
};

function step(s: (typeof SAMPLES)[string]): FixStep {
  return { title: `Publish ${s.path}`, source: 'site', publish: { kind: 'file', path: s.path, contentType: s.contentType, content: s.guide } };
}

describe('the merge table', () => {
  it('has a sample for every row, and every row names a declared kind', () => {
    expect(FILE_KINDS.map((k) => k.name).sort()).toEqual(Object.keys(SAMPLES).sort());
    for (const k of FILE_KINDS) expect(Object.keys(MERGE_KINDS)).toContain(k.merge);
  });

  for (const kind of FILE_KINDS) {
    it(`${kind.name}: get_fix_guide names the merge the writer does`, () => {
      const sample = SAMPLES[kind.name];
      const check = { id: 'D9', name: 'A file', steps: [step(sample)] };
      const said = projectGuide(check, 'static')?.files.find((f) => f.path === sample.path.slice(1))?.merge;
      expect(said).toBe(kind.merge);

      const dir = tempDir('ai-ready-merge-table-');
      writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>\n');
      const file = sample.path.slice(1);
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), sample.owner);
      const plan = planFixes(
        { url: 'https://acme.test/', checks: [{ id: 'D9', name: 'A file', status: 'fail', weight: 1, earned: 0, fixGuide: check.steps }] },
        { dir, framework: detectFramework(dir), host: 'none' },
      );
      const change = plan.files.find((f) => f.file === file);
      if (said === 'refuse') {
        expect(change).toBeUndefined();
        expect(plan.checks[0].conflicts.join('\n')).toContain(file);
      } else {
        expect(change?.merge).toBe(said);
        // The owner's words stay and the guide's arrive.
        for (const mark of sample.marks) expect(change?.after).toContain(mark);
        expect(plan.checks[0].conflicts).toEqual([]);
      }
    });
  }
});

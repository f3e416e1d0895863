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
import { FILE_KINDS, HEADER_FORMATS, MERGE_KINDS } from '../../../../src/core/fixes/project/merge-table.js';
import { HEADER_HOST_PACKS } from '../../../../src/core/fixes/project/headers-place.js';
import type { HeaderFormat } from '../../../../src/core/fixes/platforms/project-shape.js';
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

/** An owner's host file of each format: its text, and what of it must stay. */
const OWNER_HEADER_FILES: Record<HeaderFormat, { owner: string; marks: string[] }> = {
  'vercel-json': { owner: '{\n  "cleanUrls": true\n}\n', marks: ['"cleanUrls": true'] },
  'netlify-toml': { owner: '[build]\n  publish = "public"\n', marks: ['[build]\n  publish = "public"'] },
  'headers-text': { owner: '/assets/*\n  Cache-Control: max-age=60\n', marks: ['/assets/*\n  Cache-Control: max-age=60'] },
};

describe('header host files in the merge table', () => {
  const headerStep: FixStep = {
    title: 'Send X-Content-Type-Options',
    source: 'site',
    publish: { kind: 'header', path: '/', name: 'X-Content-Type-Options', value: 'nosniff' },
  };
  const files = HEADER_HOST_PACKS.flatMap(({ host }) => host.files.map((f) => [host.id, f] as const));

  it('has a row for every format a header host declares', () => {
    for (const [, f] of files) expect(Object.keys(HEADER_FORMATS)).toContain(f.format);
  });

  for (const [id, f] of files) {
    const name = typeof f.path === 'string' ? f.path : f.path('public');
    it(`--host ${id}, ${name}: the rule is merged into the owner's file by its format's row, once`, () => {
      const dir = tempDir('ai-ready-merge-headers-');
      mkdirSync(join(dir, 'public'), { recursive: true });
      writeFileSync(join(dir, 'public/index.html'), '<!doctype html><html><head></head><body></body></html>\n');
      writeFileSync(join(dir, name), OWNER_HEADER_FILES[f.format].owner);
      const plan = () =>
        planFixes(
          { url: 'https://acme.test/', checks: [{ id: 'D3', name: 'A header', status: 'fail', weight: 1, earned: 0, fixGuide: [headerStep] }] },
          { dir, framework: detectFramework(dir), host: id },
        );
      const first = plan();
      expect(first.headers).toMatchObject({ host: id, file: name, format: f.format });
      const change = first.files.find((c) => c.file === name);
      expect(change?.merge).toBe('header-rules');
      for (const mark of OWNER_HEADER_FILES[f.format].marks) expect(change?.after).toContain(mark);
      expect(change?.after).toMatch(/X-Content-Type-Options[\s\S]*nosniff/);
      expect(first.checks[0].conflicts).toEqual([]);
      // The file as written takes the same rule again unchanged.
      writeFileSync(join(dir, name), change!.after);
      expect(plan().files.find((c) => c.file === name)).toBeUndefined();
    });
  }
});

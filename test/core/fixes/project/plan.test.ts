/**
 * The plan on project folders made here: framework detection (Nuxt 2, VitePress's source folder,
 * older Hugo, a static folder in public/), HTML a guide adds written into a plain static folder's
 * pages (and only there), and a JSON value the owner set kept and reported.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFramework, ProjectError } from '../../../../src/core/fixes/project/frameworks.js';
import { planFixes, valueCounts, type PlanCheck } from '../../../../src/core/fixes/project/plan.js';
import type { FixStep } from '../../../../src/core/schema.js';
import { tempDir } from '../../../helpers/temp-dir.js';

function project(files: Record<string, string>): string {
  const dir = tempDir('ai-ready-plan-');
  for (const [f, t] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), t);
  }
  return dir;
}

const check = (id: string, steps: FixStep[]): PlanCheck => ({ id, name: id, status: 'fail', weight: 5, earned: 0, fixGuide: steps });
const PAGE = '<!doctype html><html><head><title>x</title></head><body><h1>x</h1></body></html>';

describe('detectFramework', () => {
  it('reads versions and layouts', () => {
    expect(detectFramework(project({ 'package.json': '{"dependencies":{"nuxt":"^2.17.0"}}' })).staticDir).toBe('static');
    expect(detectFramework(project({ 'package.json': '{"dependencies":{"nuxt":"^3.13.0"}}' })).staticDir).toBe('public');
    expect(detectFramework(project({ 'package.json': '{"devDependencies":{"vitepress":"1"}}', '.vitepress/config.mts': '' })).staticDir).toBe('public');
    expect(detectFramework(project({ 'package.json': '{"devDependencies":{"vitepress":"1"}}', 'docs/.vitepress/config.mts': '' })).staticDir).toBe(
      'docs/public',
    );
    expect(detectFramework(project({ 'config.toml': 'title="x"', 'layouts/index.html': '' })).id).toBe('hugo');
    expect(detectFramework(project({ 'public/index.html': PAGE })).staticDir).toBe('public');
    // A Docusaurus site depends on React too: the most specific framework wins.
    expect(detectFramework(project({ 'package.json': '{"dependencies":{"react":"18","@docusaurus/core":"3"}}' })).id).toBe('docusaurus');
    expect(() => detectFramework(project({ 'notes.txt': '' }))).toThrow(ProjectError);
  });
});

describe('planFixes', () => {
  const headLink: FixStep = {
    title: 'Link llms.txt',
    source: 'site',
    publish: { kind: 'html', path: '/', where: 'head', content: '<link rel="alternate" type="text/markdown" href="/llms.txt">' },
  };

  it("writes a guide's <head> HTML into every page of a plain static folder, once", () => {
    const dir = project({ 'index.html': PAGE, 'docs/guide.html': PAGE, 'node_modules/x/index.html': PAGE, 'llms.txt': '# Acme\n' });
    const framework = detectFramework(dir);
    const plan = planFixes({ url: 'https://acme.test/', checks: [check('D6', [headLink])] }, { dir, framework });
    expect(plan.files.map((f) => f.file).sort()).toEqual(['docs/guide.html', 'index.html']);
    for (const f of plan.files) expect(f.after).toMatch(/<link rel="alternate" type="text\/markdown" href="\/llms.txt">\n<\/head>/);
    // Written, the plan on the new pages changes nothing.
    for (const f of plan.files) writeFileSync(join(dir, f.file), f.after);
    expect(planFixes({ url: 'https://acme.test/', checks: [check('D6', [headLink])] }, { dir, framework }).files).toEqual([]);
  });

  it('counts the values it writes by source, once each, and writes no step holding an example value', () => {
    const dir = project({ 'index.html': PAGE });
    const framework = detectFramework(dir);
    const llms: FixStep = {
      title: 'Publish /llms.txt',
      source: 'site',
      publish: { kind: 'file', path: '/llms.txt', contentType: 'text/plain', content: '# Harbour\n\n- [Tides](https://harbour.test/tides)\n' },
      values: [
        { name: 'siteName', value: 'Harbour', source: 'site' },
        { name: 'page /tides url', value: 'https://harbour.test/tides', source: 'owner' },
      ],
    };
    const twin: FixStep = {
      title: 'Publish /index.md',
      source: 'site',
      publish: { kind: 'file', path: '/index.md', contentType: 'text/markdown', content: '# Harbour\n' },
      values: [{ name: 'siteName', value: 'Harbour', source: 'site' }],
    };
    // Marked `site` as a whole, but one of its values is a sample: an example, not written.
    const mixed: FixStep = {
      title: 'Publish /about.md',
      source: 'site',
      publish: { kind: 'file', path: '/about.md', contentType: 'text/markdown', content: '# Example Co\n' },
      values: [{ name: 'siteName', value: 'Example Co', source: 'example' }],
    };
    const plan = planFixes({ url: 'https://harbour.test/', checks: [check('D4', [llms]), check('C2', [twin, mixed])] }, { dir, framework });
    expect(plan.files.map((f) => f.file).sort()).toEqual(['index.md', 'llms.txt']);
    expect(plan.checks.find((c) => c.id === 'C2')?.examples).toEqual(['Publish /about.md']);
    expect(valueCounts(plan)).toEqual({ site: 1, owner: 1, example: 0 });
    // Written, nothing changes: no value is counted.
    for (const f of plan.files) writeFileSync(join(dir, f.file), f.after);
    expect(valueCounts(planFixes({ url: 'https://harbour.test/', checks: [check('D4', [llms])] }, { dir, framework }))).toEqual({
      site: 0,
      owner: 0,
      example: 0,
    });
  });

  it('plans only the checks --only names: by id, or every check of a named dimension', () => {
    const dir = project({ 'index.html': PAGE });
    const framework = detectFramework(dir);
    const checks: PlanCheck[] = [
      { ...check('D6', [headLink]), dimension: 'discoverability' },
      { ...check('B1', [headLink]), dimension: 'bot_access' },
      { ...check('B2', [headLink]), dimension: 'bot_access' },
    ];
    const planned = (only?: string[]) =>
      planFixes({ url: 'https://acme.test/', checks }, { dir, framework, only })
        .checks.map((c) => c.id)
        .sort();
    expect(planned()).toEqual(['B1', 'B2', 'D6']);
    expect(planned(['D6'])).toEqual(['D6']);
    expect(planned(['bot_access'])).toEqual(['B1', 'B2']);
    expect(planned(['bot_access', 'D6'])).toEqual(['B1', 'B2', 'D6']);
    expect(planned(['content'])).toEqual([]);
  });

  it('notes the Eleventy passthrough only when the config does not copy public/ yet', () => {
    const robots: FixStep = {
      title: 'robots',
      source: 'site',
      publish: { kind: 'file', path: '/robots.txt', contentType: 'text/plain', content: 'User-agent: *\nAllow: /\n' },
    };
    const bare = project({ 'package.json': '{"devDependencies":{"@11ty/eleventy":"3"}}', 'eleventy.config.js': 'export default function (c) {}\n' });
    const note = (dir: string) =>
      planFixes({ url: 'https://acme.test/', checks: [check('D1', [robots])] }, { dir, framework: detectFramework(dir) }).checks[0].manual.map((m) => m.title);
    expect(note(bare)).toEqual(['Eleventy copies public/ only when the config passes it through']);
    const copies = project({
      'package.json': '{"devDependencies":{"@11ty/eleventy":"3"}}',
      'eleventy.config.js': "export default function (c) { c.addPassthroughCopy({ 'public': '/' }); }\n",
    });
    expect(note(copies)).toEqual([]);
  });

  it('prints HTML for a framework layout instead of guessing where it goes', () => {
    const dir = project({ 'package.json': '{"dependencies":{"@sveltejs/kit":"2"}}', 'src/app.html': PAGE, 'static/llms.txt': '# Acme\n' });
    const plan = planFixes({ url: 'https://acme.test/', checks: [check('D6', [headLink])] }, { dir, framework: detectFramework(dir) });
    expect(plan.files).toEqual([]);
    expect(plan.checks[0].manual[0].title).toMatch(/src\/app\.html/);
  });

  it('writes no link to a file that neither the site serves nor the plan publishes (a link to a 404)', () => {
    const dir = project({ 'index.html': PAGE });
    const framework = detectFramework(dir);
    const linkHeader: FixStep = {
      title: 'Link',
      source: 'site',
      publish: { kind: 'header', path: '/', name: 'Link', value: '</llms.txt>; rel="describedby"' },
    };
    const missing = planFixes({ url: 'https://acme.test/', checks: [check('D6', [headLink]), check('D3', [linkHeader])] }, { dir, framework, host: 'netlify' });
    expect(missing.files).toEqual([]);
    expect(missing.checks.flatMap((c) => c.manual.map((m) => m.title))).toEqual([
      'Not written: the HTML points at /llms.txt, which the site does not serve yet',
      'Not written: the Link header points at /llms.txt, which the site does not serve yet',
    ]);
    // The scan saw /llms.txt answer on the site: the links are written.
    const probes = [{ url: 'https://acme.test/llms.txt', status: 200 }] as never;
    const served = planFixes(
      { url: 'https://acme.test/', checks: [{ ...check('D6', [headLink]), probes }, check('D3', [linkHeader])] },
      { dir, framework, host: 'netlify' },
    );
    expect(served.files.map((f) => f.file).sort()).toEqual(['_headers', 'index.html']);
  });

  it('keeps a JSON value the owner set and reports it; a step that needs an owner value is not written', () => {
    const dir = project({ 'index.html': PAGE, '.well-known/agent-card.json': '{"name":"Acme agent","skills":[{"id":"quote"}]}' });
    const plan = planFixes(
      {
        url: 'https://acme.test/',
        checks: [
          check('A5', [
            {
              title: 'card',
              source: 'owner',
              publish: {
                kind: 'file',
                path: '/.well-known/agent-card.json',
                contentType: 'application/json',
                content: '{"name":"Example agent","skills":[{"id":"quote"},{"id":"track"}]}',
              },
            },
            { title: 'endpoint', needs: ['a2aEndpoint'], publish: { kind: 'file', path: '/a2a.json', contentType: 'application/json', content: '{}' } },
          ]),
        ],
      },
      { dir, framework: detectFramework(dir) },
    );
    const card = JSON.parse(plan.files.find((f) => f.file === '.well-known/agent-card.json')!.after);
    expect(card).toEqual({ name: 'Acme agent', skills: [{ id: 'quote' }, { id: 'track' }] });
    expect(plan.checks[0].conflicts.join(' ')).toMatch(/\$\.name is "Acme agent"/);
    expect(plan.files.some((f) => f.file === 'a2a.json')).toBe(false);
    expect(plan.checks[0].needs.map((n) => n.value)).toEqual(['a2aEndpoint']);
  });

  it('writes only values from the site or the owner: an example is listed, never written; a check with only examples is not offered', () => {
    const dir = project({ 'index.html': PAGE });
    const framework = detectFramework(dir);
    const file = (source: FixStep['source'], path: string): FixStep => ({
      title: `publish ${path}`,
      ...(source ? { source } : {}),
      publish: { kind: 'file', path, contentType: 'text/plain', content: `from ${source}` },
    });
    const plan = planFixes(
      {
        url: 'https://acme.test/',
        checks: [
          check('D4', [file('site', '/llms.txt'), file('example', '/sample.txt')]),
          check('A6', [file('example', '/skill.md')]),
          check('A8', [file(undefined, '/openapi.txt')]),
          check('B2', [{ ...file('example', '/robots.txt'), needs: ['contentSignal'] }]),
        ],
      },
      { dir, framework },
    );
    expect(plan.files.map((f) => f.file)).toEqual(['llms.txt']);
    expect(plan.checks.map((c) => c.id)).toEqual(['D4', 'B2']);
    expect(plan.checks[0].examples).toEqual(['publish /sample.txt']);
    expect(plan.checks[1].needs.map((n) => n.value)).toEqual(['contentSignal']);
    // A step that does not say where its values come from is treated as an example.
    expect(plan.notOffered.map((c) => c.id)).toEqual(['A6', 'A8']);
  });
});

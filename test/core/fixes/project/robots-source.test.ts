/**
 * Framework-aware robots.txt: where the owner's robots.txt comes from elsewhere (Next.js
 * app/robots.ts, Nuxt's and Astro's robots modules, Eleventy's root file passed through), fix
 * never writes a second one in the static folder.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FixStep } from '../../../../src/core/schema.js';
import { detectFramework } from '../../../../src/core/fixes/project/frameworks.js';
import { planFixes } from '../../../../src/core/fixes/project/plan.js';
import { writePlan } from '../../../../src/core/fixes/project/write.js';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ai-ready-robots-src-'));
  made.push(dir);
  for (const [f, t] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), t);
  }
  return dir;
}
const ROBOTS: FixStep = { title: 'robots', source: 'owner', publish: { kind: 'lines', path: '/robots.txt', content: 'User-agent: *\nDisallow: /drafts/\n' } };
const plan = (dir: string) =>
  planFixes(
    { url: 'http://127.0.0.1:1/', checks: [{ id: 'D1', name: 'robots', status: 'fail', weight: 5, earned: 0, fixGuide: [ROBOTS] }] },
    { dir, framework: detectFramework(dir) },
  );
const pkg = (deps: Record<string, string>) => JSON.stringify({ dependencies: deps });

describe('robots.txt from another source', () => {
  const printed: Array<[string, Record<string, string>, RegExp]> = [
    [
      'Next.js app/robots.ts',
      { 'package.json': pkg({ next: '15' }), 'app/robots.ts': 'export default function robots() { return { rules: [] }; }\n' },
      /app\/robots\.ts/,
    ],
    [
      'Next.js src/app/robots.js',
      { 'package.json': pkg({ next: '15' }), 'src/app/robots.js': 'export default () => ({ rules: [] });\n' },
      /src\/app\/robots\.js/,
    ],
    [
      'Nuxt @nuxtjs/robots',
      { 'package.json': pkg({ nuxt: '^3.13.0' }), 'nuxt.config.ts': "export default defineNuxtConfig({ modules: ['@nuxtjs/robots'] });\n" },
      /nuxt\.config\.ts/,
    ],
    [
      'Astro astro-robots-txt',
      {
        'package.json': pkg({ astro: '4' }),
        'astro.config.mjs': "import robotsTxt from 'astro-robots-txt';\nexport default { integrations: [robotsTxt()] };\n",
      },
      /astro-robots-txt/,
    ],
  ];
  for (const [name, files, where] of printed)
    it(`${name}: prints the rules as a manual step, writes no robots.txt`, () => {
      const dir = project(files);
      const p = plan(dir);
      expect(p.files).toEqual([]);
      expect(p.checks[0].manual[0].title).toMatch(where);
      expect(p.checks[0].manual[0].text).toContain('Disallow: /drafts/');
    });

  it('Eleventy: merges into the root robots.txt its config passes through, none in public/', () => {
    const dir = project({
      'package.json': pkg({ '@11ty/eleventy': '3' }),
      'eleventy.config.js': 'export default function (c) { c.addPassthroughCopy("robots.txt"); }\n',
      'robots.txt': 'User-agent: *\nDisallow: /private/\n',
    });
    const p = plan(dir);
    expect(p.files.map((f) => f.file)).toEqual(['robots.txt']);
    expect(p.files[0].after).toBe('User-agent: *\nDisallow: /private/\nDisallow: /drafts/\n');
    writePlan(dir, p);
    expect(existsSync(join(dir, 'public/robots.txt'))).toBe(false);
  });

  it('a plain Next.js project still gets public/robots.txt', () => {
    const dir = project({ 'package.json': pkg({ next: '15' }) });
    expect(plan(dir).files.map((f) => f.file)).toEqual(['public/robots.txt']);
  });
});

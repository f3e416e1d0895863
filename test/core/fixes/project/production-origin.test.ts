/**
 * The production origin read from each framework's config as text: a literal where the framework
 * documents it; absent, commented out, built from code, or a local address: nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { stripJsComments } from '../../../../src/core/fixes/platforms/config-values.js';
import type { ProjectId } from '../../../../src/core/fixes/platforms/index.js';
import { configOrigin } from '../../../../src/core/fixes/project/production-origin.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ai-ready-origin-'));
  made.push(dir);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}

const CASES: Array<[framework: ProjectId, file: string, positive: string, expected: string, commented: string]> = [
  [
    'astro',
    'astro.config.mjs',
    "import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: 'https://harbour.test', base: '/docs' });\n",
    'https://harbour.test/docs',
    "export default defineConfig({\n  // site: 'https://harbour.test',\n});\n",
  ],
  [
    'docusaurus',
    'docusaurus.config.js',
    "module.exports = { title: 'Quill', url: 'https://quill.test', baseUrl: '/guide/' };\n",
    'https://quill.test/guide',
    "module.exports = { title: 'Quill', /* url: 'https://quill.test', */ baseUrl: '/' };\n",
  ],
  [
    'hugo',
    'hugo.toml',
    "baseURL = 'https://lantern.test/'\ntitle = 'Lantern'\n",
    'https://lantern.test',
    "# baseURL = 'https://lantern.test/'\ntitle = 'Lantern'\n",
  ],
  ['hugo', 'hugo.yaml', 'baseURL: https://lantern.test/\n', 'https://lantern.test', '# baseURL: https://lantern.test/\n'],
  ['hugo', 'hugo.json', '{ "baseURL": "https://lantern.test/" }\n', 'https://lantern.test', '{ "title": "x" }\n'],
  ['jekyll', '_config.yml', 'title: Lab\nurl: "https://lab.test"\nbaseurl: "/coast"\n', 'https://lab.test/coast', 'title: Lab\n# url: "https://lab.test"\n'],
  [
    'gatsby',
    'gatsby-config.js',
    "module.exports = { siteMetadata: { title: 'Marta', siteUrl: `https://marta.test` } };\n",
    'https://marta.test',
    "module.exports = { siteMetadata: { title: 'Marta' /* siteUrl: 'https://marta.test' */ } };\n",
  ],
  [
    'nuxt',
    'nuxt.config.ts',
    "export default defineNuxtConfig({ site: { url: 'https://fernhill.test', name: 'Fernhill' } });\n",
    'https://fernhill.test',
    "export default defineNuxtConfig({ site: { name: 'Fernhill' } });\n",
  ],
  [
    'nuxt',
    'nuxt.config.js',
    "export default {\n  modules: ['@nuxtjs/sitemap'],\n  sitemap: { hostname: 'https://northwind.test' },\n};\n",
    'https://northwind.test',
    "export default {\n  // sitemap: { hostname: 'https://northwind.test' },\n};\n",
  ],
  [
    'vitepress',
    'docs/.vitepress/config.mts',
    "export default { title: 'Tinyparse', sitemap: { hostname: 'https://tinyparse.test' } };\n",
    'https://tinyparse.test',
    "export default { title: 'Tinyparse', // sitemap: { hostname: 'https://tinyparse.test' }\n};\n",
  ],
  [
    'nextjs',
    'app/layout.tsx',
    "export const metadata = { metadataBase: new URL('https://crumb.test'), title: 'Crumb' };\n",
    'https://crumb.test',
    "export const metadata = { title: 'Crumb' }; // metadataBase: new URL('https://crumb.test')\n",
  ],
  ['eleventy', '_data/metadata.json', '{ "title": "Notes", "url": "https://notes.test/" }\n', 'https://notes.test', '{ "title": "Notes" }\n'],
];

describe.each(CASES)('%s (%s)', (framework, file, positive, expected, commented) => {
  it('reads the literal the config names', () => {
    expect(configOrigin(project({ [file]: positive }), framework)).toEqual({ url: expected, from: expect.stringContaining(file) });
  });
  it('reads nothing when the config is absent or the value is commented out', () => {
    expect(configOrigin(project({}), framework)).toBeNull();
    expect(configOrigin(project({ [file]: commented }), framework)).toBeNull();
  });
  it('never takes a local address, a value built from code, or a non-http URL', () => {
    for (const bad of [
      'http://localhost:4321',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://[::ffff:7f00:1]/',
      'http://10.0.0.5',
      'ftp://x.test',
      'javascript:alert(1)',
    ])
      expect(configOrigin(project({ [file]: positive.split(expected.replace(/\/[a-z]+$/, '')).join(bad) }), framework), bad).toBeNull();
  });
});

describe('hostile configs', () => {
  it('reads no value from code or the environment (nothing is executed)', () => {
    const dir = project({ 'astro.config.mjs': 'export default defineConfig({ site: process.env.SITE_URL, base: `/${x}` });\n' });
    expect(configOrigin(dir, 'astro')).toBeNull();
  });
  it('follows no symlink and reads no huge file', () => {
    const target = project({ 'real.mjs': "export default { site: 'https://elsewhere.test' };\n" });
    const dir = project({});
    symlinkSync(join(target, 'real.mjs'), join(dir, 'astro.config.mjs'));
    expect(configOrigin(dir, 'astro')).toBeNull();
    const big = project({ 'astro.config.mjs': `${'// pad\n'.repeat(60_000)}export default { site: 'https://big.test' };\n` });
    expect(configOrigin(big, 'astro')).toBeNull();
  });
  it('strips comments without touching strings, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const out = stripJsComments(s);
        expect(typeof out).toBe('string');
        expect(out.length).toBeLessThanOrEqual(s.length + 1);
      }),
    );
    expect(stripJsComments("const u = 'https://a.test'; // c\n/* b */ x")).toBe("const u = 'https://a.test'; \n  x");
  });
  it('any text as a config gives a public http(s) URL or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const got = configOrigin(project({ 'hugo.toml': text }), 'hugo');
        if (got) expect(new URL(got.url).protocol).toMatch(/^https?:$/);
      }),
      { numRuns: 60 },
    );
  });
});

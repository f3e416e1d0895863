/** Small project folders as each framework's starter makes them, for `ai-ready fix` tests. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../../../helpers/temp-dir.js';

export const BARE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Widgets</title></head><body><h1>Hello</h1><p>A tiny page about widgets.</p></body></html>\n`;

export interface ProjectKind {
  id: string;
  /** The framework id fix detects, when the shape is a version of another's (Nuxt 2 is `nuxt`, served from static/). */
  framework?: string;
  files: Record<string, string>;
  /** The folder served at the site root after a build (project-relative). */
  served: string;
  /** Whether the framework renders the home page (else the served folder holds index.html itself). */
  rendersHome: boolean;
}

const pkg = (deps: Record<string, string>, dev: Record<string, string> = {}) =>
  JSON.stringify({ name: 'acme-site', private: true, scripts: { build: 'build' }, dependencies: deps, devDependencies: dev }, null, 2) + '\n';

export const PROJECTS: ProjectKind[] = [
  {
    id: 'nextjs',
    served: 'public',
    rendersHome: true,
    files: {
      'package.json': pkg({ next: '^15.0.0', react: '^19.0.0', 'react-dom': '^19.0.0' }),
      'next.config.mjs': 'export default {};\n',
      'app/page.tsx': 'export default function Page() { return <h1>Hello</h1>; }\n',
      'public/favicon.ico': '',
    },
  },
  {
    id: 'nuxt',
    served: 'public',
    rendersHome: true,
    files: {
      'package.json': pkg({ nuxt: '^3.13.0', vue: '^3.5.0' }),
      'nuxt.config.ts': 'export default defineNuxtConfig({});\n',
      'app.vue': '<template><h1>Hello</h1></template>\n',
    },
  },
  {
    id: 'nuxt2',
    framework: 'nuxt',
    served: 'static',
    rendersHome: true,
    files: {
      'package.json': pkg({ nuxt: '^2.17.3', vue: '^2.7.16' }),
      'nuxt.config.js': "export default { head: { title: 'Acme' } };\n",
      'pages/index.vue': '<template><h1>Hello</h1></template>\n',
      'static/favicon.ico': '',
    },
  },
  {
    id: 'astro',
    served: 'public',
    rendersHome: true,
    files: {
      'package.json': pkg({ astro: '^4.16.0' }),
      'astro.config.mjs': "import { defineConfig } from 'astro/config';\nexport default defineConfig({});\n",
      'src/pages/index.astro': '<h1>Hello</h1>\n',
    },
  },
  {
    id: 'docusaurus',
    served: 'static',
    rendersHome: true,
    files: {
      'package.json': pkg({ '@docusaurus/core': '3.5.2', '@docusaurus/preset-classic': '3.5.2', react: '^18.0.0' }),
      'docusaurus.config.js': "module.exports = { title: 'Acme', url: 'https://acme.test', baseUrl: '/' };\n",
      'static/img/.gitkeep': '',
    },
  },
  {
    id: 'vitepress',
    served: 'docs/public',
    rendersHome: true,
    files: {
      'package.json': pkg({}, { vitepress: '^1.4.0' }),
      'docs/.vitepress/config.mts': "export default { title: 'Acme' };\n",
      'docs/index.md': '# Hello\n',
    },
  },
  {
    id: 'gatsby',
    served: 'static',
    rendersHome: true,
    files: {
      'package.json': pkg({ gatsby: '^5.13.0', react: '^18.0.0' }),
      'gatsby-config.js': 'module.exports = { siteMetadata: { title: "Acme" } };\n',
      'src/pages/index.js': 'export default () => null;\n',
    },
  },
  {
    id: 'sveltekit',
    served: 'static',
    rendersHome: true,
    files: {
      'package.json': pkg({}, { '@sveltejs/kit': '^2.7.0', svelte: '^5.0.0' }),
      'svelte.config.js': 'export default { kit: {} };\n',
      'src/app.html': '<!doctype html><html><head>%sveltekit.head%</head><body>%sveltekit.body%</body></html>\n',
      'static/favicon.png': '',
    },
  },
  {
    id: 'eleventy',
    served: 'public',
    rendersHome: true,
    files: {
      'package.json': pkg({}, { '@11ty/eleventy': '^3.0.0' }),
      'eleventy.config.js': 'export default function (eleventyConfig) {}\n',
      'index.md': '# Hello\n',
    },
  },
  {
    id: 'hugo',
    served: 'static',
    rendersHome: true,
    files: {
      'hugo.toml': "baseURL = 'https://acme.test/'\ntitle = 'Acme'\n",
      'content/_index.md': '# Hello\n',
      'layouts/index.html': '<h1>{{ .Title }}</h1>\n',
    },
  },
  {
    id: 'jekyll',
    served: '.',
    rendersHome: false,
    files: { '_config.yml': 'title: Acme\nexclude: [Gemfile]\n', Gemfile: "source 'https://rubygems.org'\ngem 'jekyll'\n", 'index.html': BARE_HTML },
  },
  { id: 'static', served: '.', rendersHome: false, files: { 'index.html': BARE_HTML, 'about.html': BARE_HTML.replace('Hello', 'About') } },
];

export function makeProject(kind: ProjectKind, extra: Record<string, string> = {}): string {
  const dir = tempDir(`ai-ready-fix-${kind.id}-`);
  for (const [file, text] of Object.entries({ ...kind.files, ...extra })) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

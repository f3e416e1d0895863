#!/usr/bin/env node
// `ai-ready fix --write` on the twelve project shapes of the fix-writer review (issue 36): Next.js,
// Nuxt 3, Nuxt 2, Astro, Docusaurus, VitePress, Gatsby, SvelteKit, Eleventy, Hugo, Jekyll and a
// plain static folder, each a temp project of that shape beside a loopback site of three pages
// (titles, descriptions, links, canonicals to its production domain). Per shape: scan, `fix
// --write --host netlify --set contentSignal=...`, re-scan while the site serves what was written
// (as deployed at the production origin: that origin is mapped to the host's own in the text files
// it serves), then a second `--write`. Prints framework, score before -> after, profile, files
// written, values written by provenance (site/owner/example, the plan's `values`) and whether the
// second write changed anything. The shapes and pages mirror test/core/fixes/project/fix-derive.test.ts, which
// asserts what this prints. Every CLI runs under bench/loopback-only.mjs. Asserts nothing.
// Usage: npm run build && node bench/fix-derive.mjs [--only nextjs,static]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'bin/ai-ready.js');
const guard = pathToFileURL(join(root, 'bench/loopback-only.mjs')).href;
const only = (process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '').split(',').filter(Boolean);

const PROD = 'https://harbour.test';
const CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no';
const page = (title, desc, path, text) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Harbour</title><meta name="description" content="${desc}"><link rel="canonical" href="${PROD}${path}"></head><body><nav><a href="/">Home</a> <a href="/tides">Tides</a> <a href="/about">About</a></nav><main><h1>${title}</h1><p>${text}</p><p>Read <a href="/tides">this week's tides</a>.</p></main></body></html>\n`;
const PAGES = {
  '/': page('Home', 'Tide tables for Harbour bay.', '/', 'High and low water for the bay, updated every Monday.'),
  '/tides': page('Tides', 'High and low water this week.', '/tides', 'Monday: high water 06:12 and 18:40, low water 00:05 and 12:21.'),
  '/about': page('About', 'Who keeps the tables.', '/about', 'The harbour master publishes these tables from the gauge at the pier.'),
};
const pkg = (deps, dev = {}) => `${JSON.stringify({ name: 'harbour', private: true, dependencies: deps, devDependencies: dev }, null, 2)}\n`;

/** Each shape: the files its starter has (with the production URL where its config names one) and the folder served at the root. */
const SHAPES = [
  {
    id: 'nextjs',
    served: 'public',
    files: {
      'package.json': pkg({ next: '^15.0.0', react: '^19.0.0' }),
      'next.config.mjs': 'export default {};\n',
      'app/page.tsx': 'export default () => null;\n',
    },
  },
  {
    id: 'nuxt',
    served: 'public',
    files: { 'package.json': pkg({ nuxt: '^3.13.0', vue: '^3.5.0' }), 'nuxt.config.ts': 'export default defineNuxtConfig({});\n' },
  },
  {
    id: 'nuxt2',
    served: 'static',
    files: { 'package.json': pkg({ nuxt: '^2.17.3', vue: '^2.7.16' }), 'nuxt.config.js': `export default { sitemap: { hostname: '${PROD}' } };\n` },
  },
  { id: 'astro', served: 'public', files: { 'package.json': pkg({ astro: '^4.16.0' }), 'astro.config.mjs': `export default { site: '${PROD}' };\n` } },
  {
    id: 'docusaurus',
    served: 'static',
    files: {
      'package.json': pkg({ '@docusaurus/core': '3.5.2' }),
      'docusaurus.config.js': `module.exports = { title: 'Harbour', url: '${PROD}', baseUrl: '/' };\n`,
    },
  },
  {
    id: 'vitepress',
    served: 'docs/public',
    files: {
      'package.json': pkg({}, { vitepress: '^1.4.0' }),
      'docs/.vitepress/config.mts': `export default { sitemap: { hostname: '${PROD}' } };\n`,
      'docs/index.md': '# Home\n',
    },
  },
  {
    id: 'gatsby',
    served: 'static',
    files: { 'package.json': pkg({ gatsby: '^5.13.0' }), 'gatsby-config.js': `module.exports = { siteMetadata: { siteUrl: '${PROD}' } };\n` },
  },
  { id: 'sveltekit', served: 'static', files: { 'package.json': pkg({}, { '@sveltejs/kit': '^2.7.0' }), 'svelte.config.js': 'export default {};\n' } },
  { id: 'eleventy', served: 'public', files: { 'package.json': pkg({}, { '@11ty/eleventy': '^3.0.0' }), 'eleventy.config.js': 'export default () => {};\n' } },
  { id: 'hugo', served: 'static', files: { 'hugo.toml': `baseURL = '${PROD}/'\ntitle = 'Harbour'\n`, 'content/_index.md': '# Home\n' } },
  { id: 'jekyll', served: '.', files: { '_config.yml': `title: Harbour\nurl: ${PROD}\n`, 'index.html': PAGES['/'] } },
  { id: 'static', served: '.', ownPages: true, files: { 'index.html': PAGES['/'], 'tides.html': PAGES['/tides'], 'about.html': PAGES['/about'] } },
];

const TYPES = { '.html': 'text/html', '.txt': 'text/plain', '.md': 'text/markdown', '.json': 'application/json', '.xml': 'application/xml' };

/** The project's served folder on 127.0.0.1 with the framework's rendered pages over it and Netlify `_headers` applied. */
async function host(dir, pages) {
  const base = resolve(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(base, `.${path}`);
    if (file !== base && !file.startsWith(base + sep)) file = base;
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    else if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    const rendered = pages?.[path];
    const served = rendered === undefined && existsSync(file) && statSync(file).isFile() && !file.endsWith(`${sep}_headers`);
    const headers = {
      'content-type': `${rendered !== undefined ? 'text/html' : served ? (TYPES[extname(file)] ?? 'application/octet-stream') : 'text/html'}; charset=utf-8`,
    };
    const rules = join(base, '_headers');
    if (existsSync(rules)) {
      let match = false;
      for (const line of readFileSync(rules, 'utf8').split('\n')) {
        if (!line.trim() || line.trim().startsWith('#')) continue;
        if (!/^\s/.test(line))
          match = new RegExp(
            `^${line
              .trim()
              .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '.*')}$`,
          ).test(path);
        else if (match) {
          const m = /^\s+([^:]+):\s*(.*)$/.exec(line);
          if (m) headers[m[1].trim().toLowerCase()] = m[2].trim();
        }
      }
    }
    let body = rendered ?? (served ? readFileSync(file, 'utf8') : '<!doctype html><title>Not found</title>');
    if (served && /\.(txt|md|xml|json)$/.test(file)) body = body.split(PROD).join(origin);
    res.writeHead(rendered !== undefined || served ? 200 : 404, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => new Promise((r) => server.close(r)) };
}

function run(args) {
  return new Promise((resolve) => {
    const env = { ...process.env, NO_COLOR: '1' };
    delete env.CI;
    const child = spawn(process.execPath, ['--import', guard, cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const scan = async (origin) => JSON.parse((await run(['scan', origin, '--json'])).stdout);
const fixWrite = async (origin, dir) => {
  const r = await run(['fix', origin, '--dir', dir, '--write', '--host', 'netlify', '--format', 'json', '--set', `contentSignal=${CONTENT_SIGNAL}`]);
  if (r.code !== 0) throw new Error(`fix exited ${r.code}: ${r.stderr.trim()}`);
  return JSON.parse(r.stdout);
};
const tree = (dir) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => statSync(join(dir, f)).isFile())
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );

const rows = [];
for (const shape of SHAPES.filter((s) => !only.length || only.includes(s.id))) {
  const dir = mkdtempSync(join(tmpdir(), `ai-ready-fix-derive-${shape.id}-`));
  try {
    for (const [f, t] of Object.entries(shape.files)) {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      writeFileSync(join(dir, f), t);
    }
    mkdirSync(join(dir, shape.served), { recursive: true });
    const site = await host(join(dir, shape.served), shape.ownPages ? null : PAGES);
    try {
      const before = await scan(site.origin);
      const first = await fixWrite(site.origin, dir);
      const after = await scan(site.origin);
      const snapshot = tree(dir);
      const second = await fixWrite(site.origin, dir);
      const changed = (second.written ?? []).length > 0 || JSON.stringify(tree(dir)) !== JSON.stringify(snapshot);
      const v = first.values;
      rows.push({
        framework: `${first.framework.label}${shape.id === 'nuxt2' ? ' 2' : shape.id === 'nuxt' ? ' 3' : ''}`,
        score: `${before.overallScore} -> ${after.overallScore}`,
        profile: after.profile.applied.join('+'),
        files: (first.written ?? []).length,
        values: `${v.site}/${v.owner}/${v.example}`,
        second: changed ? 'CHANGED' : 'nothing',
        written: (first.written ?? []).join(' '),
      });
    } finally {
      await site.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cols = ['framework', 'score', 'profile', 'files', 'values', 'second'];
const head = {
  framework: 'framework',
  score: 'score before -> after',
  profile: 'profile',
  files: 'files',
  values: 'values site/owner/example',
  second: '2nd --write',
};
const width = Object.fromEntries(cols.map((c) => [c, Math.max(head[c].length, ...rows.map((r) => String(r[c]).length))]));
const line = (r) => cols.map((c) => String(r[c]).padEnd(width[c])).join('  ');
console.log(line(head));
for (const r of rows) console.log(line(r));
console.log('\nFiles written by the first --write:');
for (const r of rows) console.log(`  ${r.framework}: ${r.written}`);

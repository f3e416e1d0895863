/**
 * `ai-ready fix --write` derives what the site shows (issue 36, item 2), per framework: a loopback
 * site of three pages (titles, descriptions, links, a canonical to its production domain) is fixed,
 * then served as deployed at that domain and re-scanned: llms.txt, sitemap.xml, the Markdown twins
 * and llms-full.txt are written from the pages at the production origin, with no sample value, and
 * D2, D4, D5 and C2 pass; a second `--write` while the site serves the first one's output changes nothing.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveFolder } from '../../../helpers/static-host.js';
import { runCli } from '../../../cli/run-cli.js';
import { PROJECTS, makeProject } from './frameworks.js';

const PROD = 'https://harbour.test';

const page = (title: string, desc: string, path: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Harbour</title><meta name="description" content="${desc}"><link rel="canonical" href="${PROD}${path}"></head><body><nav><a href="/">Home</a> <a href="/tides">Tides</a> <a href="/about">About</a></nav><main><h1>${title}</h1><p>${text}</p><p>Read <a href="/tides">this week's tides</a>.</p></main></body></html>\n`;

const PAGES = {
  '/': page('Home', 'Tide tables for Harbour bay.', '/', 'High and low water for the bay, updated every Monday.'),
  '/tides': page('Tides', 'High and low water this week.', '/tides', 'Monday: high water 06:12 and 18:40, low water 00:05 and 12:21.'),
  '/about': page('About', 'Who keeps the tables.', '/about', 'The harbour master publishes these tables from the gauge at the pier.'),
};

/** The production origin in each framework's own config (the canonical links name it too). */
const CONFIG: Record<string, Record<string, string>> = {
  astro: { 'astro.config.mjs': `import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: '${PROD}' });\n` },
  docusaurus: { 'docusaurus.config.js': `module.exports = { title: 'Harbour', url: '${PROD}', baseUrl: '/' };\n` },
  hugo: { 'hugo.toml': `baseURL = '${PROD}/'\ntitle = 'Harbour'\n` },
  nextjs: {},
  nuxt: {},
  vitepress: { 'docs/.vitepress/config.mts': `export default { title: 'Harbour', sitemap: { hostname: '${PROD}' } };\n` },
  gatsby: { 'gatsby-config.js': `module.exports = { siteMetadata: { title: 'Harbour', siteUrl: '${PROD}' } };\n` },
  // SvelteKit and Eleventy name no production URL in their config: the canonical links give it.
  sveltekit: {},
  eleventy: {},
  jekyll: { '_config.yml': `title: Harbour\nurl: ${PROD}\nexclude: [Gemfile]\n` },
};

/** The owner's answer for the policy lines (issue 36 item 3): written only because it is given. */
const CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no';

const SAMPLE_STRINGS = ['Example Co', 'Refurbished laptops', 'example.com', 'order-status', '127.0.0.1', 'localhost'];

const figures: Record<string, string> = {};
afterAll(() => console.log('fix derives the site: score before -> after, files written:', figures));

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
}

async function scan(
  origin: string,
): Promise<{ overallScore: number; checks: Array<{ id: string; status: string; code?: string }>; profile: { applied: string[] } }> {
  const run = await runCli(['scan', origin, '--json'], { timeoutMs: 90_000 });
  return JSON.parse(run.stdout);
}

interface PlanOut {
  written?: string[];
  checks: Array<{ id: string; needs: Array<{ value: string }>; examples: string[]; sources: Array<{ source: string }> }>;
}

async function fixWrite(origin: string, dir: string): Promise<PlanOut> {
  const run = await runCli(['fix', origin, '--dir', dir, '--write', '--host', 'netlify', '--format', 'json', '--set', `contentSignal=${CONTENT_SIGNAL}`], {
    timeoutMs: 90_000,
  });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

describe.each(Object.keys(CONFIG))('fix --write derives the site: %s', (id) => {
  it('writes llms.txt, sitemap.xml, twins and llms-full.txt from the pages at the production origin; a second run changes nothing', {
    timeout: 240_000,
  }, async () => {
    const kind = PROJECTS.find((p) => p.id === id)!;
    const dir = makeProject(kind);
    for (const [f, text] of Object.entries(CONFIG[id])) writeFileSync(join(dir, f), text);
    const served = join(dir, kind.served);
    mkdirSync(served, { recursive: true });
    const host = await serveFolder(served, { pages: PAGES, asDeployedFrom: PROD });
    try {
      const before = await scan(host.origin);
      const had = new Set(files(served));
      const plan = await fixWrite(host.origin, dir);
      const written = files(served).filter((f) => !had.has(f) || (plan.written ?? []).includes(`${kind.served}/${f}`));
      for (const f of ['llms.txt', 'llms-full.txt', 'sitemap.xml', 'index.md', 'tides.md', 'about.md']) expect(written, f).toContain(f);

      const llms = readFileSync(join(served, 'llms.txt'), 'utf8');
      expect(llms).toMatch(/^# Harbour\n\n> Tide tables for Harbour bay\.\n/);
      expect(llms).toContain(`- [Tides](${PROD}/tides): High and low water this week.`);
      expect(readFileSync(join(served, 'tides.md'), 'utf8')).toContain('Monday: high water 06:12');
      expect(readFileSync(join(served, 'sitemap.xml'), 'utf8')).toContain(`<loc>${PROD}/about</loc>`);
      const robots = readFileSync(join(served, 'robots.txt'), 'utf8');
      expect(robots).toContain(`Sitemap: ${PROD}/sitemap.xml`);
      expect(robots).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
      // Nothing of a capability: no catalog, card, skill, OpenAPI or OAuth file.
      for (const f of written) expect(f).not.toMatch(/ai-catalog|ard\.json|agent-skills|server-card|openapi|oauth|agent-card|auth\.md/);
      for (const f of ['llms.txt', 'llms-full.txt', 'sitemap.xml', 'index.md', 'tides.md', 'about.md']) {
        const text = readFileSync(join(served, f), 'utf8');
        for (const s of SAMPLE_STRINGS) expect(text, `${f} holds ${s}`).not.toContain(s);
      }

      const after = await scan(host.origin);
      const status = (c: string) => after.checks.find((x) => x.id === c)?.status;
      for (const c of ['D2', 'D4', 'D5', 'C2', 'B2']) expect(`${c} ${status(c)}`).toBe(`${c} pass`);
      expect(after.profile.applied).toEqual(['content']);
      expect(after.overallScore - before.overallScore).toBeGreaterThanOrEqual(20);
      const sources = plan.checks.flatMap((c) => c.sources.map((x) => x.source));
      const count = (s: string) => sources.filter((x) => x === s).length;
      const examples = plan.checks.reduce((n, c) => n + c.examples.length, 0);
      figures[id] =
        `${before.overallScore} -> ${after.overallScore}; steps written: ${count('site')} site, ${count('owner')} owner; ` +
        `${examples} example steps not written; files: ${written.sort().join(', ')}`;

      // Again, while the site serves what the first run wrote.
      const derived = ['llms.txt', 'llms-full.txt', 'sitemap.xml', 'index.md', 'tides.md', 'about.md'];
      const snapshot = derived.map((f) => readFileSync(join(served, f), 'utf8'));
      const again = await fixWrite(host.origin, dir);
      // The whole project: nothing written the second time.
      expect(again.written ?? []).toEqual([]);
      expect(derived.map((f) => readFileSync(join(served, f), 'utf8'))).toEqual(snapshot);
    } finally {
      await host.close();
    }
  });
});

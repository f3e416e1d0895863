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
  nuxt2: { 'nuxt.config.js': `export default {\n  modules: ['@nuxtjs/sitemap'],\n  sitemap: { hostname: '${PROD}' },\n};\n` },
  vitepress: { 'docs/.vitepress/config.mts': `export default { title: 'Harbour', sitemap: { hostname: '${PROD}' } };\n` },
  gatsby: { 'gatsby-config.js': `module.exports = { siteMetadata: { title: 'Harbour', siteUrl: '${PROD}' } };\n` },
  // SvelteKit and Eleventy name no production URL in their config: the canonical links give it.
  sveltekit: {},
  eleventy: {},
  jekyll: { '_config.yml': `title: Harbour\nurl: ${PROD}\nexclude: [Gemfile]\n` },
  // A plain folder is its own static root: the pages are its files, the canonical links give the origin.
  static: { 'index.html': PAGES['/'], 'tides.html': PAGES['/tides'], 'about.html': PAGES['/about'] },
};

/** Checks that pass only where the project's pages take what fix writes (JSON-LD, in-page hints): a plain folder. */
const PAGE_CHECKS: Record<string, string[]> = { static: ['C4', 'D6'] };

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

interface PublishedValue {
  name: string;
  value?: string;
  source: 'site' | 'owner' | 'example';
}

interface PlanOut {
  written?: string[];
  values: Record<'site' | 'owner' | 'example', number>;
  checks: Array<{
    id: string;
    needs: Array<{ value: string }>;
    examples: string[];
    changes: Array<{ file: string }>;
    sources: Array<{ step: string; source: string; values?: PublishedValue[] }>;
  }>;
}

/**
 * Per-value provenance against the files on disk: every value a written step lists is in a file
 * the plan wrote, none is an example, the plan's counts are those of the lists (a value repeated
 * across files once), and the lists count what the files hold (a link line per page in llms.txt,
 * a <loc> per page in the sitemap).
 */
function expectValuesInFiles(plan: PlanOut, dir: string, served: string): void {
  const texts = (plan.written ?? []).map((f) => readFileSync(join(dir, f), 'utf8'));
  const listed = { site: new Set<string>(), owner: new Set<string>(), example: new Set<string>() };
  for (const c of plan.checks.filter((x) => x.changes.length))
    for (const s of c.sources)
      for (const v of s.values ?? []) {
        listed[v.source].add(`${v.name}=${v.value ?? ''}`);
        expect(v.source, `${c.id} ${v.name}`).not.toBe('example');
        if (v.value !== undefined)
          expect(
            texts.some((t) => t.includes(v.value!)),
            `${c.id} "${s.step}" ${v.name}=${v.value} in a written file`,
          ).toBe(true);
      }
  expect(plan.values).toEqual({ site: listed.site.size, owner: listed.owner.size, example: listed.example.size });
  expect(plan.values.example).toBe(0);
  expect(plan.values.owner).toBeGreaterThanOrEqual(1); // the Content-Signal the owner gave
  const checkValues = (check: string) => plan.checks.find((c) => c.id === check)!.sources.flatMap((s) => s.values ?? []);
  const llms = readFileSync(join(served, 'llms.txt'), 'utf8');
  expect(checkValues('D4').filter((v) => v.name.endsWith(' title'))).toHaveLength(llms.match(/^- \[/gm)!.length);
  expect(checkValues('D4').find((v) => v.name === 'siteName')).toMatchObject({ value: 'Harbour', source: 'site' });
  const sitemap = readFileSync(join(served, 'sitemap.xml'), 'utf8');
  expect(checkValues('D2').filter((v) => v.name.endsWith(' url'))).toHaveLength(sitemap.match(/<loc>/g)!.length);
  expect(checkValues('B2')).toEqual([expect.objectContaining({ name: 'contentSignal', source: 'owner', value: CONTENT_SIGNAL })]);
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
    // Jekyll renders its pages too; a plain folder's pages are its own files.
    const host = await serveFolder(served, { ...(id === 'static' ? {} : { pages: PAGES }), asDeployedFrom: PROD });
    try {
      const before = await scan(host.origin);
      const had = new Set(files(served));
      const plan = await fixWrite(host.origin, dir);
      const inProject = (f: string) => (kind.served === '.' ? f : `${kind.served}/${f}`);
      const written = files(served).filter((f) => !had.has(f) || (plan.written ?? []).includes(inProject(f)));
      for (const f of ['llms.txt', 'llms-full.txt', 'sitemap.xml', 'index.md', 'tides.md', 'about.md']) expect(written, f).toContain(f);

      const llms = readFileSync(join(served, 'llms.txt'), 'utf8');
      expect(llms).toMatch(/^# Harbour\n\n> Tide tables for Harbour bay\.\n/);
      expect(llms).toContain(`- [Tides](${PROD}/tides): High and low water this week.`);
      expect(readFileSync(join(served, 'tides.md'), 'utf8')).toContain('Monday: high water 06:12');
      expect(readFileSync(join(served, 'sitemap.xml'), 'utf8')).toContain(`<loc>${PROD}/about</loc>`);
      const robots = readFileSync(join(served, 'robots.txt'), 'utf8');
      expect(robots).toContain(`Sitemap: ${PROD}/sitemap.xml`);
      expect(robots).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
      // No policy the owner did not give: no Content-Usage line or header, no AI-crawler group.
      for (const f of written) expect(readFileSync(join(served, f), 'utf8'), f).not.toMatch(/Content-Usage|^User-agent: (?!\*)/im);
      // Nothing of a capability: no catalog, card, skill, OpenAPI or OAuth file.
      for (const f of written) expect(f).not.toMatch(/ai-catalog|ard\.json|agent-skills|server-card|openapi|oauth|agent-card|auth\.md/);
      for (const f of ['llms.txt', 'llms-full.txt', 'sitemap.xml', 'index.md', 'tides.md', 'about.md']) {
        const text = readFileSync(join(served, f), 'utf8');
        for (const s of SAMPLE_STRINGS) expect(text, `${f} holds ${s}`).not.toContain(s);
      }

      expectValuesInFiles(plan, dir, served);

      const after = await scan(host.origin);
      const status = (c: string) => after.checks.find((x) => x.id === c)?.status;
      for (const c of ['D2', 'D4', 'D5', 'C2', 'B2', 'D3', ...(PAGE_CHECKS[id] ?? [])]) expect(`${c} ${status(c)}`).toBe(`${c} pass`);
      expect(after.profile.applied).toEqual(['content']);
      expect(after.overallScore - before.overallScore).toBeGreaterThanOrEqual(20);
      const sources = plan.checks.flatMap((c) => c.sources.map((x) => x.source));
      const count = (s: string) => sources.filter((x) => x === s).length;
      const examples = plan.checks.reduce((n, c) => n + c.examples.length, 0);
      figures[id] =
        `${before.overallScore} -> ${after.overallScore}; steps written: ${count('site')} site, ${count('owner')} owner; ` +
        `values written: ${plan.values.site} site, ${plan.values.owner} owner, ${plan.values.example} example; ` +
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

/**
 * Robots rules travel as structure (core/fixes/robots-rules.ts): the neutral serialiser writes
 * robots.txt, each platform pack writes the same groups in its own syntax, and a made-up pack with
 * its own syntax is picked up by a registry built with it, with no other file touched.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { b1AiCrawlerRules } from '../../../src/core/checks/bot_access/b1-ai-crawler-rules.js';
import { b2ContentSignals } from '../../../src/core/checks/bot_access/b2-content-signals.js';
import { b5ContentUsage } from '../../../src/core/checks/bot_access/b5-content-usage.js';
import { robotsLinesSteps } from '../../../src/core/checks/bot_access/robots-fix.js';
import { d1RobotsTxt } from '../../../src/core/checks/discoverability/d1-robots-txt.js';
import type { FixContext } from '../../../src/core/checks/types.js';
import { parseRobots } from '../../../src/core/gather/robots.js';
import { HOSTS, PLATFORMS, packRegistry } from '../../../src/core/fixes/platforms/index.js';
import type { PlatformPack } from '../../../src/core/fixes/platforms/types.js';
import { robotsLinesOf, robotsLinesText, robotsText, type RobotsGroup, type RobotsRules } from '../../../src/core/fixes/robots-rules.js';
import type { FixStep } from '../../../src/core/schema.js';
import { ORIGIN, text } from '../../helpers/responses.js';
import { runModule } from './snippet-runners.js';

const parse = (body: string) => parseRobots(text('/robots.txt', body), ORIGIN);
const fx = (platform: string | null, hosting: string[] = [], extra: Partial<FixContext> = {}): FixContext => ({ origin: ORIGIN, platform, hosting, ...extra });
/** The step that publishes the lines (`ai-ready fix` and the guide-proof test read its operation). */
const published = (steps: FixStep[]) => steps.find((s) => s.publish)?.publish;

/** B1's training group, an example until the owner answers (--set aiTraining). */
const B1_LINES =
  '# Model training: your decision\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: Google-Extended\nUser-agent: Applebot-Extended\nUser-agent: CCBot\nDisallow: /\n';

describe('the neutral serialiser', () => {
  it('publishes the lines each check published before the rules were structured', () => {
    expect(published(b1AiCrawlerRules.fixGuide(fx(null)))).toMatchObject({ kind: 'lines', path: '/robots.txt', content: B1_LINES });
    expect(published(b1AiCrawlerRules.fixGuide(fx(null, [], { ownerValues: { aiTraining: 'allow' } })))).toMatchObject({
      content: expect.stringContaining("# Model training: allowed (the owner's choice)\nUser-agent: GPTBot"),
    });
    expect(published(b2ContentSignals.fixGuide(fx('hugo')))).toMatchObject({
      content: 'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n',
    });
    expect(published(b5ContentUsage.fixGuide(fx('wordpress')).slice(1))).toMatchObject({
      content: 'User-agent: *\nContent-Usage: train-ai=n, search=y\nAllow: /\n',
    });
    // D1: on a platform that writes robots.txt, only the Sitemap line of a sitemap the site serves ...
    expect(published(d1RobotsTxt.fixGuide(fx('wordpress', [], { found: { sitemap: `${ORIGIN}/sitemap_index.xml` } })))).toMatchObject({
      kind: 'lines',
      path: '/robots.txt',
      content: `Sitemap: ${ORIGIN}/sitemap_index.xml\n`,
    });
    expect(published(d1RobotsTxt.fixGuide(fx('wordpress', [], { found: { sitemap: null } })))).toMatchObject({ content: '' });
    // ... elsewhere the whole file, through the same serialiser.
    expect(published(d1RobotsTxt.fixGuide(fx(null)))).toMatchObject({
      kind: 'file',
      path: '/robots.txt',
      content: 'User-agent: *\nAllow: /\n',
    });
    // No invented Disallow path, no policy line the owner did not give; the owner's signals when given.
    expect(
      published(d1RobotsTxt.fixGuide(fx(null, [], { ownerValues: { contentSignal: 'ai-train=no' }, found: { sitemap: `${ORIGIN}/sitemap.xml` } }))),
    ).toMatchObject({ content: `User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n` });
  });

  const agent = fc.stringMatching(/^[A-Za-z*][A-Za-z0-9._-]{0,12}$/);
  const path = fc.stringMatching(/^\/[A-Za-z0-9._/-]{0,12}$/);
  const group: fc.Arbitrary<RobotsGroup> = fc.record({
    comment: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
    userAgents: fc.array(agent, { minLength: 1, maxLength: 3 }),
    records: fc.subarray([
      { field: 'Content-Signal' as const, value: { search: 'yes' as const, 'ai-train': 'no' as const } },
      { field: 'Content-Usage' as const, value: { 'train-ai': 'n' as const } },
    ]),
    allow: fc.array(path, { maxLength: 3 }),
    // At least one rule: user agents with nothing after them would join the next group (RFC 9309 §2.1).
    disallow: fc.array(path, { minLength: 1, maxLength: 3 }),
  });

  it('writes text a robots.txt parser reads back as the same groups and Sitemap lines, whatever a comment holds', () => {
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 4 }), fc.array(fc.webUrl(), { maxLength: 2 }), (groups, urls) => {
        const parsed = parse(robotsText({ groups, sitemaps: urls.map((url) => ({ url })) }));
        expect(
          parsed.groups.map((g) => ({ agents: g.agents, rules: g.rules.map((r) => `${r.field}: ${r.value}`), extras: g.extras.map((r) => r.field) })),
        ).toEqual(
          groups.map((g) => ({
            agents: g.userAgents,
            rules: [...g.allow!.map((p) => `allow: ${p}`), ...g.disallow!.map((p) => `disallow: ${p}`)],
            extras: g.records!.map((r) => r.field.toLowerCase()),
          })),
        );
        expect(parsed.sitemaps).toEqual([...new Set(urls.map((u) => new URL(u).href))]);
        expect(parsed.orphans).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps a line break inside a value from starting a record of its own', () => {
    const body = robotsText({
      groups: [{ comment: 'note\nDisallow: /', userAgents: ['a\nUser-agent: evil'], allow: ['/'] }],
      sitemaps: [{ url: `${ORIGIN}/s.xml`, pending: 'later\r\nSitemap: https://evil.example/x' }],
    });
    const parsed = parse(body);
    expect(parsed.groups).toHaveLength(1);
    expect(parsed.groups[0].agents).toEqual(['a User-agent: evil']);
    expect(parsed.groups[0].rules.map((r) => r.value)).toEqual(['/']);
    expect(parsed.sitemaps).toEqual([]);
  });
});

describe('each pack writes the groups in its own syntax', () => {
  const codeOf = (steps: FixStep[]) => steps[0].code ?? '';

  it('Next.js: a MetadataRoute.Robots rules array when every line fits, with `User-agent: *` first when none is named', () => {
    const robots = runModule(codeOf(b1AiCrawlerRules.fixGuide(fx('nextjs')))).default();
    expect(robots).toEqual({
      rules: [
        { userAgent: '*', allow: '/' },
        { userAgent: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'CCBot'], disallow: '/' },
      ],
      sitemap: `${ORIGIN}/sitemap.xml`,
    });
    // D1: the base group, and the sitemap the scan found.
    const d1 = runModule(codeOf(d1RobotsTxt.fixGuide(fx('nextjs', [], { found: { sitemap: `${ORIGIN}/sitemap_index.xml` } })))).default();
    expect(d1).toEqual({ rules: [{ userAgent: '*', allow: '/' }], sitemap: `${ORIGIN}/sitemap_index.xml` });
  });

  it('Next.js: a route handler serving the whole file when a record does not fit MetadataRoute.Robots', async () => {
    for (const check of [b2ContentSignals, b5ContentUsage]) {
      const step = check.fixGuide(fx('nextjs')).find((s) => s.code?.includes('app/robots.txt/route.ts'))!;
      const res: Response = runModule(step.code!).GET();
      const parsed = parse(await res.text());
      // One `User-agent: *` group carrying the record (not a second group for the same agent).
      expect(parsed.groups.map((g) => g.agents)).toEqual([['*']]);
      expect(parsed.groups[0].extras.map((r) => r.field)).toEqual([check === b2ContentSignals ? 'content-signal' : 'content-usage']);
      expect(parsed.sitemaps).toEqual([`${ORIGIN}/sitemap.xml`]);
    }
  });

  it('Nuxt: @nuxtjs/robots groups, with contentSignal / contentUsage objects and sitemap paths', () => {
    const config = (steps: FixStep[]) => runModule(codeOf(steps).replace(/^\/\/.*\n/, ''), { defineNuxtConfig: (c: unknown) => c }).default.robots;
    expect(config(b1AiCrawlerRules.fixGuide(fx('nuxt'))).groups[0]).toEqual({
      userAgent: ['GPTBot', 'ClaudeBot', 'Google-Extended', 'Applebot-Extended', 'CCBot'],
      disallow: ['/'],
    });
    expect(config(b2ContentSignals.fixGuide(fx('nuxt')).slice(1))).toEqual({
      groups: [{ userAgent: ['*'], allow: ['/'], contentSignal: { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' } }],
    });
    expect(config(b5ContentUsage.fixGuide(fx('nuxt')).slice(2)).groups).toEqual([
      { userAgent: ['*'], allow: ['/'], contentUsage: { 'train-ai': 'n', search: 'y' } },
    ]);
    expect(config(d1RobotsTxt.fixGuide(fx('nuxt', [], { found: { sitemap: null } })))).toEqual({
      groups: [{ userAgent: ['*'], allow: ['/'] }],
    });
  });

  it('Squarespace and Cloudflare say what they offer for the purpose of the lines', () => {
    const square = (purpose: RobotsRules['purpose']) => robotsLinesSteps(fx('squarespace'), { purpose, groups: [] }, { source: 'site' });
    expect(square('ai-crawlers')[0].body).toMatch(/Block known AI crawlers/);
    expect(square('content-signal')[0].body).toMatch(/cannot add Content-Signal/);
    expect(square('content-usage')[0].body).toMatch(/cannot add Content-Usage/);
    expect(square('robots-file')[0].body).toMatch(/Settings → Crawlers/);
    const cloudflare = (purpose: RobotsRules['purpose']) =>
      robotsLinesSteps(fx('hugo', ['cloudflare']), { purpose, groups: [] }, { source: 'site' }).at(-1)!.body;
    expect(cloudflare('content-signal')).toMatch(/Content-Signal: search=yes,ai-train=no/);
    expect(cloudflare('content-usage')).toMatch(/not Content-Usage/);
    expect(new Set(['ai-crawlers', 'content-signal', 'content-usage', 'robots-file'].map((p) => cloudflare(p as RobotsRules['purpose'])))).toHaveProperty(
      'size',
      4,
    );
  });
});

/** The worked example of docs/architecture.md ("Adding a platform"): a platform with its own robots syntax. */
const exampleCms: PlatformPack = {
  id: 'example-cms',
  label: 'Example CMS',
  hooks: {
    robotsLines: (fx, rules) => [
      {
        title: 'Add the rules in Admin → SEO → robots.yml',
        code: rules.groups
          .map((g) =>
            [`- agents: [${g.userAgents.join(', ')}]`, ...(g.allow ?? []).map((p) => `  allow: ${p}`), ...(g.disallow ?? []).map((p) => `  deny: ${p}`)].join(
              '\n',
            ),
          )
          .join('\n'),
        lang: 'yaml',
      },
    ],
  },
};

describe('a platform with its own robots syntax', () => {
  const packs = packRegistry({ ...PLATFORMS, 'example-cms': exampleCms }, HOSTS);

  it('is picked up by a registry built with it: B1 shows its syntax, from the structured groups', () => {
    const steps = b1AiCrawlerRules.fixGuide(fx('example-cms', [], { packs }));
    expect(steps[0]).toMatchObject({ title: 'Add the rules in Admin → SEO → robots.yml', lang: 'yaml' });
    expect(steps[0].code).toContain('- agents: [GPTBot, ClaudeBot, Google-Extended, Applebot-Extended, CCBot]\n  deny: /');
    expect(steps.find((s) => s.source === 'example' && s.code?.includes('OAI-SearchBot'))?.code).toContain(
      '- agents: [OAI-SearchBot, ChatGPT-User, Claude-SearchBot, Claude-User, PerplexityBot, Perplexity-User]\n  allow: /',
    );
    // What `ai-ready fix` publishes is the neutral text, whatever the pack's words.
    expect(steps[0].publish).toMatchObject({ kind: 'lines', path: '/robots.txt', content: B1_LINES });
    // D1 knows the platform writes robots.txt itself (lines added, no file served).
    expect(published(d1RobotsTxt.fixGuide(fx('example-cms', [], { packs })))?.kind).toBe('lines');
    // A host in front of the site still adds its way, read from the same registry.
    expect(b1AiCrawlerRules.fixGuide(fx('example-cms', ['cloudflare'], { packs }))[1].title).toBe('Or let Cloudflare manage robots.txt');
  });

  it('is the worked example docs/architecture.md shows', () => {
    const doc = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    for (const line of [
      "title: 'Add the rules in Admin → SEO → robots.yml'",
      '...(g.disallow ?? []).map((p) => `  deny: ${p}`)',
      "packRegistry({ ...PLATFORMS, 'example-cms': exampleCms }, HOSTS)",
    ])
      expect(doc).toContain(line);
  });

  it("leaves the project's registry as it was (no global to restore)", () => {
    expect(b1AiCrawlerRules.fixGuide(fx('example-cms'))[0].title).toBe('Add the lines to /robots.txt');
    expect(packs.packFor('nextjs')).toBe(PLATFORMS.nextjs);
    expect(packs.packFor('cloudflare')).toBe(HOSTS.cloudflare);
    expect(packs.packFor('toString')).toBeUndefined();
  });

  it('serialises what the rules say, not a fixed text (the hook reads the groups)', () => {
    const rules: RobotsRules = { purpose: 'ai-crawlers', groups: [{ userAgents: ['Bytespider'], disallow: ['/private/'] }] };
    const [step] = robotsLinesSteps(fx('example-cms', [], { packs }), rules, { source: 'site' });
    expect(step.code).toBe('- agents: [Bytespider]\n  deny: /private/');
    expect(step.publish).toEqual({ kind: 'lines', path: '/robots.txt', content: robotsLinesText(rules), robots: robotsLinesOf(rules) });
  });
});

/**
 * Provenance on every value a guide publishes (issue 36, item 1): every publishing step of every
 * check says where its values come from (site, owner or example), whatever the platform, the
 * profile and the owner's values; and `planFixes` writes no example's content into any framework's
 * project. A guide that forgets its source fails here by name.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../../src/core/checks/index.js';
import type { FixContext } from '../../../../src/core/checks/types.js';
import { RESOURCES, type FoundResources } from '../../../../src/core/fixes/found.js';
import type { OwnerValues } from '../../../../src/core/fixes/owner-values.js';
import type { FixStep } from '../../../../src/core/schema.js';
import { detectFramework } from '../../../../src/core/fixes/project/frameworks.js';
import { planFixes, type PlanCheck } from '../../../../src/core/fixes/project/plan.js';
import { PROJECTS, makeProject } from './frameworks.js';

const ORIGIN = 'https://acme.test';
const PLATFORMS = [null, 'nextjs', 'nuxt', 'astro', 'hugo', 'wordpress', 'shopify', 'docusaurus'];
const PROFILES: Array<FixContext['profile']> = [undefined, { app: false, commerce: false }, { app: true, commerce: true }];
const VALUES: OwnerValues = {
  siteName: 'Acme Widgets',
  pageUrls: `${ORIGIN}/ ${ORIGIN}/about`,
  pageContent: '## Home\n\nWidgets.\n',
  domain: 'acme.test',
  mcpEndpoint: `${ORIGIN}/owner/mcp`,
  a2aEndpoint: `${ORIGIN}/owner/a2a`,
  apiBaseUrl: `${ORIGIN}/owner/api`,
  authorizationServer: `${ORIGIN}/owner/auth`,
  commerceEndpoint: `${ORIGIN}/owner/commerce`,
  contact: 'security@acme.test',
  contentSignal: 'search=yes, ai-train=no',
  contentUsage: 'train-ai=n',
  aiTraining: 'block',
};
const ABSENT: FoundResources = Object.fromEntries(RESOURCES.map((r) => [r, null]));

/** Every guide under every context: each check's steps with where they came from. */
function everyGuide(): Array<{ where: string; id: string; steps: FixStep[] }> {
  const out: Array<{ where: string; id: string; steps: FixStep[] }> = [];
  for (const platform of PLATFORMS)
    for (const profile of PROFILES)
      for (const ownerValues of [undefined, VALUES])
        for (const found of [undefined, ABSENT]) {
          const fx: FixContext = {
            origin: ORIGIN,
            platform,
            hosting: [],
            ...(profile ? { profile } : {}),
            ...(ownerValues ? { ownerValues } : {}),
            ...(found ? { found } : {}),
          };
          for (const check of CHECKS)
            out.push({
              where: `${check.meta.id} on ${platform ?? 'generic'}, profile ${profile ? JSON.stringify(profile) : 'unknown'}, ${ownerValues ? 'with' : 'without'} values`,
              id: check.meta.id,
              steps: check.fixGuide(fx),
            });
        }
  return out;
}

const GUIDES = everyGuide();

/** Lines of an example's content long enough to be recognisable in a written file (not a bare `{` or `User-agent: *`). */
function exampleLines(steps: FixStep[]): string[] {
  return steps.flatMap((s) =>
    s.source === 'example' && s.publish && 'content' in s.publish
      ? s.publish.content
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l.length > 24 && !/^(User-agent|Allow|Disallow|Sitemap):/i.test(l) && !/^"?\$?schema"?/.test(l))
      : [],
  );
}

describe('provenance on every published value', () => {
  it('every step that publishes says where its values come from', () => {
    const missing = GUIDES.flatMap((g) =>
      g.steps.filter((s) => s.publish && !['site', 'owner', 'example'].includes(s.source ?? '')).map((s) => `${g.where}: "${s.title}"`),
    );
    expect(missing).toEqual([]);
  });

  it('a capability guide asks for nothing on a content site (a bakery is not asked for its MCP server)', () => {
    const capabilityValues = ['mcpEndpoint', 'a2aEndpoint', 'apiBaseUrl', 'authorizationServer', 'signingKey'];
    const asked = GUIDES.filter((g) => g.where.includes('"app":false') && g.where.includes('without values')).flatMap((g) =>
      g.steps.flatMap((s) => (s.needs ?? []).filter((n) => capabilityValues.includes(n)).map((n) => `${g.where}: ${n}`)),
    );
    expect(asked).toEqual([]);
  });

  it("policy is the owner's: without an answer B1, B2 and B5 publish examples only, with one they publish the owner's values", () => {
    for (const g of GUIDES.filter((x) => ['B2', 'B5'].includes(x.id))) {
      const sources = g.steps.filter((s) => s.publish).map((s) => s.source);
      expect(sources, g.where).toEqual(sources.map(() => (g.where.includes('without values') ? 'example' : 'owner')));
    }
    const b2 = GUIDES.find((g) => g.id === 'B2' && g.where.includes('generic') && g.where.includes('with values'))!;
    expect(b2.steps.find((s) => s.publish)?.publish).toMatchObject({ content: 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n' });
  });
});

describe("planFixes writes no example's content into any framework's project", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  for (const kind of PROJECTS) {
    it(kind.id, () => {
      const dir = makeProject(kind);
      dirs.push(dir);
      const framework = detectFramework(dir);
      for (const values of [false, true]) {
        const guides = GUIDES.filter((g) => g.where.includes(`on ${framework.id === 'static' ? 'generic' : framework.id},`) || g.where.includes('on generic,'))
          .filter((g) => g.where.includes(values ? 'with values' : 'without values'))
          .slice(0, CHECKS.length * 2);
        for (const g of guides) {
          const check: PlanCheck = { id: g.id, name: g.id, status: 'fail', weight: 1, earned: 0, fixGuide: g.steps };
          const plan = planFixes({ url: `${ORIGIN}/`, checks: [check] }, { dir, framework, host: 'netlify' });
          const written = plan.files.map((f) => f.after).join('\n');
          const truth = g.steps.filter((s) => s.source === 'site' || s.source === 'owner');
          // An example line may also be in a true step's content (a spec constant): only the rest counts.
          const trueText = truth.map((s) => (s.publish && 'content' in s.publish ? s.publish.content : '')).join('\n');
          const leaked = exampleLines(g.steps).filter((l) => written.includes(l) && !trueText.includes(l));
          expect(leaked, `${kind.id}: ${g.where}`).toEqual([]);
          if (!truth.length) expect(plan.files, `${kind.id}: ${g.where} publishes only examples`).toEqual([]);
        }
      }
    });
  }
});

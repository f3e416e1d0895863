import type { CheckOutcome } from '../../../../src/core/checks/types.js';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { a6AgentSkills } from '../../../../src/core/checks/capabilities/a6-agent-skills.js';
import { agentSkills, readSkillsIndex, schemaVersion, type SkillsArtifact } from '../../../../src/core/gather/agent-skills.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { ORIGIN, json, notFound, response, soft404, text } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { liveContext } from '../commerce/live-context.js';
import { proseInData } from '../../../helpers/data-prose.js';
import type { CheckResult } from '../../../../src/core/schema.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisory codes of an outcome, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);
const INDEX = '/.well-known/agent-skills/index.json';
const LEGACY = '/.well-known/skills/index.json';
const SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const SKILL_MD = '---\nname: order-status\ndescription: Look up an order.\n---\n\n# Order status\n';
const sha = (s: string | Buffer) => `sha256:${createHash('sha256').update(s).digest('hex')}`;
const skillUrl = `${ORIGIN}/.well-known/agent-skills/order-status/SKILL.md`;

function entry(over: Record<string, unknown> = {}) {
  return {
    name: 'order-status',
    type: 'skill-md',
    description: 'Look up an order.',
    url: '/.well-known/agent-skills/order-status/SKILL.md',
    digest: sha(SKILL_MD),
    ...over,
  };
}

function artifact(index: FetchResult, files: Record<string, FetchResult> = {}, path = INDEX, probes?: FetchResult[]): SkillsArtifact {
  return { probes: probes ?? [index], probe: index, path, artifacts: files };
}

const skillMd = (body = SKILL_MD) => text('/.well-known/agent-skills/order-status/SKILL.md', body, 'text/markdown');

/** The sub-finding codes of an outcome, in order. */
const codes = (o: CheckOutcome) => o.findings?.map((f) => f.code) ?? [];
const finding = (o: CheckOutcome, code: string) => o.findings?.find((f) => f.code === code);

describe('A6 Agent Skills index (evaluate)', () => {
  it('passes a v0.2.0 index whose artifact digest and front matter check out', () => {
    const o = a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills: [entry()] }), { [skillUrl]: skillMd() }), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/v0\.2\.0/);
    expect(o.details).toMatchObject({ checked: 1, downloaded: 1, digests: 1, verified: 1, mismatches: 0 });
    expect(o.probes).toHaveLength(2);
  });

  it('accepts $schema variants of 0.2.x and rejects other URLs', () => {
    expect(schemaVersion('http://schemas.agentskills.io/discovery/0.2.0/schema.json')).toBe('0.2.0');
    expect(schemaVersion('https://schemas.agentskills.io/discovery/v0.2.1/schema.json#')).toBe('0.2.1');
    expect(schemaVersion('https://example.com/discovery/0.2.0/schema.json')).toBeNull();
    const o = a6AgentSkills.evaluate(
      artifact(json(INDEX, { $schema: 'https://schemas.agentskills.io/discovery/0.2/schema.json', skills: [entry()] }), { [skillUrl]: skillMd() }),
      ctx,
    );
    expect(o.status).toBe('pass');
  });

  it('reads the declared url/type/sha256 of an index under an unknown $schema, and flags the schema clients stop at (issue 23; agentskills.io well-known-uri)', () => {
    const idx = json(INDEX, {
      $schema: 'https://agentskills.example/schema/v0.2.0/index.json',
      skills: [
        {
          name: 'order-status',
          type: 'skill-md',
          description: 'Look up an order.',
          url: '/.well-known/agent-skills/order-status/SKILL.md',
          sha256: sha(SKILL_MD).slice(7),
        },
      ],
    });
    const o = a6AgentSkills.evaluate(artifact(idx, { [skillUrl]: skillMd() }), ctx);
    expect(o.status).toBe('partial');
    expect(codes(o)).toEqual(['A6/unknown-schema']);
    expect(finding(o, 'A6/unknown-schema')?.data).toEqual({ schema: 'https://agentskills.example/schema/v0.2.0/index.json' });
    expect(o.details).toMatchObject({ format: 'unknown-schema', checked: 1, downloaded: 1, verified: 1 });
    expect(o.evidence).not.toMatch(/no per-entry url/);
    expect(o.advisoryFindings?.[0]).toMatchObject({ code: 'A6/unknown-schema-read', data: { schema: 'https://agentskills.example/schema/v0.2.0/index.json' } });
    expect(noted(o)).toContain('A6/bare-sha256');
    // Entry types the texts do not define are skipped (as clients do): nothing usable is left.
    const odd = a6AgentSkills.evaluate(
      artifact(
        json(INDEX, {
          $schema: 'https://agentskills.example/schema/v0.2.0/index.json',
          skills: [{ name: 'order-status', type: 'action', description: 'Look up an order.', url: skillUrl }],
        }),
        {
          [skillUrl]: skillMd(),
        },
      ),
      ctx,
    );
    expect(odd.status).toBe('partial');
    expect(codes(odd)).toEqual(['A6/unknown-schema', 'A6/all-skipped']);
    expect(finding(odd, 'A6/all-skipped')?.data).toEqual({ types: 'action' });
    expect(odd.details).toMatchObject({ skipped: 1, valid: 0, checked: 0, downloaded: 0 });
  });

  it('skips an entry of an unrecognised type beside usable ones, with an advisory, and does not download it', () => {
    const ext = entry({ name: 'search-template', type: 'mcp-resource-template', url: '/templates/search', digest: sha('x') });
    const idx = artifact(json(INDEX, { $schema: SCHEMA, skills: [entry(), ext] }), { [skillUrl]: skillMd() });
    const o = a6AgentSkills.evaluate(idx, ctx);
    expect(o.status).toBe('pass');
    expect(o.details).toMatchObject({ skills: 2, valid: 1, skipped: 1, checked: 1, verified: 1 });
    expect(o.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'A6/entry-skipped', data: { n: 2, name: 'search-template', type: 'mcp-resource-template' } }),
    );
  });

  it('advises when a 0.2.x $schema is not spelled as the exact URI clients match', () => {
    const o = a6AgentSkills.evaluate(
      artifact(json(INDEX, { $schema: 'https://schemas.agentskills.io/discovery/0.2/schema.json', skills: [entry()] }), { [skillUrl]: skillMd() }),
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'A6/schema-not-exact', data: { schema: 'https://schemas.agentskills.io/discovery/0.2/schema.json' } }),
    );
    const exact = a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills: [entry()] }), { [skillUrl]: skillMd() }), ctx);
    expect(noted(exact)).not.toContain('A6/schema-not-exact');
  });

  it('advises on an archive served under a media type the texts do not name', () => {
    const bytes = Buffer.from('PK not really a zip');
    const url = `${ORIGIN}/.well-known/agent-skills/order-status.zip`;
    const arch = entry({ type: 'archive', url: '/.well-known/agent-skills/order-status.zip', digest: sha(bytes) });
    const served = response({ url, status: 200, headers: { 'content-type': 'application/x-tar' }, body: bytes });
    const o = a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills: [arch] }), { [url]: served }), ctx);
    expect(o.details).toMatchObject({ verified: 1 });
    expect(o.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'A6/archive-content-type', data: { name: 'order-status', contentType: 'application/x-tar' } }),
    );
  });

  it('counts only the downloads that succeeded (issue 23)', () => {
    const o = a6AgentSkills.evaluate(
      artifact(json(INDEX, { $schema: SCHEMA, skills: [entry()] }), { [skillUrl]: notFound('/.well-known/agent-skills/order-status/SKILL.md') }),
      ctx,
    );
    expect(o.status).toBe('partial');
    expect(o.details).toMatchObject({ checked: 1, downloaded: 0, verified: 0 });
    expect(codes(o)).toEqual(['A6/artifact-not-served']);
  });

  it('is partial on a digest mismatch and names the skill', () => {
    const o = a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills: [entry()] }), { [skillUrl]: skillMd(SKILL_MD + 'changed\n') }), ctx);
    expect(o.status).toBe('partial');
    expect(codes(o)).toEqual(['A6/digest-mismatch']);
    expect(finding(o, 'A6/digest-mismatch')?.data).toMatchObject({ name: 'order-status' });
    expect(o.details?.mismatches).toBe(1);
  });

  it('is partial when an artifact is not served or its SKILL.md lacks front matter', () => {
    const missing = a6AgentSkills.evaluate(
      artifact(json(INDEX, { $schema: SCHEMA, skills: [entry()] }), { [skillUrl]: notFound('/.well-known/agent-skills/order-status/SKILL.md') }),
      ctx,
    );
    expect(missing.status).toBe('partial');
    expect(codes(missing)).toEqual(['A6/artifact-not-served']);
    const bare = '# Order status\nNo front matter.\n';
    const noFm = a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills: [entry({ digest: sha(bare) })] }), { [skillUrl]: skillMd(bare) }), ctx);
    expect(noFm.status).toBe('partial');
    expect(finding(noFm, 'A6/skill-md-no-front-matter')).toMatchObject({
      data: { name: 'order-status' },
      text: 'skill "order-status": SKILL.md no YAML front matter (--- block) at the top',
    });
    const half = '---\nname: order-status\n---\n# x\n';
    const noDesc = a6AgentSkills.evaluate(
      artifact(json(INDEX, { $schema: SCHEMA, skills: [entry({ digest: sha(half) })] }), { [skillUrl]: skillMd(half) }),
      ctx,
    );
    expect(finding(noDesc, 'A6/skill-md-lacks')).toMatchObject({
      data: { name: 'order-status', members: '`description`' },
      text: 'skill "order-status": SKILL.md front matter lacks `description`',
    });
  });

  it('validates every entry field', () => {
    const skills = [
      entry({ name: 'Bad--Name' }),
      entry({ name: 'ok-one', type: 7 }),
      entry({ name: 'ok-two', description: 'x'.repeat(1025) }),
      entry({ name: 'ok-three', digest: 'sha256:ABC' }),
      entry({ name: 'ok-four', url: 'javascript:alert(1)' }),
    ];
    const o = a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills })), ctx);
    expect(o.status).toBe('partial');
    expect(codes(o)).toEqual([
      'A6/entry-name-invalid',
      'A6/entry-type-not-string',
      'A6/entry-description-too-long',
      'A6/entry-digest-invalid',
      'A6/entry-url-not-http',
    ]);
    expect(o.findings?.[0].data).toMatchObject({ n: 1, name: 'Bad--Name' });
    expect(o.details?.valid).toBe(0);
    // The gather reads them as data; the words are the check's.
    expect(readSkillsIndex({ $schema: SCHEMA, skills }, `${ORIGIN}${INDEX}`, INDEX).entries.map((e) => e.problems)).toEqual([
      [{ kind: 'name-invalid', value: 'Bad--Name' }],
      [{ kind: 'type-not-string' }],
      [{ kind: 'description-too-long', length: 1025 }],
      [{ kind: 'digest-invalid', value: 'sha256:ABC' }],
      [{ kind: 'url-not-http', value: 'javascript:alert(1)' }],
    ]);
    expect(o.findings?.map((f) => f.text)).toEqual([
      'entry 1 (Bad--Name): name "Bad--Name" is not lowercase a-z, 0-9 and single inner hyphens',
      'entry 2 (ok-one): `type` is not a string',
      'entry 3 (ok-two): description is 1025 characters (max 1024)',
      'entry 4 (ok-three): digest "sha256:ABC" is not sha256: + 64 lowercase hex',
      'entry 5 (ok-four): url "javascript:alert(1)" is not http(s)',
    ]);
  });

  it('reads the v0.1.0 legacy index as partial and says so', () => {
    const legacy = json(LEGACY, { skills: [{ name: 'legacy-skill', description: 'Legacy skill', files: ['SKILL.md'] }] });
    const o = a6AgentSkills.evaluate(artifact(legacy, {}, LEGACY, [notFound(INDEX), legacy]), ctx);
    expect(o.status).toBe('partial');
    expect(o.matched).toMatch(/v0\.1\.0/);
    expect(o.matched).toContain(LEGACY);
    expect(o.remediation).toContain(INDEX);
    expect(codes(o)).toEqual(['A6/legacy-path', 'A6/old-format']);
    expect(finding(o, 'A6/old-format')?.data).toEqual({ format: 'v0.1.0' });
  });

  it('reads the February 2026 draft (version + files[]) as partial and verifies its SKILL.md digest', () => {
    const draft = {
      version: '0.2.0',
      skills: [{ name: 'order-status', description: 'Look up an order.', digest: sha('x'), files: [{ path: 'SKILL.md', digest: sha(SKILL_MD) }] }],
    };
    const good = a6AgentSkills.evaluate(artifact(json(INDEX, draft), { [skillUrl]: skillMd() }), ctx);
    expect(good.status).toBe('partial');
    expect(good.matched).toMatch(/draft/);
    expect(good.details).toMatchObject({ digests: 1, verified: 1, mismatches: 0 });
    const bad = a6AgentSkills.evaluate(artifact(json(INDEX, draft), { [skillUrl]: skillMd('---\nname: other\n---\n') }), ctx);
    expect(codes(bad)).toContain('A6/digest-mismatch');
  });

  it('flags a v0.2.0-shaped index without $schema (clients read it as v0.1.0)', () => {
    const o = a6AgentSkills.evaluate(artifact(json(INDEX, { skills: [entry()] }), { [skillUrl]: skillMd() }), ctx);
    expect(o.status).toBe('partial');
    expect(codes(o)).toEqual(['A6/no-schema', 'A6/old-format']);
  });

  it('is partial on an empty skills array', () => {
    const empty = a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills: [] })), ctx);
    expect(empty.status).toBe('partial');
    expect(codes(empty)).toEqual(['A6/empty']);
  });

  it('fails when absent, on soft 404s and on non-JSON', () => {
    const none: SkillsArtifact = { probes: [notFound(INDEX), notFound(LEGACY)], probe: null, path: null, artifacts: {} };
    expect(a6AgentSkills.evaluate(none, ctx).status).toBe('fail');
    const soft = a6AgentSkills.evaluate({ probes: [soft404(INDEX), soft404(LEGACY)], probe: null, path: null, artifacts: {} }, ctx);
    expect(soft.status).toBe('fail');
    expect(soft.evidence).toMatch(/soft 404/);
    const garbage = a6AgentSkills.evaluate(
      {
        probes: [response({ url: INDEX, headers: { 'content-type': 'application/json' }, body: '{"skills": [' }), notFound(LEGACY)],
        probe: null,
        path: null,
        artifacts: {},
      },
      ctx,
    );
    expect(garbage.status).toBe('fail');
    expect(garbage.evidence).toMatch(/not JSON/);
  });

  it('writes a platform-aware fix guide ending with verify and spec', () => {
    const next = a6AgentSkills.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] });
    expect(next.some((s) => s.code?.includes('app/.well-known/agent-skills/index.json/route.ts'))).toBe(true);
    expect(next.at(-2)?.code).toContain('sha256sum');
    expect(next.at(-1)?.body).toContain('agent-skills-discovery-rfc');
    const shopify = a6AgentSkills.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] });
    expect(JSON.stringify(shopify)).toMatch(/Worker/);
  });
});

describe('A6 gather against a loopback site', () => {
  const open: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });

  it('downloads at most five artifacts and verifies their digests', async () => {
    const body = (n: number) => `---\nname: skill-${n}\ndescription: Skill number ${n}.\n---\n\n# Skill ${n}\n`;
    const site = await startFixture(() => {
      const routes: Record<string, unknown> = {
        '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>hi</body></html>' },
        [INDEX]: {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            $schema: SCHEMA,
            skills: Array.from({ length: 7 }, (_, i) => ({
              name: `skill-${i}`,
              type: 'skill-md',
              description: `Skill number ${i}.`,
              url: `skill-${i}/SKILL.md`, // relative to the index URL
              // skill-3 advertises the digest of different bytes.
              digest: sha(i === 3 ? 'tampered' : body(i)),
            })),
          }),
        },
      };
      for (let i = 0; i < 7; i++) routes[`/.well-known/agent-skills/skill-${i}/SKILL.md`] = { headers: { 'content-type': 'text/markdown' }, body: body(i) };
      return routes as never;
    });
    open.push(site);
    const gctx = await liveContext(site.origin);
    const art = await agentSkills(gctx);
    expect(Object.keys(art.artifacts)).toHaveLength(5);
    expect(site.requests.filter((r) => r.path.endsWith('/SKILL.md'))).toHaveLength(5);
    expect(site.requests.some((r) => r.path === LEGACY)).toBe(false);
    const o = a6AgentSkills.evaluate(art, { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o.status).toBe('partial');
    expect(o.details).toMatchObject({ verified: 4, mismatches: 1, skills: 7, valid: 7 });
    expect(finding(o, 'A6/digest-mismatch')?.data).toMatchObject({ name: 'skill-3' });
    expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A6/deep-check-bounded', data: { checked: 5, valid: 7 } }));
  });

  it('passes a site serving exactly what the fix guide writes (digest computed as its build step says)', async () => {
    const steps = a6AgentSkills.fixGuide({ origin: 'http://127.0.0.1', platform: null, hosting: [] });
    const skill = steps.find((s) => s.lang === 'markdown')!.code!;
    const indexStep = steps.find((s) => s.code?.includes('"$schema"'))!.code!;
    const index = JSON.parse(indexStep.slice(indexStep.indexOf('{'), indexStep.lastIndexOf('}') + 1));
    expect(index.$schema).toBe(SCHEMA);
    index.skills[0].digest = sha(skill);
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>hi</body></html>' },
      [INDEX]: { headers: { 'content-type': 'application/json' }, body: JSON.stringify(index, null, 2) },
      [index.skills[0].url]: { headers: { 'content-type': 'text/markdown' }, body: skill },
    });
    open.push(site);
    const o = a6AgentSkills.evaluate(await agentSkills(await liveContext(site.origin)), { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o.status).toBe('pass');
    expect(o.code).toBe('A6/ok');
    expect(o.details).toMatchObject({ format: 'v0.2.0', valid: 1, skipped: 0, verified: 1 });
  });

  it('falls back to the v0.1.0 path only when the current one is absent', async () => {
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>hi</body></html>' },
      [LEGACY]: {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ skills: [{ name: 'legacy', description: 'Old.', files: ['SKILL.md'] }] }),
      },
      '/.well-known/skills/legacy/SKILL.md': { headers: { 'content-type': 'text/markdown' }, body: '---\nname: legacy\ndescription: Old.\n---\n' },
    });
    open.push(site);
    const art = await agentSkills(await liveContext(site.origin));
    expect(art.path).toBe(LEGACY);
    const o = a6AgentSkills.evaluate(art, { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o.status).toBe('partial');
    expect(o.matched).toMatch(/v0\.1\.0/);
    expect(site.requests.map((r) => r.path)).toContain('/.well-known/skills/legacy/SKILL.md');
    expect(o.details).toMatchObject({ checked: 1, downloaded: 1, digests: 0, verified: 0 });
  });
});

describe('A6 data holds values (issue 39)', () => {
  it('probes, invalid YAML, unmade downloads and entry problems carry fields, not sentences', () => {
    const broken = response({ url: INDEX, headers: { 'content-type': 'application/json' }, body: '{ not json at all' });
    const badYaml = '---\nname: [order status\n---\n# x\n';
    const refused = response({ url: skillUrl, error: { code: 'refused', message: 'connection refused' } });
    const outcomes = [
      a6AgentSkills.evaluate(artifact(broken, {}, INDEX, [broken, soft404(LEGACY)]), ctx),
      a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills: [entry({ digest: sha(badYaml) })] }), { [skillUrl]: skillMd(badYaml) }), ctx),
      a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills: [entry()] }), { [skillUrl]: refused }), ctx),
      a6AgentSkills.evaluate(artifact(json(INDEX, { $schema: SCHEMA, skills: [entry({ name: 'This is not a name of a skill' })] })), ctx),
    ];
    expect(outcomes.map((o) => o.code)).toEqual(['A6/missing', 'A6/invalid', 'A6/artifact-unmeasured', 'A6/invalid']);
    expect(codes(outcomes[0])).toEqual(['A6/seen-not-json', 'A6/seen-soft-404']);
    expect(codes(outcomes[1])).toEqual(['A6/skill-md-invalid-yaml']);
    expect(outcomes[2].evidence).toMatch(
      /^Could not be measured: 1 artifact download\(s\) could not be made \(GET \/\.well-known\/agent-skills\/order-status\/SKILL\.md → refused: /,
    );
    const results = outcomes.map((o) => ({ ...o, id: 'A6' }) as unknown as CheckResult);
    expect(proseInData(results, () => a6AgentSkills.meta.quoted ?? [])).toEqual([]);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { a9AuthMd, authMdPointers, firstH1 } from '../../../../src/core/checks/capabilities/a9-auth-md.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { ORIGIN, notFound, soft404, text } from '../../../helpers/responses.js';
import { gatherContext } from '../discoverability/ctx.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisory codes of an outcome, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);

describe('firstH1', () => {
  it('finds ATX and setext headings and skips fenced code', () => {
    expect(firstH1('## Sub\n# auth.md for Acme #\n')).toBe('auth.md for Acme');
    expect(firstH1('```\n# not a heading\n```\nauth.md\n=======\n')).toBe('auth.md');
    expect(firstH1('#NoSpace\ntext')).toBeNull();
    expect(firstH1('plain text only')).toBeNull();
  });
});

describe('A9 auth.md', () => {
  it('passes Markdown whose H1 names auth.md', () => {
    const o = a9AuthMd.evaluate(text('/auth.md', '# auth.md for Acme\n\nRegister at /oauth/register.\n', 'text/markdown'), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/Auth\.md/);
    expect(noted(o)).toEqual([]);
  });
  it('notes text/plain and a document that links nothing', () => {
    const o = a9AuthMd.evaluate(text('/auth.md', '# AUTH.MD\n\nAsk us for a key.\n'), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toMatchObject([{ code: 'A9/content-type', data: { contentType: 'text/plain' } }, { code: 'A9/no-pointers' }]);
  });
  it('is partial with another H1 or none when the document is not a registration guide', () => {
    const other = a9AuthMd.evaluate(text('/auth.md', '# Authentication\n\nUse OAuth.\n', 'text/markdown'), ctx);
    expect(other.status).toBe('partial');
    expect(other.code).toBe('A9/not-a-guide');
    expect(other.findings?.map((f) => [f.code, f.data])).toEqual([
      ['A9/h1', { h1: 'Authentication' }],
      ['A9/no-metadata-pointer', undefined],
      ['A9/no-registration', undefined],
    ]);
    expect(other.evidence).toContain('H1 "Authentication"; no pointer to the OAuth metadata; no registration step: neither an H1');
    expect(a9AuthMd.evaluate(text('/auth.md', 'no heading at all', 'text/markdown'), ctx).code).toBe('A9/not-a-guide');
    const noRegistration = a9AuthMd.evaluate(text('/auth.md', '# Agents\n\nSee /.well-known/oauth-protected-resource.\n', 'text/markdown'), ctx);
    expect(noRegistration.code).toBe('A9/not-a-guide');
    expect(noRegistration.findings?.map((f) => f.code)).toEqual(['A9/h1', 'A9/no-registration']);
  });
  it('passes a full registration guide whatever its H1 (the workos/auth.md README and template require no heading)', () => {
    const body =
      '# Agent registration for Acme\n\n## Step 1 — Discover\n\nRead /.well-known/oauth-protected-resource, then the agent_auth block of the authorization server.\n\n## Step 2 — Register\n\nPOST to identity_endpoint.\n';
    const o = a9AuthMd.evaluate(text('/auth.md', body, 'text/markdown'), ctx);
    expect(o).toMatchObject({ status: 'pass', code: 'A9/ok' });
    expect(o.evidence).toContain(
      'H1 "Agent registration for Acme"; a registration guide (points at protected-resource metadata, agent_auth block, registration step)',
    );
    const untitled = a9AuthMd.evaluate(text('/auth.md', body.replace(/^# .*\n/, ''), 'text/markdown'), ctx);
    expect(untitled.code).toBe('A9/ok');
  });
  it('fails when absent or a soft 404', () => {
    expect(a9AuthMd.evaluate(notFound('/auth.md'), ctx).status).toBe('fail');
    const soft = a9AuthMd.evaluate(soft404('/auth.md'), ctx);
    expect(soft.status).toBe('fail');
    expect(soft.code).toBe('A9/soft-404');
  });
  it('fix guide serves text/markdown on the platform and verifies', () => {
    const steps = a9AuthMd.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] });
    expect(steps.some((s) => s.code?.includes('app/auth.md/route.ts') && s.code.includes('text/markdown'))).toBe(true);
    expect(steps.find((s) => s.title === 'Verify')?.code).toContain(`${ORIGIN}/auth.md`);
  });
  it('reports what the document points at (WorkOS anatomy: PRM, AS metadata, agent_auth, registration)', () => {
    expect(authMdPointers('See /.well-known/oauth-protected-resource and the agent_auth block; POST register_uri.')).toEqual({
      protectedResourceMetadata: true,
      authorizationServerMetadata: false,
      agentAuthBlock: true,
      registration: true,
    });
    const o = a9AuthMd.evaluate(text('/auth.md', '# auth.md\n\nAsk us for a key.\n', 'text/markdown'), ctx);
    expect(o.details).toEqual({
      pointers: { protectedResourceMetadata: false, authorizationServerMetadata: false, agentAuthBlock: false, registration: false },
    });
  });
});

describe('A9 fix guide (auth.md docs read 2026-11-25)', () => {
  const sites: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
  });
  it('writes the current walkthrough shape, and a site serving exactly it passes with every pointer', async () => {
    const steps = a9AuthMd.fixGuide({ origin: ORIGIN, platform: null, hosting: [] });
    const doc = steps[0].code!;
    expect(firstH1(doc)).toBe('auth.md');
    expect(doc).not.toMatch(/Dynamic Client Registration|oauth\/register/);
    const block = JSON.parse(steps.find((st) => st.lang === 'json')!.code!) as { agent_auth: Record<string, unknown> };
    expect(Object.keys(block.agent_auth)).toEqual(
      expect.arrayContaining(['skill', 'identity_endpoint', 'claim_endpoint', 'events_endpoint', 'identity_types_supported']),
    );
    // workos/auth.md v0.2.0 renamed register_uri/claim_uri and v0.6.0 dropped verified_email (CHANGELOG.md 11fa014).
    expect(JSON.stringify(block)).not.toMatch(/register_uri|claim_uri|verified_email|requested_credential_type/);
    expect(`${JSON.stringify(block)}\n${doc}`).not.toContain(`${ORIGIN}/agent/auth`);
    const s = await startFixture({ '/auth.md': { headers: { 'content-type': 'text/markdown; charset=utf-8' }, body: doc } });
    sites.push(s);
    const c = await gatherContext(`${s.origin}/`);
    const o = a9AuthMd.evaluate(await a9AuthMd.gather(c), { origin: s.origin, pageUrl: `${s.origin}/` });
    expect(o.code).toBe('A9/ok');
    expect(noted(o)).toEqual([]);
    expect(o.details).toEqual({ pointers: { protectedResourceMetadata: true, authorizationServerMetadata: true, agentAuthBlock: true, registration: true } });
  });
});

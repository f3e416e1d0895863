import { afterAll, describe, expect, it } from 'vitest';
import { AP2_EXTENSION_URI, AP2_V01_EXTENSION_URI, m4Ap2 } from '../../../../src/core/checks/commerce/m4-ap2.js';
import { ucpFromProbe } from '../../../../src/core/gather/ucp.js';
import { ORIGIN, json } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { CARD, noCard, noUcp, shopCard } from './artifacts.js';
import { liveContext } from './live-context.js';
import { proseInData } from '../../../helpers/data-prose.js';

const open: FixtureSite[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
});

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const noProse = (...outcomes: object[]) =>
  proseInData(
    outcomes.map((o) => ({ ...o, id: 'M4' }) as never),
    () => m4Ap2.meta.quoted ?? [],
  );

describe('M4 AP2', () => {
  it('passes the AP2 extension with roles', () => {
    const o = m4Ap2.evaluate({ card: shopCard([{ uri: AP2_V01_EXTENSION_URI, required: true, params: { roles: ['merchant'] } }]), ucp: noUcp() }, ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('AP2 v0.1 A2A extension');
    expect(m4Ap2.evaluate({ card: shopCard([{ uri: AP2_EXTENSION_URI, required: true, params: { roles: ['merchant'] } }]), ucp: noUcp() }, ctx).matched).toBe(
      'AP2 v0.2 A2A extension (samples)',
    );
    expect(o).toMatchObject({
      code: 'M4/ok',
      data: { known: 'merchant', required: 'true' },
      details: { roles: ['merchant'], required: true, ucpMandate: false },
    });
    expect(o.advisoryFindings ?? []).toEqual([]);
  });
  it('advises required: true for merchants and flags unknown roles', () => {
    const o = m4Ap2.evaluate(
      { card: shopCard([{ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.2', params: { roles: ['merchant', 'banker'] } }]), ucp: noUcp() },
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings?.map(({ code, data }) => ({ code, data }))).toEqual([
      { code: 'M4/unknown-roles', data: { roles: 'banker' } },
      { code: 'M4/not-required', data: undefined },
    ]);
  });
  it('is partial when a v0.1 extension has no valid roles', () => {
    const o = m4Ap2.evaluate({ card: shopCard([{ uri: AP2_V01_EXTENSION_URI, params: {} }]), ucp: noUcp() }, ctx);
    expect(o.status).toBe('partial');
    expect(o.remediation).toMatch(/params\.roles/);
    const unknownOnly = m4Ap2.evaluate({ card: shopCard([{ uri: AP2_EXTENSION_URI, params: { roles: ['banker'] } }]), ucp: noUcp() }, ctx);
    expect(unknownOnly.code).toBe('M4/no-roles');
    expect(unknownOnly.evidence).toMatch(/ without valid params\.roles \(got: banker\); no UCP profile\.$/);
    expect(noProse(o, unknownOnly)).toEqual([]);
  });
  it("passes the v0.2 samples' declaration (ap2/v1, required, no params): AP2 v0.2 b4587ac has no A2A roles", () => {
    const o = m4Ap2.evaluate(
      { card: shopCard([{ uri: AP2_EXTENSION_URI, description: 'Supports the Agent Payments Protocol.', required: true }]), ucp: noUcp() },
      ctx,
    );
    expect(o).toMatchObject({ status: 'pass', code: 'M4/declared', matched: 'AP2 v0.2 A2A extension (samples)', details: { roles: [], required: true } });
    expect(o.advisoryFindings ?? []).toEqual([]);
    const optional = m4Ap2.evaluate({ card: shopCard([{ uri: `${AP2_EXTENSION_URI}/` }]), ucp: noUcp() }, ctx);
    expect(optional.code).toBe('M4/declared');
    expect(optional.advisoryFindings?.map((n) => n.code)).toEqual(['M4/not-required']);
  });
  it('passes on the UCP ap2_mandate capability', () => {
    const ucp = ucpFromProbe(
      json('/.well-known/ucp', { ucp: { version: '2026-01-11', capabilities: { 'dev.ucp.shopping.ap2_mandate': { version: '2026-01-11' } } } }),
    );
    const o = m4Ap2.evaluate({ card: noCard(), ucp }, ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('UCP capability dev.ucp.shopping.ap2_mandate');
    expect(o.evidence).toMatch(/; UCP profile lists dev\.ucp\.shopping\.ap2_mandate \(version 2026-01-11\); A2A card: none\.$/);
    expect(noProse(o)).toEqual([]);
  });
  it('fails with "AP2 requires an A2A Agent Card" without a card, and names other extensions otherwise', () => {
    const none = m4Ap2.evaluate({ card: noCard(), ucp: noUcp() }, ctx);
    expect(none.status).toBe('fail');
    expect(none.code).toBe('M4/no-agent-card');
    const other = m4Ap2.evaluate({ card: shopCard([{ uri: 'https://example.com/ext/streaming' }]), ucp: noUcp() }, ctx);
    expect(other.status).toBe('fail');
    expect(other.code).toBe('M4/missing');
    expect(other.evidence).toContain('the A2A card declares 1 extension(s), none of them AP2 (https://example.com/ext/streaming)');
    expect(other.data).toMatchObject({ extensions: 1, extensionList: 'https://example.com/ext/streaming' });
    expect(none.findings?.map((f) => f.code).at(-1)).toBe('M4/no-ucp');
    expect(noProse(none, other)).toEqual([]);
  });
  it('fix guide shows the extension block and how to verify', () => {
    const steps = m4Ap2.fixGuide({ origin: ORIGIN, platform: null, hosting: [] });
    expect(steps[0].code).toContain(AP2_EXTENSION_URI);
    expect(steps.find((s) => s.title === 'Verify')?.code).toContain('agent-card.json');
  });
  it('passes a loopback site whose card carries exactly the block the fix guide writes', async () => {
    // The guide's first step is the block to merge into an existing card (A5 covers the rest of the card).
    const block = JSON.parse(m4Ap2.fixGuide({ origin: ORIGIN, platform: null, hosting: ['nginx'] })[0].code!) as Record<string, unknown>;
    const base = { name: 'Shop agent', version: '1.0.0', skills: [] };
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>shop</body></html>' },
      [CARD]: { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...base, ...block }) },
    });
    open.push(site);
    const o = m4Ap2.evaluate(await m4Ap2.gather(await liveContext(site.origin)), { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o).toMatchObject({ status: 'pass', code: 'M4/ok', details: { roles: ['merchant'], required: true, ucpMandate: false } });
  });
});

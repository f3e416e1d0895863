import { afterAll, describe, expect, it } from 'vitest';
import { proseInData } from '../../../helpers/data-prose.js';
import { ACP_LATEST, ACP_PATH, acpProblems, m2Acp } from '../../../../src/core/checks/commerce/m2-acp.js';
import { ORIGIN, json, notFound, soft404 } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { liveContext } from './live-context.js';

const open: FixtureSite[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
});

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const PATH = '/.well-known/acp.json';
const CACHE = { 'cache-control': 'public, max-age=3600' };
const DOC = {
  protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2025-09-29', '2026-01-30'], documentation_url: 'https://shop.example.com/docs/acp' },
  api_base_url: 'https://shop.example.com/acp',
  transports: ['rest', 'mcp'],
  capabilities: { services: ['checkout', 'orders'], supported_currencies: ['usd'] },
};

describe('M2 ACP discovery', () => {
  it('passes a complete document', () => {
    const o = m2Acp.evaluate(json(PATH, DOC, CACHE), ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('ACP discovery (RFC proposal) 2026-01-30');
    expect(o.advisoryFindings ?? []).toEqual([]);
  });
  it('is partial on enum violations and missing fields', () => {
    const doc = { ...DOC, transports: ['grpc'], capabilities: { services: ['refunds'] }, api_base_url: 'not a url' };
    const o = m2Acp.evaluate(json(PATH, doc, CACHE), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('M2/invalid');
    expect(o.evidence).toMatch(/"grpc" outside the enum/);
    expect(o.evidence).toMatch(/"refunds" outside the enum/);
    expect(o.evidence).toMatch(/api_base_url` is not an absolute URL/);
    expect(o.findings).toContainEqual(expect.objectContaining({ code: 'M2/transports-outside-enum', data: { values: '"grpc"' } }));
    expect(proseInData([{ ...o, id: 'M2' } as never], () => m2Acp.meta.quoted ?? [])).toEqual([]);
    expect(acpProblems({ protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2025-09-29'] } })).toContain(
      '`protocol.supported_versions` does not include `protocol.version`',
    );
  });
  it('reads `carts` as a service (rfcs/rfc.discovery.md 7641c71, 2026-04-16; the 2026-04-17 schema enum)', () => {
    const doc = { ...DOC, capabilities: { services: ['checkout', 'carts'] } };
    expect(m2Acp.evaluate(json(PATH, doc, CACHE), ctx).status).toBe('pass');
    expect(acpProblems(doc)).toEqual([]);
    const wrong = { ...DOC, capabilities: { services: ['cart'] } };
    expect(acpProblems(wrong).join(' ')).toMatch(/"cart" outside the enum \(checkout, orders, delegate_payment, carts\)/);
  });
  it('advises on caching and merchant identifiers', () => {
    const o = m2Acp.evaluate(json(PATH, { ...DOC, merchant_id: 'm_123' }), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings?.map(({ code, data }) => ({ code, data }))).toEqual([
      { code: 'M2/no-cache-control', data: undefined },
      { code: 'M2/merchant-id', data: undefined },
    ]);
  });
  it('fails when absent, soft 404, or not an ACP document, and notes platform integrations', () => {
    const none = m2Acp.evaluate(notFound(PATH), ctx);
    expect(none.status).toBe('fail');
    expect(none).toMatchObject({ code: 'M2/missing', findings: [{ code: 'M2/absent' }] });
    expect(none.evidence).toMatch(/: no ACP discovery document\. Absence does not prove "no ACP"/);
    expect(m2Acp.evaluate(soft404(PATH), ctx).evidence).toMatch(/: an HTML page \(soft 404\)\. Absence/);
    expect(m2Acp.evaluate(json(PATH, { protocol: { name: 'ucp' } }), ctx).status).toBe('fail');
  });
  it('holds the RFC conformance checklist: rest transport, version order, extension names, intervention enum', () => {
    const base = { ...DOC, capabilities: { services: ['checkout'] } };
    expect(acpProblems(base)).toEqual([]);
    expect(acpProblems({ ...base, transports: ['mcp'] })).toEqual(['`transports` lacks "rest" (the RFC requires at least rest)']);
    expect(acpProblems({ ...base, protocol: { ...DOC.protocol, supported_versions: ['2026-01-30', '2025-09-29'] } })).toEqual([
      '`protocol.supported_versions` is not in chronological order (oldest first)',
    ]);
    expect(acpProblems({ ...base, protocol: { ...DOC.protocol, version: '2025-09-29' } })).toEqual([
      '`protocol.version` is not the latest of `protocol.supported_versions`',
    ]);
    expect(
      acpProblems({
        ...base,
        capabilities: { services: ['checkout'], extensions: [{ name: 'discount', spec: 'https://x.example/d' }, { spec: 'https://x.example/f' }] },
      }),
    ).toEqual(['`capabilities.extensions` has an entry without a `name`']);
    expect(acpProblems({ ...base, capabilities: { services: ['checkout'], intervention_types: ['3ds', 'sms'] } })).toEqual([
      'intervention_types "sms" outside the enum (3ds, biometric, address_verification)',
    ]);
  });
  it('passes a loopback site serving exactly what the fix guide writes', async () => {
    const steps = m2Acp.fixGuide({ origin: 'https://shop.example.com', platform: null, hosting: ['nginx'] });
    const file = steps.find((s) => s.lang === 'json' && s.code?.includes('"acp"'));
    const written = JSON.parse(file!.code!) as { protocol: { version: string } };
    expect(written.protocol.version).toBe(ACP_LATEST);
    const site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>shop</body></html>' },
      [ACP_PATH]: {
        headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' },
        body: file!.code!.replaceAll('https://shop.example.com', s.origin),
      },
    }));
    open.push(site);
    const gctx = await liveContext(site.origin);
    const o = m2Acp.evaluate(await m2Acp.gather(gctx), { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o).toMatchObject({ status: 'pass', code: 'M2/ok', matched: `ACP discovery (RFC proposal) ${ACP_LATEST}` });
    expect(o.advisoryFindings ?? []).toEqual([]);
  });
  it('fix guide serves the file with Cache-Control', () => {
    const steps = m2Acp.fixGuide({ origin: ORIGIN, platform: null, hosting: ['nginx'] });
    expect(steps.some((s) => s.lang === 'nginx' && s.code?.includes('Cache-Control'))).toBe(true);
    expect(m2Acp.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] })[0].title).toMatch(/platform/);
  });
});

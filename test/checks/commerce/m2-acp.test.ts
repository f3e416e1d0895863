import { describe, expect, it } from 'vitest';
import { acpProblems, m2Acp } from '../../../src/core/checks/commerce/m2-acp.js';
import { ORIGIN, json, notFound, soft404 } from '../../helpers/responses.js';

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
    expect(o.advisories ?? []).toEqual([]);
  });
  it('is partial on enum violations and missing fields', () => {
    const doc = { ...DOC, transports: ['grpc'], capabilities: { services: ['refunds'] }, api_base_url: 'not a url' };
    const o = m2Acp.evaluate(json(PATH, doc, CACHE), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('M2/invalid');
    expect(o.data?.problems).toMatch(/"grpc" outside the enum/);
    expect(o.data?.problems).toMatch(/"refunds" outside the enum/);
    expect(o.data?.problems).toMatch(/api_base_url` is not an absolute URL/);
    expect(acpProblems({ protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2025-09-29'] } })).toContain(
      '`protocol.supported_versions` does not include `protocol.version`',
    );
  });
  it('advises on caching and merchant identifiers', () => {
    const o = m2Acp.evaluate(json(PATH, { ...DOC, merchant_id: 'm_123' }), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisories?.join(' ')).toMatch(/Cache-Control is "absent"/);
    expect(o.advisories?.join(' ')).toMatch(/merchant identifier/);
  });
  it('fails when absent, soft 404, or not an ACP document, and notes platform integrations', () => {
    const none = m2Acp.evaluate(notFound(PATH), ctx);
    expect(none.status).toBe('fail');
    expect(none).toMatchObject({ code: 'M2/missing', data: { isSoft404: 'no ACP discovery document' } });
    expect(none.data?.note).toMatch(/does not prove "no ACP"/);
    expect(m2Acp.evaluate(soft404(PATH), ctx).data?.isSoft404).toMatch(/soft 404/);
    expect(m2Acp.evaluate(json(PATH, { protocol: { name: 'ucp' } }), ctx).status).toBe('fail');
  });
  it('fix guide serves the file with Cache-Control', () => {
    const steps = m2Acp.fixGuide({ origin: ORIGIN, platform: null, hosting: ['nginx'] });
    expect(steps.some((s) => s.lang === 'nginx' && s.code?.includes('Cache-Control'))).toBe(true);
    expect(m2Acp.fixGuide({ origin: ORIGIN, platform: 'shopify', hosting: [] })[0].title).toMatch(/platform/);
  });
});

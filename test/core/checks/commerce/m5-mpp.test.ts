import { afterAll, describe, expect, it } from 'vitest';
import { proseInData } from '../../../helpers/data-prose.js';
import { m5Mpp, readPaymentInfo } from '../../../../src/core/checks/commerce/m5-mpp.js';
import { openApiCandidates, openApiDoc, openApiFromProbes } from '../../../../src/core/gather/openapi.js';
import { ORIGIN, json, notFound, soft404 } from '../../../helpers/responses.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { liveContext } from './live-context.js';

const open: FixtureSite[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
});

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
function withDoc(doc: unknown | null, soft = false) {
  const candidates = openApiCandidates(ORIGIN, [], []);
  const probes = candidates.map((c) => {
    const path = new URL(c.url).pathname;
    if (path === '/openapi.json' && doc) return json(path, doc);
    return soft ? soft404(path) : notFound(path);
  });
  return openApiFromProbes(candidates, probes);
}
const doc = (info: unknown) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  'x-service-info': { name: 'T' },
  paths: { '/report': { get: { 'x-payment-info': info } }, '/free': { get: {} } },
});

const noProse = (...outcomes: object[]) =>
  proseInData(
    outcomes.map((o) => ({ ...o, id: 'M5' }) as never),
    () => m5Mpp.meta.quoted ?? [],
  );

describe('M5 MPP x-payment-info', () => {
  it('passes a complete x-payment-info', () => {
    const o = m5Mpp.evaluate(withDoc(doc({ intent: 'charge', method: 'tempo', amount: '0.01', currency: 'usd' })), ctx);
    expect(o.status).toBe('pass');
    expect(o.code).toBe('M5/ok');
    expect(o.data).toMatchObject({ complete: 1, operations: 2, serviceInfo: 'present' });
    expect(o.findings).toMatchObject([{ code: 'M5/payable', data: { operation: 'GET /report', summary: 'charge tempo 0.01 usd' } }]);
    expect(o.evidence).toMatch(/: 1 of 2 operation\(s\) with complete x-payment-info: GET \/report \(charge tempo 0\.01 usd\)\. x-service-info: present\.$/);
    expect(o.details).toEqual({ payable: ['GET /report'] });
  });
  it('accepts the offers[] form', () => {
    expect(readPaymentInfo('GET /x', { offers: [{ intent: 'session', method: 'stripe', amount: 5 }] }).complete).toBe(true);
    expect(readPaymentInfo('GET /x', { offers: [] }).problems).toEqual(['offers[] is empty']);
  });
  it('is partial when entries are incomplete', () => {
    const o = m5Mpp.evaluate(withDoc(doc({ intent: 'subscribe', method: 'card' })), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('M5/incomplete');
    expect(o.data).toMatchObject({ count: 1 });
    expect(o.findings?.map((f) => f.text)).toEqual(['GET /report: intent "subscribe" is not charge or session', 'GET /report: no amount']);
    expect(o.findings?.[0]).toMatchObject({ code: 'M5/bad-intent', data: { operation: 'GET /report', intent: 'subscribe' } });
    expect(noProse(o)).toEqual([]);
  });
  it('fails without x-payment-info or without an OpenAPI document (noting soft 404s)', () => {
    expect(m5Mpp.evaluate(withDoc({ openapi: '3.1.0', paths: { '/a': { get: {} } } }), ctx).code).toBe('M5/missing');
    const soft = m5Mpp.evaluate(withDoc(null, true), ctx);
    expect(soft.status).toBe('fail');
    expect(soft.code).toBe('M5/no-openapi');
    expect(soft.data?.soft404).toBeGreaterThan(0);
    expect(soft.evidence).toMatch(/location\(s\) probed, \d+ of them an HTML page: likely soft 404; see A8\)\.$/);
    expect(noProse(soft)).toEqual([]);
  });
  it('fix guide shows an annotated operation', () => {
    expect(m5Mpp.fixGuide({ origin: ORIGIN, platform: null, hosting: [] })[0].code).toContain('"x-payment-info"');
  });

  const paid = (info: unknown, responses: Record<string, unknown> = { '402': { description: 'Payment Required' } }) => ({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: { '/report': { post: { 'x-payment-info': info, responses } } },
  });

  it('reads null amounts as dynamic pricing (draft-payment-discovery-01)', () => {
    const f = readPaymentInfo('POST /x', { intent: 'charge', method: 'tempo', amount: null, currency: 'usd' });
    expect(f).toMatchObject({ complete: true, problems: [], notes: [], summary: 'charge tempo dynamic price usd' });
    const o = m5Mpp.evaluate(withDoc(paid({ offers: [{ intent: 'charge', method: 'tempo', amount: null }] })), ctx);
    expect(o).toMatchObject({ status: 'pass', code: 'M5/ok' });
    expect(o.advisoryFindings ?? []).toEqual([]);
  });

  it('advises on decimal amounts and payable operations without a 402 response', () => {
    expect(readPaymentInfo('GET /x', { intent: 'charge', method: 'stripe', amount: '0.50' }).notes[0]).toMatch(/not a base-unit integer string/);
    expect(readPaymentInfo('GET /x', { intent: 'charge', method: 'stripe', amount: 50 }).notes[0]).toMatch(/not a base-unit integer string/);
    expect(readPaymentInfo('GET /x', { intent: 'charge', method: 'stripe', amount: '007' }).notes).toHaveLength(1);
    expect(readPaymentInfo('GET /x', { intent: 'charge', method: 'stripe', amount: '0' }).notes).toEqual([]);
    const o = m5Mpp.evaluate(withDoc(paid({ intent: 'charge', method: 'stripe', amount: '50' }, { '200': { description: 'ok' } })), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings?.map(({ code, data }) => ({ code, data }))).toEqual([{ code: 'M5/no-402', data: { operation: 'POST /report' } }]);
    const decimal = m5Mpp.evaluate(withDoc(paid({ intent: 'charge', method: 'stripe', amount: '0.50' })), ctx);
    expect(decimal.advisoryFindings?.map(({ code, data }) => ({ code, data }))).toEqual([
      { code: 'M5/amount-not-base-units', data: { operation: 'POST /report', amount: '"0.50"' } },
    ]);
    expect(noProse(o, decimal)).toEqual([]);
  });

  it('names the x402scan price/protocols shape instead of passing it silently', () => {
    const info = { price: { mode: 'fixed', currency: 'USD', amount: '0.10' }, protocols: [{ x402: {} }] };
    const o = m5Mpp.evaluate(withDoc(paid(info)), ctx);
    expect(o).toMatchObject({ status: 'partial', code: 'M5/incomplete' });
    expect(o.evidence).toMatch(/: POST \/report: x402scan-style price\/protocols object/);
    expect(o.findings).toMatchObject([{ code: 'M5/scan-shape' }]);
  });

  it('passes a loopback site whose OpenAPI document carries exactly what the fix guide writes', async () => {
    const snippet = JSON.parse(m5Mpp.fixGuide({ origin: ORIGIN, platform: null, hosting: [] })[0].code!) as { paths: unknown };
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>api</body></html>' },
      '/openapi.json': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, ...snippet }),
      },
    });
    open.push(site);
    const o = m5Mpp.evaluate(await openApiDoc(await liveContext(site.origin)), { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o).toMatchObject({ status: 'pass', code: 'M5/ok', details: { payable: ['GET /api/report'] } });
    expect(o.advisoryFindings ?? []).toEqual([]);
  });
});

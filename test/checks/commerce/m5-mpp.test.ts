import { describe, expect, it } from 'vitest';
import { m5Mpp, readPaymentInfo } from '../../../src/core/checks/commerce/m5-mpp.js';
import { openApiCandidates, openApiFromProbes } from '../../../src/core/gather/openapi.js';
import { ORIGIN, json, notFound, soft404 } from '../../helpers/responses.js';

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
const doc = (info: unknown) => ({ openapi: '3.1.0', info: { title: 'T', version: '1' }, 'x-service-info': { name: 'T' }, paths: { '/report': { get: { 'x-payment-info': info } }, '/free': { get: {} } } });

describe('M5 MPP x-payment-info', () => {
  it('passes a complete x-payment-info', () => {
    const o = m5Mpp.evaluate(withDoc(doc({ intent: 'charge', method: 'tempo', amount: '0.01', currency: 'usd' })), ctx);
    expect(o.status).toBe('pass');
    expect(o.code).toBe('M5/ok');
    expect(o.data).toMatchObject({ complete: 1, operations: 2, list: 'GET /report (charge tempo 0.01 usd)' });
    expect(o.data?.service).not.toBe('');
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
    expect(o.data).toMatchObject({ count: 1, incomplete: 'GET /report (intent "subscribe" is not charge or session, no amount)' });
  });
  it('fails without x-payment-info or without an OpenAPI document (noting soft 404s)', () => {
    expect(m5Mpp.evaluate(withDoc({ openapi: '3.1.0', paths: { '/a': { get: {} } } }), ctx).code).toBe('M5/missing');
    const soft = m5Mpp.evaluate(withDoc(null, true), ctx);
    expect(soft.status).toBe('fail');
    expect(soft.code).toBe('M5/no-openapi');
    expect(soft.data?.soft404).toMatch(/^, \d+ answered an HTML page/);
  });
  it('fix guide shows an annotated operation', () => {
    expect(m5Mpp.fixGuide({ origin: ORIGIN, platform: null, hosting: [] })[0].code).toContain('"x-payment-info"');
  });
});

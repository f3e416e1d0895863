import { describe, expect, it } from 'vitest';
import { a10AiCatalog, ardEntryProblems } from '../../../src/core/checks/capabilities/a10-ai-catalog.js';
import { ORIGIN, json, notFound, response, soft404 } from '../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const PATH = '/.well-known/ai-catalog.json';
const CORS = { 'access-control-allow-origin': '*' };
const entry = {
  identifier: 'urn:air:shop.example.com:mcp:orders',
  displayName: 'Orders MCP',
  type: 'mcp',
  url: 'https://shop.example.com/mcp',
  representativeQueries: ['where is my order', 'cancel my order'],
};

describe('A10 AI catalog / ARD', () => {
  it('passes the AI Card shape (agents[])', () => {
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { specVersion: '1.0', host: { name: 'Shop' }, agents: [{ cardUrl: `${ORIGIN}/.well-known/agent-card.json` }] }, CORS)] }, ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('AI Card catalog 1.0');
    expect(o.advisories ?? []).toEqual([]);
  });
  it('passes the ARD shape (entries[]) and validates entries', () => {
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { specVersion: '0.1', host: { displayName: 'Shop', identifier: 'shop.example.com' }, entries: [entry] }, CORS)] }, ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toMatch(/ARD manifest/);
    const bad = ardEntryProblems([{ ...entry, identifier: 'orders', data: {}, representativeQueries: ['one'] }]);
    expect(bad[0]).toMatch(/not urn:air/);
    expect(bad[0]).toMatch(/exactly one of url and data/);
    expect(bad[0]).toMatch(/2-5 queries/);
  });
  it('is partial when version, host or entries are missing, and lists advisories', () => {
    const o = a10AiCatalog.evaluate({ probes: [json(PATH, { host: { name: 'Shop' }, entries: [] })] }, ctx);
    expect(o.status).toBe('partial');
    expect(o).toMatchObject({ code: 'A10/incomplete', data: { missing: 'specVersion, a non-empty agents[] or entries[]' } });
    expect(o.advisories?.join(' ')).toMatch(/Access-Control-Allow-Origin/);
  });
  it('falls back to ard.json with an advisory', () => {
    const o = a10AiCatalog.evaluate({ probes: [notFound(PATH), json('/.well-known/ard.json', { specVersion: '1.0', host: { displayName: 'S', identifier: 's.example' }, entries: [entry] }, CORS)] }, ctx);
    expect(o.status).toBe('pass');
    expect(o.advisories?.join(' ')).toMatch(/found at \/\.well-known\/ard\.json/);
  });
  it('fails when absent, on soft 404s and on non-JSON', () => {
    expect(a10AiCatalog.evaluate({ probes: [notFound(PATH), notFound('/.well-known/ard.json')] }, ctx).status).toBe('fail');
    expect(a10AiCatalog.evaluate({ probes: [soft404(PATH), soft404('/.well-known/ard.json')] }, ctx).code).toBe('A10/missing');
    const garbage = response({ url: PATH, headers: { 'content-type': 'application/json' }, body: 'specVersion=1' });
    expect(a10AiCatalog.evaluate({ probes: [garbage] }, ctx).status).toBe('fail');
  });
  it('fix guide publishes the file with CORS', () => {
    const steps = a10AiCatalog.fixGuide({ origin: ORIGIN, platform: null, hosting: ['express'] });
    expect(steps.some((s) => s.code?.includes('Access-Control-Allow-Origin') && s.code.includes('app.get'))).toBe(true);
  });
});

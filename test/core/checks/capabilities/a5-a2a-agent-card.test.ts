import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2aCardProblems, a5A2aAgentCard } from '../../../../src/core/checks/capabilities/a5-a2a-agent-card.js';
import { a2aCard, a2aCardFromProbes, a2aCardVersion } from '../../../../src/core/gather/a2a-card.js';
import { GatherContext } from '../../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { A2A_PROBE_TASK_ID, a2aInterfaces, a2aVersionHeader, judgeA2aAnswer, probeTarget } from '../../../../src/core/gather/a2a-probe.js';
import { proseInData } from '../../../helpers/data-prose.js';
import type { CheckResult } from '../../../../src/core/schema.js';
import { liveContext } from '../commerce/live-context.js';
import { ORIGIN, json, notFound, response, soft404 } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisory codes of an outcome, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);
const CUR = '/.well-known/agent-card.json';
const OLD = '/.well-known/agent.json';
const common = {
  name: 'Travel agent',
  description: 'Books trips',
  version: '2.1.0',
  capabilities: { streaming: true, extensions: [{ uri: 'https://github.com/google-agentic-commerce/ap2/v1', required: false }] },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'book', name: 'Book', description: 'Books a trip', tags: ['travel'] }],
};
const v10 = { ...common, supportedInterfaces: [{ url: 'https://example.com/a2a/v1', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] };
const v03 = { ...common, url: 'https://example.com/a2a', preferredTransport: 'JSONRPC', protocolVersion: '0.3.0' };
const v02 = { ...common, url: 'https://example.com/a2a' };
const run = (current: ReturnType<typeof json>, legacy: ReturnType<typeof json> | null = null) =>
  a5A2aAgentCard.evaluate(a2aCardFromProbes(current, legacy), ctx);

describe('A5 A2A agent card', () => {
  it('passes a v1.0 card (supportedInterfaces) and exposes its extensions', () => {
    const o = run(json(CUR, v10));
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('A2A 1.0 (supportedInterfaces)');
    expect((o.details as any).extensions).toEqual(['https://github.com/google-agentic-commerce/ap2/v1']);
  });

  it('passes a v0.3 card (top-level url) with an advisory about 1.0', () => {
    const o = run(json(CUR, v03));
    expect(o.status).toBe('pass');
    expect(o.matched).toContain('0.3');
    expect(noted(o)).toEqual(['A5/add-supported-interfaces']);
  });

  it('is partial for a ≤0.2 card at the legacy path', () => {
    const o = run(notFound(CUR), json(OLD, v02));
    expect(o.status).toBe('partial');
    expect(o.matched).toContain('≤0.2');
    expect(o.code).toBe('A5/legacy');
  });

  it('is partial for a 0.2 card even at the current path', () => {
    const o = run(json(CUR, { ...v02, protocolVersion: '0.2.6' }));
    expect(o.status).toBe('partial');
    expect(o.code).toBe('A5/legacy');
  });

  it('is partial when required fields or skill members are missing', () => {
    const o = run(json(CUR, { ...v10, skills: [{ id: 'x' }], defaultOutputModes: undefined }));
    expect(o.status).toBe('partial');
    expect(o.code).toBe('A5/incomplete');
    expect(o.findings).toEqual([
      expect.objectContaining({ code: 'A5/no-member', data: { member: 'defaultOutputModes', version: '1.0' } }),
      expect.objectContaining({ code: 'A5/skills-incomplete', data: { bad: 1, total: 1 } }),
    ]);
    const badBinding = run(json(CUR, { ...v10, supportedInterfaces: [{ url: 'https://e.example', protocolBinding: 'SOAP', protocolVersion: '1.0' }] }));
    expect(badBinding.findings?.map((f) => [f.code, f.data])).toEqual([['A5/bad-interface', { index: 0, member: 'protocolBinding' }]]);
  });

  it('holds a 0.3 card to the 0.3.0 schema: protocolVersion required, modes must be media types (issue 23 point 2)', () => {
    const { protocolVersion: _, ...noVersion } = v03;
    const o = run(json(CUR, noVersion));
    expect(o).toMatchObject({ status: 'partial', code: 'A5/incomplete' });
    expect(o.findings?.map((f) => [f.code, f.data])).toEqual([['A5/no-member', { member: 'protocolVersion', version: '0.3' }]]);
    const textModes = run(
      json(CUR, { ...v03, defaultInputModes: ['text'], defaultOutputModes: ['text/plain'], skills: [{ ...common.skills[0], outputModes: ['json'] }] }),
    );
    expect(textModes.code).toBe('A5/incomplete');
    expect(textModes.findings?.map((f) => [f.code, f.data])).toEqual([
      ['A5/mode-not-media-type', { field: 'defaultInputModes', value: 'text' }],
      ['A5/mode-not-media-type', { field: 'skills[0].outputModes', value: 'json' }],
    ]);
    // Media types with parameters and wildcards are media types.
    expect(run(json(CUR, { ...v03, defaultInputModes: ['text/plain; charset=utf-8', 'image/*'] })).status).toBe('pass');
  });

  it('fails when neither path has a card, listing both probes', () => {
    const o = run(notFound(CUR), soft404(OLD));
    expect(o.status).toBe('fail');
    expect(o.probes).toHaveLength(2);
    const bad = response({ url: CUR, headers: { 'content-type': 'application/json' }, body: '{nope' });
    // The gather says why as data; the check words it.
    expect(a2aCardFromProbes(bad, null).problem).toEqual({ kind: 'not-json', error: expect.any(String) });
    const broken = run(bad, notFound(OLD));
    expect(broken.findings?.[0]).toMatchObject({ code: 'A5/seen-not-json', data: { path: '/.well-known/agent-card.json', error: expect.any(String) } });
    expect(broken.evidence).toMatch(
      /^No A2A agent card: GET \/\.well-known\/agent-card\.json → 200 application\/json, 5 B \(\/\.well-known\/agent-card\.json: not JSON \(.+\)\); GET /,
    );
    const list = run(json(CUR, ['not', 'an', 'object']), notFound(OLD));
    expect(list.findings?.map((f) => f.code)).toEqual(['A5/seen-not-object', 'A5/seen']);
    expect(list.findings?.[0].text).toMatch(/ \(\/\.well-known\/agent-card\.json: JSON but not an object\)$/);
  });

  it('classifies card versions by shape', () => {
    expect(a2aCardVersion(v10, CUR)).toBe('1.0');
    expect(a2aCardVersion(v03, CUR)).toBe('0.3');
    expect(a2aCardVersion({ ...v03, protocolVersion: '0.2.5' }, CUR)).toBe('0.2');
    expect(a2aCardVersion(v02, OLD)).toBe('0.2');
    expect(a2aCardVersion({ name: 'x' }, CUR)).toBeNull();
  });

  it('fix guide writes a 1.0 card', () => {
    const steps = a5A2aAgentCard.fixGuide({ origin: ORIGIN, platform: 'express', hosting: [] });
    expect(steps.map((s) => s.code ?? '').join('\n')).toContain('supportedInterfaces');
  });

  // A2A 1.0.0 (released 2026-03-12), docs/specification.md read 2026-11-25.
  it('accepts a custom binding named by a URI (1.0 §5.8) beside the core ones, and nothing else', () => {
    const custom = { url: 'wss://agent.example.com/a2a/websocket', protocolBinding: 'https://example.com/bindings/websocket/v1', protocolVersion: '1.0' };
    const both = run(json(CUR, { ...v10, supportedInterfaces: [...v10.supportedInterfaces, custom] }));
    expect(both).toMatchObject({ status: 'pass', code: 'A5/ok', details: { endpoints: ['https://example.com/a2a/v1', custom.url] } });
    const only = run(json(CUR, { ...v10, supportedInterfaces: [custom] }));
    expect(only.findings).toBeUndefined();
    expect(only).toMatchObject({ status: 'pass', details: { endpoints: [custom.url] } });
    const lower = run(json(CUR, { ...v10, supportedInterfaces: [{ ...custom, protocolBinding: 'jsonrpc' }] }));
    expect(lower.findings?.map((f) => [f.code, f.data])).toEqual([['A5/bad-interface', { index: 0, member: 'protocolBinding' }]]);
  });

  it('holds a 1.0 card to §5.7: required lists (skills, default modes, interfaces) hold at least one entry', () => {
    const o = run(json(CUR, { ...v10, skills: [], defaultInputModes: [] }));
    expect(o).toMatchObject({ status: 'partial', code: 'A5/incomplete' });
    expect(o.findings?.map((f) => [f.code, f.data])).toEqual([
      ['A5/empty-member', { member: 'defaultInputModes' }],
      ['A5/empty-member', { member: 'skills' }],
    ]);
    // A 0.3 card is held to the 0.3.0 schema, which allowed empty lists.
    expect(run(json(CUR, { ...v03, skills: [] })).status).toBe('pass');
  });

  it("takes A2A's own media type (application/a2a+json, 1.0 §14.1.1) for the card without an advisory", () => {
    const served = (type: string) => run({ ...json(CUR, v10), contentType: type, headers: { 'content-type': type } }).advisoryFindings ?? [];
    expect(served('application/a2a+json')).toEqual([]);
    expect(served('text/plain')).toMatchObject([{ code: 'A5/content-type', data: { contentType: 'text/plain' } }]);
  });

  it('reads the A2A-Version to send from the JSONRPC interface (1.0 §3.6: Major.Minor, none for 0.x)', () => {
    const header = (card: Record<string, unknown>, v: '1.0' | '0.3') => a2aVersionHeader(probeTarget(a2aInterfaces(card, v))?.protocolVersion);
    expect(probeTarget(a2aInterfaces(v10, '1.0'))?.url).toBe('https://example.com/a2a/v1');
    expect(header(v10, '1.0')).toBe('1.0');
    expect(probeTarget(a2aInterfaces(v03, '0.3'))?.url).toBe('https://example.com/a2a');
    expect(header(v03, '0.3')).toBeNull();
    expect(header({ supportedInterfaces: [{ url: 'https://a/rpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' }] }, '1.0')).toBeNull();
    expect([a2aVersionHeader('1.0.2'), a2aVersionHeader(' 1.1 '), a2aVersionHeader('2'), a2aVersionHeader('1.0\r\nx: y'), a2aVersionHeader(7)]).toEqual([
      '1.0',
      '1.1',
      null,
      null,
      null,
    ]);
  });
});

describe('A5 on a loopback site serving exactly what the fix guide writes', () => {
  let site: FixtureSite;
  const versions: Array<string | undefined> = [];
  beforeAll(async () => {
    const steps = a5A2aAgentCard.fixGuide({ origin: 'https://agent.example.com', platform: null, hosting: ['nginx'] });
    const file = steps.find((s) => s.lang === 'json' && s.code?.includes('supportedInterfaces'))!.code!;
    site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>agent</body></html>' },
      // The guide names the origin; on loopback the same card names the fixture origin.
      [CUR]: {
        headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
        body: file.replaceAll('https://agent.example.com', s.origin),
      },
      // A 1.0 agent: it answers a request without A2A-Version as 0.3 would be, with VersionNotSupportedError.
      '/a2a/v1': async (req: any, res: any) => {
        let body = '';
        for await (const chunk of req) body += chunk;
        const version = req.headers['a2a-version'];
        versions.push(version);
        const id = JSON.parse(body).id ?? null;
        const error = version === '1.0' ? { code: -32601, message: 'Method not found' } : { code: -32009, message: 'Version not supported' };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id, error }));
      },
    }));
  });
  afterAll(() => site.close());

  it('passes, probing the endpoint with A2A-Version 1.0', async () => {
    const gctx = await liveContext(site.origin);
    const o = a5A2aAgentCard.evaluate(await a5A2aAgentCard.gather(gctx), { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o).toMatchObject({
      status: 'pass',
      code: 'A5/ok',
      matched: 'A2A 1.0 (supportedInterfaces)',
      details: { version: '1.0', skills: 1, live: { outcome: 'json-rpc' } },
    });
    expect(o.findings).toBeUndefined();
    expect(versions).toEqual(['1.0']);
    expect(o.evidence).toMatch(
      /live \(JSONRPC\): POST \S+\/a2a\/v1 \(JSON-RPC method ai-ready\/probe\) with A2A-Version 1\.0 → HTTP 200 \(application\/json\): JSON-RPC error -32601/,
    );
  });
});

describe("A5 on a loopback site serving the fix guide's HTTP+JSON alternative", () => {
  let site: FixtureSite;
  const seen: Array<{ path: string; version: unknown }> = [];
  const steps = a5A2aAgentCard.fixGuide({ origin: 'https://agent.example.com', platform: null, hosting: [] });
  const card = JSON.parse(steps.find((s) => s.lang === 'json' && s.code?.includes('supportedInterfaces'))!.code!);
  const alt = steps.find((s) => s.title === 'Make the interface answer in its binding')!.code!;
  // The step's code: the interface to declare, the request, the response head, the response body.
  const blocks = alt.split('\n\n');
  const iface = blocks[0];
  const answer = blocks.at(-1)!;
  beforeAll(async () => {
    site = await startFixture((s) => ({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body>agent</body></html>' },
      [CUR]: {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...card, ...JSON.parse(iface) }).replaceAll('https://agent.example.com', s.origin),
      },
      // The guide's answer, for the task the probe asks for.
      [`/a2a/rest/tasks/${A2A_PROBE_TASK_ID}`]: (req: any, res: any) => {
        seen.push({ path: req.url, version: req.headers['a2a-version'] });
        res.writeHead(404, { 'content-type': 'application/a2a+json' });
        res.end(answer);
      },
    }));
  });
  afterAll(() => site.close());

  it("the guide's card meets the 1.0 schema (provider with organization and url, Major.Minor versions, no top-level url)", () => {
    expect(a2aCardProblems(card, '1.0')).toEqual([]);
    expect(card.url).toBeUndefined();
    expect(card.provider).toEqual({ organization: expect.any(String), url: expect.any(String) });
  });

  it('passes, asking the HTTP+JSON interface for a task it does not hold', async () => {
    const gctx = await liveContext(site.origin);
    const o = a5A2aAgentCard.evaluate(await a5A2aAgentCard.gather(gctx), { origin: site.origin, pageUrl: `${site.origin}/` });
    expect(o).toMatchObject({ status: 'pass', code: 'A5/ok', details: { live: { binding: 'HTTP+JSON', outcome: 'http-json' } } });
    expect(seen).toEqual([{ path: `/a2a/rest/tasks/${A2A_PROBE_TASK_ID}`, version: '1.0' }]);
    expect(o.evidence).toContain('A2A error TASK_NOT_FOUND');
  });
});

describe('a2aCard gather on a loopback site', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<html></html>' },
      [OLD]: { headers: { 'content-type': 'application/json' }, body: JSON.stringify(v02) },
    });
  });
  afterAll(() => site.close());

  it('falls back to agent.json, and is memoised for A5 and M4', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), site.origin, http, () => {}, page);
    const [a, b] = await Promise.all([a2aCard(gctx), a2aCard(gctx)]);
    expect(a).toBe(b);
    expect(a).toMatchObject({ path: OLD, version: '0.2' });
    expect(site.requests.filter((r) => r.path === CUR)).toHaveLength(1);
    expect(site.requests.filter((r) => r.path === OLD)).toHaveLength(1);
    expect(a5A2aAgentCard.evaluate(a, { origin: site.origin, pageUrl: page.url }).status).toBe('partial');
  });
});

describe('A5 data holds values (issue 39)', () => {
  it('probes, a cross-site card, a legacy card and an off-site live answer carry fields, not sentences', () => {
    const crossSite = response({
      url: CUR,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(v10),
      redirects: ['https://cards.elsewhere.example/card.json'],
    });
    const offSite = response({
      url: 'https://agents.elsewhere.example/a2a',
      method: 'POST',
      status: 404,
      headers: { 'content-type': 'text/html' },
      body: '<p>the page you asked for is not here</p>',
    });
    const withLive = {
      ...a2aCardFromProbes(
        json(CUR, { ...v10, supportedInterfaces: [{ url: 'https://agents.elsewhere.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] }),
        null,
      ),
      live: {
        endpoint: 'https://agents.elsewhere.example/a2a',
        binding: 'JSONRPC',
        url: 'https://agents.elsewhere.example/a2a',
        a2aVersion: '1.0',
        probe: offSite,
        ...judgeA2aAnswer(offSite),
      },
    };
    const outcomes = [
      run(response({ url: CUR, headers: { 'content-type': 'application/json' }, body: '{nope' }), soft404(OLD)),
      run(crossSite),
      run(notFound(CUR), json(OLD, { ...v02, name: 'The agent of the site' })),
      a5A2aAgentCard.evaluate(withLive, ctx),
    ];
    expect(outcomes.map((o) => o.code)).toEqual(['A5/missing', 'A5/endpoint-unmeasured', 'A5/legacy', 'A5/endpoint-no-answer']);
    expect(outcomes[1].findings?.[0]).toMatchObject({ code: 'A5/cross-site-card', data: { url: 'https://cards.elsewhere.example/card.json' } });
    expect(outcomes[2].findings?.[0].code).toBe('A5/legacy-path');
    expect(outcomes[3].data).toMatchObject({ liveReply: 'not-json', liveStatus: 404, liveType: 'text/html', liveOffSiteHost: 'agents.elsewhere.example' });
    expect(outcomes[3].evidence).toContain(
      '; live (JSONRPC): POST https://agents.elsewhere.example/a2a (JSON-RPC method ai-ready/probe) with A2A-Version 1.0 → HTTP 404 (text/html), not JSON [probed host agents.elsewhere.example:',
    );
    const results = outcomes.map((o) => ({ ...o, id: 'A5' }) as unknown as CheckResult);
    expect(proseInData(results, () => a5A2aAgentCard.meta.quoted ?? [])).toEqual([]);
  });
});

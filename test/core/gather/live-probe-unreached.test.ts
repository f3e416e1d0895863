/**
 * A network failure is not a verdict (issue 23 point 7): a live probe that could not be made (the
 * endpoint's name did not resolve, the connection was refused) makes A4 and A5 "could not verify"
 * through the engine's unmeasured path; an endpoint that answers, but not the protocol, stays partial.
 * Loopback only: port 1 of 127.0.0.1 refuses; a DNS failure is fed to the live sender directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../../src/core/scan.js';
import { budgetedSend, unreachedLiveProbe } from '../../../src/core/gather/live-scope.js';
import type { FetchResult } from '../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { response } from '../../helpers/responses.js';

const J = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
const REFUSING = 'http://127.0.0.1:1';
const mcpCard = (endpoint: string) => ({
  headers: J,
  body: JSON.stringify({ name: 'dev.corpus/tools', version: '1.0.0', remotes: [{ type: 'streamable-http', url: endpoint }], capabilities: { tools: {} } }),
});
const a2aCard = (endpoint: string) => ({
  headers: J,
  body: JSON.stringify({
    name: 'Corpus agent',
    description: 'Answers',
    version: '1.0.0',
    supportedInterfaces: [{ url: endpoint, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
    capabilities: {},
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'a', name: 'A', description: 'a', tags: ['a'] }],
  }),
});
const page = { headers: { 'content-type': 'text/html' }, body: '<html><body><h1>x</h1></body></html>' };

let refused: FixtureSite;
let answersHtml: FixtureSite;
beforeAll(async () => {
  refused = await startFixture(() => ({
    '/': page,
    '/.well-known/mcp/server-card.json': mcpCard(`${REFUSING}/mcp`),
    '/.well-known/agent-card.json': a2aCard(`${REFUSING}/a2a`),
  }));
  answersHtml = await startFixture((s) => ({
    '/': page,
    '/.well-known/mcp/server-card.json': mcpCard(`${s.origin}/mcp`),
    '/.well-known/agent-card.json': a2aCard(`${s.origin}/a2a`),
    '/mcp': { headers: { 'content-type': 'text/html' }, body: '<html>not here</html>' },
    '/a2a': { headers: { 'content-type': 'text/html' }, body: '<html>not here</html>' },
  }));
});
afterAll(async () => {
  await Promise.all([refused.close(), answersHtml.close()]);
});

describe('live probes that could not be made', () => {
  it("a refused connection on the card's endpoint is unmeasured for A4 and A5, not a dead endpoint", async () => {
    const r = await scan(refused.origin, { only: ['A4', 'A5'], timeoutMs: 5000 });
    const a4 = r.checks.find((c) => c.id === 'A4')!;
    const a5 = r.checks.find((c) => c.id === 'A5')!;
    expect(a4).toMatchObject({ status: 'info', code: 'A4/unmeasured' });
    expect(a4.evidence).toMatch(/^Could not be measured: the live probe of http:\/\/127\.0\.0\.1:1\/mcp could not be made \(connection refused\)/);
    expect(a5).toMatchObject({ status: 'info', code: 'A5/unmeasured' });
  });

  it('an endpoint that answers, but not the protocol, stays partial', async () => {
    const r = await scan(answersHtml.origin, { only: ['A4', 'A5'], timeoutMs: 5000 });
    expect(r.checks.find((c) => c.id === 'A4')).toMatchObject({ status: 'partial', code: 'A4/endpoint-not-mcp' });
    expect(r.checks.find((c) => c.id === 'A5')).toMatchObject({ status: 'partial', code: 'A5/endpoint-no-answer' });
  });

  it('a temporary DNS failure (EAI_AGAIN) of a live probe is named as one; an ordinary fetch failure is not a live probe', async () => {
    const dnsFailure: FetchResult = {
      ...response({ url: 'https://mcp.example.com/mcp', method: 'POST' }),
      status: null,
      error: { code: 'dns', message: 'DNS lookup failed (EAI_AGAIN)' },
    };
    const send = budgetedSend(async (_u: string, _o: unknown) => dnsFailure, 'https://example.com');
    const got = await send('https://mcp.example.com/mcp', { method: 'POST' });
    expect(unreachedLiveProbe(got)).toBe('the live probe of https://mcp.example.com/mcp could not be made (DNS lookup failed (EAI_AGAIN))');
    // The same failure on a plain fetch (not a live probe) and a live timeout are left to the check.
    expect(unreachedLiveProbe({ ...dnsFailure })).toBeNull();
    const timeout = await budgetedSend(
      async (_u: string, _o: unknown) => ({ ...dnsFailure, error: { code: 'timeout' as const, message: 'no complete response before the timeout' } }),
      'https://example.com',
    )('https://mcp.example.com/mcp', { method: 'POST' });
    expect(unreachedLiveProbe(timeout)).toBeNull();
  });
});

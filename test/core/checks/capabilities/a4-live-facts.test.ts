/**
 * The live MCP handshake as data (gather/mcp-live-facts.ts): A4 hands on fields, and `{live:mcp}`
 * renders the clause people read from them, for each way a handshake ends.
 */
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../../../src/core/checks/messages.js';
import { mcpLiveData } from '../../../../src/core/gather/mcp-live-facts.js';
import type { McpFailure, McpProbeResult } from '../../../../src/core/gather/mcp-probe.js';
import { proseReason } from '../../../helpers/data-prose.js';
import { response } from '../../../helpers/responses.js';

const ORIGIN = 'https://shop.example';
const exchange = (rpc: string, status: number) => ({ rpc, probe: response({ url: `${ORIGIN}/mcp`, method: 'POST', status }) });
const live = (over: Partial<McpProbeResult>): McpProbeResult => ({
  endpoint: `${ORIGIN}/mcp`,
  outcome: 'not-mcp',
  serverName: null,
  serverVersion: null,
  protocolVersion: null,
  sessionIssued: false,
  toolCount: null,
  toolNames: [],
  failure: null,
  wwwAuthenticate: null,
  exchanges: [exchange('initialize', 404)],
  ...over,
});
const said = (l: McpProbeResult, origin = ORIGIN) => fillTemplate('{live:mcp}', mcpLiveData(l, origin));

describe('{live:mcp}', () => {
  it('renders a completed handshake with its server, protocol and tools', () => {
    const ok = live({
      outcome: 'ok',
      serverName: 'store',
      serverVersion: '1.2.0',
      protocolVersion: '2025-06-18',
      toolCount: 2,
      toolNames: ['search', 'order'],
      exchanges: [exchange('initialize', 200), exchange('notifications/initialized', 202), exchange('tools/list', 200)],
    });
    expect(said(ok)).toBe(
      `; live: ${ORIGIN}/mcp answered MCP [initialize → 200, notifications/initialized → 202, tools/list → 200]: server "store" 1.2.0, protocol 2025-06-18, 2 tool(s) (search, order)`,
    );
  });

  it('renders a 401 with and without WWW-Authenticate', () => {
    const failure: McpFailure = { kind: 'unauthorized', rpc: 'initialize' };
    const auth = live({ outcome: 'auth-required', failure, wwwAuthenticate: 'Bearer resource_metadata="x"', exchanges: [exchange('initialize', 401)] });
    expect(said(auth)).toBe(`; live: ${ORIGIN}/mcp asks for authorization [initialize → 401], WWW-Authenticate: Bearer resource_metadata="x"`);
    expect(said({ ...auth, wwwAuthenticate: null })).toBe(`; live: ${ORIGIN}/mcp asks for authorization [initialize → 401], without WWW-Authenticate`);
  });

  it('renders each way a handshake fails, and names a probed host on another site', () => {
    const cases: Array<[McpFailure, string]> = [
      [{ kind: 'http-status', status: 404, contentType: 'text/html' }, 'HTTP 404 (text/html)'],
      [{ kind: 'http-status', status: 500 }, 'HTTP 500'],
      [{ kind: 'not-json-rpc', status: 200, contentType: 'text/html' }, 'HTTP 200 with text/html, not a JSON-RPC answer'],
      [{ kind: 'not-json-rpc', status: 200 }, 'HTTP 200 with no content type, not a JSON-RPC answer'],
      [{ kind: 'invalid-answer', message: 'bad result' }, 'not a valid MCP answer: bad result'],
      [{ kind: 'error', message: 'connect ECONNREFUSED' }, 'connect ECONNREFUSED'],
    ];
    for (const [failure, words] of cases) {
      expect(said(live({ failure }))).toBe(`; live: ${ORIGIN}/mcp did not complete an MCP handshake [initialize → 404]: ${words}`);
    }
    const offSite = said(live({ endpoint: 'https://mcp.other.example/mcp', failure: cases[0][0] }));
    expect(offSite).toContain('[probed host mcp.other.example: another site than the one scanned, within a budget of');
    expect(said(live({ exchanges: [], failure: { kind: 'error', message: 'x' } }))).toContain('[no request]');
  });

  it('is empty without a handshake, and its fields are values (quoted ones aside)', () => {
    expect(fillTemplate('{x}{live:mcp}.', { x: 'card' })).toBe('card.');
    const data = mcpLiveData(live({ failure: { kind: 'not-json-rpc', status: 200, contentType: 'text/html' } }), ORIGIN);
    expect(Object.values(data).filter((v) => typeof v === 'string' && proseReason(v))).toEqual([]);
  });
});

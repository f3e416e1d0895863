/** A4: an endpoint must be something a client can connect to, not any non-empty string. */
import { describe, expect, it } from 'vitest';
import { a4McpServerCard, MCP_CARD_PATHS, readMcpCard } from '../../../../src/core/checks/capabilities/a4-mcp-server-card.js';
import { ORIGIN, json, notFound } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const card = (url: string) => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
  name: 'com.example/store',
  version: '1.0.0',
  description: 'Store',
  remotes: [{ type: 'streamable-http', url }],
});
const evaluate = (doc: unknown) => a4McpServerCard.evaluate({ probes: MCP_CARD_PATHS.map((p, i) => (i === 1 ? json(p, doc) : notFound(p))) }, ctx);

describe('A4 endpoint URLs', () => {
  it.each(['TODO', 'javascript:alert(1)', 'stdio', 'example.com/mcp', '//evil.test/mcp'])('"%s" is no connection endpoint: partial', (url) => {
    const o = evaluate(card(url));
    expect(o).toMatchObject({ status: 'partial', code: 'A4/incomplete', details: { endpoints: [], invalidEndpoints: [url] } });
  });
  it('accepts absolute http(s) URLs and paths on the card origin', () => {
    expect(evaluate(card('https://example.com/mcp')).status).toBe('pass');
    expect(readMcpCard(card('/mcp')).endpoints).toEqual(['/mcp']);
    expect(readMcpCard({ ...card('TODO'), endpoint: 'https://example.com/mcp' }).endpoints).toEqual(['https://example.com/mcp']);
  });
});

/**
 * Issue 11's sharper verdicts through every face, not only the engine: the SEP-1649 MCP card with a
 * live endpoint (A4) and a small but complete llms-full.txt (D5) give the same verdict through the
 * CLI (--json), the v1 API of a real server and its MCP scan tool (the real SDK client).
 * Bot walls, user-agent blocks and docs-only negotiation have their own face tests
 * (bot-wall, ua-access and the site-scope tests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { scanFaces } from '../helpers/faces.js';
import { mcpRoute } from '../fixtures/sites.mjs';
import { tempDir } from '../helpers/temp-dir.js';

const H = { 'content-type': 'text/html; charset=utf-8' };
const T = { 'content-type': 'text/plain; charset=utf-8' };
const page = (title: string) => ({
  headers: H,
  body: `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${'Plain words about the product. '.repeat(30)}</p></main></body></html>`,
});

let sep1649: FixtureSite;
let smallFull: FixtureSite;
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  sep1649 = await startFixture((s) => ({
    '/': page('Tools Co'),
    '/mcp': mcpRoute({ name: 'tools', tools: ['lookup'] }),
    '/.well-known/mcp.json': {
      headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
      body: JSON.stringify({
        serverInfo: { name: 'tools', version: '1.0.0' },
        transport: { type: 'streamable-http', endpoint: `${s.origin}/mcp` },
        capabilities: { tools: {} },
      }),
    },
  }));
  smallFull = await startFixture((s) => ({
    '/': page('Small Co'),
    '/llms.txt': {
      headers: T,
      body: `# Small Co\n\n> A three-page site.\n\n## Docs\n\n- [Getting started](${s.origin}/start.md)\n- [Pricing](${s.origin}/pricing.md)\n- [Contact us](/contact.md)\n`,
    },
    '/llms-full.txt': { headers: T, body: '# Small Co\n\n## Getting started\n\nInstall it.\n\n## Pricing\n\nFree.\n\n## Contact us\n\nMail us.\n' },
    '/start.md': { headers: T, body: '# Getting started\n' },
    '/pricing.md': { headers: T, body: '# Pricing\n' },
    '/contact.md': { headers: T, body: '# Contact us\n' },
  }));
  dir = tempDir('ai-ready-faces-');
  server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true });
});

afterAll(async () => {
  await Promise.all([sep1649?.close(), smallFull?.close(), server?.close()]);
});

const FACES = scanFaces(() => server);

describe.each(Object.entries(FACES))('through the %s', (_face, scanVia) => {
  it('a SEP-1649 card (serverInfo + transport.endpoint) with a live endpoint is read and probed; not a v1 card (schema.ts at 8924e08), so partial', async () => {
    const a4 = (await scanVia(sep1649.origin)).find((c) => c.id === 'A4')!;
    expect(a4.code, a4.evidence).toBe('A4/schema-invalid');
    expect(a4.evidence).toMatch(/answered MCP/);
    expect(a4.evidence).toMatch(/1 endpoint\(s\)/);
    expect(a4.evidence).toMatch(/tools/);
  });

  it('a small but complete llms-full.txt passes D5', async () => {
    const d5 = (await scanVia(smallFull.origin)).find((c) => c.id === 'D5')!;
    expect(d5.status, d5.evidence).toBe('pass');
    expect(d5.code).toBe('D5/ok');
  });
});

/**
 * Issue 27 through every face: the verdicts that moved on the texts read on 2026-11-27 (an ACP
 * discovery document listing `carts`, an A2A card declaring AP2 the way the v0.2 samples do) and the
 * fix guides' operations (FixStep.publish, FixStep.needs) arrive the same through the CLI
 * (--format json), the v1 API of a real server and its MCP scan tool (the real SDK client).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { scanFaces } from '../helpers/faces.js';
import type { CheckResult } from '../../src/core/schema.js';
import { tempDir } from '../helpers/temp-dir.js';

const J = { 'content-type': 'application/json' };
const HTML = { 'content-type': 'text/html; charset=utf-8' };

let shop: FixtureSite;
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  shop = await startFixture((s) => ({
    '/': { headers: HTML, body: '<!doctype html><html lang="en"><head><title>Faces Shop</title></head><body><h1>Faces Shop</h1></body></html>' },
    // ACP rfcs/rfc.discovery.md at 7641c71 (2026-04-16): `carts` is in the closed services enum.
    '/.well-known/acp.json': {
      headers: { ...J, 'cache-control': 'public, max-age=3600' },
      body: JSON.stringify({
        protocol: { name: 'acp', version: '2026-04-17', supported_versions: ['2026-01-30', '2026-04-17'] },
        api_base_url: `${s.origin}/acp`,
        transports: ['rest'],
        capabilities: { services: ['checkout', 'carts'] },
      }),
    },
    // AP2 v0.2 (b4587ac, 2026-04-28): the samples declare ap2/v1, required, without params.
    '/.well-known/agent-card.json': {
      headers: J,
      body: JSON.stringify({
        name: 'Faces shop agent',
        description: 'Sells things',
        version: '1.0.0',
        supportedInterfaces: [{ url: `${s.origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        capabilities: { extensions: [{ uri: 'https://github.com/google-agentic-commerce/ap2/v1', required: true }] },
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'buy', name: 'Buy', description: 'Buy a thing', tags: ['shop'] }],
      }),
    },
  }));
  dir = tempDir('ai-ready-faces-27-');
  server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true });
});

afterAll(async () => {
  await Promise.all([shop?.close(), server?.close()]);
});

const FACES = scanFaces(() => server, { cliExitCodes: [0, 1] });
const pick = (checks: CheckResult[], id: string) => checks.find((c) => c.id === id)!;

describe.each(Object.entries(FACES))('through the %s', (_face, scanVia) => {
  it('M2 passes a carts service, M4 the v0.2 AP2 declaration, and each guide carries its operation and owner values', async () => {
    const checks = await scanVia(shop.origin);
    const m2 = pick(checks, 'M2');
    expect(m2.code, m2.evidence).toBe('M2/ok');
    const m4 = pick(checks, 'M4');
    expect(m4.code, m4.evidence).toBe('M4/declared');
    expect(m4.matched).toBe('AP2 v0.2 A2A extension (samples)');
    // No robots.txt: D1's guide publishes the file, as data, the same through every face.
    const d1 = pick(checks, 'D1');
    expect(d1.fixGuide?.[0].publish).toMatchObject({ kind: 'file', path: '/robots.txt', contentType: 'text/plain; charset=utf-8' });
    expect(d1.fixGuide?.[0].publish && 'content' in d1.fixGuide[0].publish ? d1.fixGuide[0].publish.content : '').toContain('User-agent: *');
    // M1 (no UCP profile): the profile's endpoint is the owner's, and the guide says so.
    const m1 = pick(checks, 'M1');
    const m1Publish = m1.fixGuide?.find((s) => s.publish);
    expect(m1Publish?.publish).toMatchObject({ kind: 'file', path: '/.well-known/ucp' });
    expect(m1Publish?.needs).toEqual(['commerceEndpoint']);
  });
});

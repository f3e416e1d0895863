/**
 * Issues 27 (points 3, 5, 6) and 28 (points 8, 9) through every face: sites built the way the newest
 * texts say, and the lenient shapes real files publish, get the same verdicts through the CLI
 * (--format json), the v1 API of a real server and its MCP scan tool (the real SDK client).
 * - B5: draft-ietf-aipref-vocab-08 (2026-09-14) has train-ai, ai-use and search: `ai-use=n` is a stated preference
 *   (issue 37: the 7ca0afc reading of issue 27 was the older -07).
 * - B5/D1: Lighthouse's robots-txt audit (robots-txt.js at 83f1c6fd0d) flags Content-Usage lines.
 * - A7: webmcp index.bs at 0b676d2 gates registerTool() behind the `tools` policy-controlled feature.
 * - A1: RFC 9727 §4.1, a site's home page documented by its own blog is not an API.
 * - A3: RFC 9728 §3.2, empty arrays are omitted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { scanFaces } from '../helpers/faces.js';
import type { CheckResult } from '../../src/core/schema.js';
import { tempDir } from '../helpers/temp-dir.js';

const T = { 'content-type': 'text/plain; charset=utf-8' };
const J = { 'content-type': 'application/json' };
const REGISTER =
  "(async () => { if (document.modelContext) await document.modelContext.registerTool({ name: 'find_order', description: 'Find an order', execute: async () => ({}) }); })();";
const page = (headers: Record<string, string>) => ({
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body: `<!doctype html><html lang="en"><head><title>Faces Co</title></head><body><main><h1>Faces Co</h1><p>${'Plain words about the product. '.repeat(30)}</p></main><script>${REGISTER}</script></body></html>`,
});

let lenient: FixtureSite;
let current: FixtureSite;
let older: FixtureSite;
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  lenient = await startFixture((s) => ({
    '/': page({ 'permissions-policy': 'tools=()', 'content-usage': 'ai-use=n' }),
    '/robots.txt': { headers: T, body: 'User-agent: *\nAllow: /\nContent-Usage: ai-use=n\n\nAgentmap: /.well-known/ai-catalog.json\n' },
    '/.well-known/api-catalog': {
      headers: { 'content-type': 'application/linkset+json' },
      body: JSON.stringify({ linkset: [{ anchor: `${s.origin}/`, 'service-doc': [{ href: `${s.origin}/blog/` }] }] }),
    },
    '/.well-known/oauth-protected-resource': {
      headers: J,
      body: JSON.stringify({ resource: s.origin, authorization_servers: [], scopes_supported: [], bearer_methods_supported: [] }),
    },
  }));
  current = await startFixture(() => ({
    '/': page({ 'permissions-policy': 'tools=(self)', 'content-usage': 'train-ai=n, search=y' }),
    '/robots.txt': { headers: T, body: 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n' },
  }));
  older = await startFixture((s) => ({
    '/': {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<!doctype html><html lang="en"><head><title>Faces Co</title></head><body><main><h1>Faces Co</h1></main><script>if (document.modelContext) document.modelContext.provideContext({ tools: [{ name: 'find_order', description: 'Find an order', execute: async () => ({}) }] });</script></body></html>`,
    },
    '/.well-known/api-catalog': {
      headers: { 'content-type': 'application/linkset+json' },
      body: JSON.stringify({ linkset: [{ anchor: `${s.origin}/orders/{id}`, 'service-desc': [{ href: `${s.origin}/openapi.json` }] }] }),
    },
    '/.well-known/http-message-signatures-directory': {
      headers: { 'content-type': 'application/http-message-signatures-directory+json' },
      body: JSON.stringify({
        keys: [
          { kty: 'OKP', crv: 'Ed25519', x: 'OftgBAZx-uEuZWgzhjgosNSP0-5fKvMicyj2B8zLh2k', kid: 'mrkvManMGgSdR6bhOMyQGGQqrLq_4PMktuu1DEkCJB4', alg: 'ed25519' },
        ],
      }),
    },
  }));
  dir = tempDir('ai-ready-faces-27-');
  // Three sites through two server faces is six scans a minute: the anonymous limit (5) is not what this tests.
  server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true, rateLimit: 0 });
});

afterAll(async () => {
  await Promise.all([lenient?.close(), current?.close(), older?.close(), server?.close()]);
});

const FACES = scanFaces(() => server, { cliExitCodes: [0, 1] });
const pick = (checks: CheckResult[], id: string) => checks.find((c) => c.id === id)!;
const said = (c: CheckResult) => (c.advisories ?? []).join(' ');
/** The advisories with their codes and data (advisoryFindings), without their texts. */
const notes = (c: CheckResult) => (c.advisoryFindings ?? []).map(({ code, data }) => ({ code, data }));

describe.each(Object.entries(FACES))('through the %s', (_face, scanVia) => {
  it('lenient shapes: tools=() beside registerTool, ai-use only, Content-Usage/Agentmap lines in robots.txt, a website-only API catalog, empty PRM arrays', async () => {
    const checks = await scanVia(lenient.origin);
    const a7 = pick(checks, 'A7');
    expect(a7.code, a7.evidence).toBe('A7/policy-disabled');
    expect(a7.status).toBe('partial');
    expect(a7.evidence).toContain('Permissions-Policy tools=()');
    const b5 = pick(checks, 'B5');
    expect(b5.code, b5.evidence).toBe('B5/ok');
    expect(b5.evidence).toContain('draft-ietf-aipref-vocab-08');
    expect(notes(b5).map((n) => n.code)).not.toContain('B5/older-label');
    expect(notes(b5)).toContainEqual(
      expect.objectContaining({ code: 'B5/lighthouse-flags', data: expect.objectContaining({ directives: 'content-usage (line 3)' }) }),
    );
    const d1 = pick(checks, 'D1');
    expect(d1.code, d1.evidence).toBe('D1/ok');
    expect(notes(d1)).toEqual([
      { code: 'D1/lighthouse-unknown-directives', data: expect.objectContaining({ directives: 'content-usage (line 3), agentmap (line 5)' }) },
      { code: 'D1/lighthouse-alternative-content-usage' },
      { code: 'D1/lighthouse-alternative-agentmap' },
    ]);
    const a1 = pick(checks, 'A1');
    expect(a1.code, a1.evidence).toBe('A1/no-api-entries');
    expect(a1.evidence).toContain('nothing in the catalog is an API');
    const a3 = pick(checks, 'A3');
    expect(a3.code, a3.evidence).toBe('A3/no-authorization-servers');
    expect(notes(a3)).toContainEqual({ code: 'A3/empty-arrays', data: expect.objectContaining({ members: 'authorization_servers, scopes_supported' }) });
  });

  it('the newest texts: tools=(self), a Content-Usage header of train-ai and search, no Content-Usage line to flag', async () => {
    const checks = await scanVia(current.origin);
    const a7 = pick(checks, 'A7');
    expect(a7.code, a7.evidence).toBe('A7/ok');
    expect(a7.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A7/policy-allows', data: { policy: 'tools=(self)' } }));
    const b5 = pick(checks, 'B5');
    expect(b5.code, b5.evidence).toBe('B5/ok');
    expect(b5.evidence).toContain('Content-Usage header: train-ai=n, search=y');
    expect(notes(b5).map((n) => n.code)).not.toContain('B5/lighthouse-flags');
    expect(notes(pick(checks, 'D1'))).toEqual([]);
  });
  it('older shapes: provideContext() only, a URI-template anchor, a JWK alg given as the HTTP Signature name', async () => {
    const checks = await scanVia(older.origin);
    const a7 = pick(checks, 'A7');
    expect(a7.code, a7.evidence).toBe('A7/provide-context-removed');
    const a1 = pick(checks, 'A1');
    expect(a1.code, a1.evidence).toBe('A1/no-api-entries');
    expect(notes(a1).map((n) => n.code)).toContain('A1/templated-anchors');
    const b3 = pick(checks, 'B3');
    expect(b3.status, b3.evidence).toBe('pass');
    expect(notes(b3)).toContainEqual(expect.objectContaining({ code: 'B3/jwk-alg-http-name', data: expect.objectContaining({ alg: 'ed25519' }) }));
  });
});

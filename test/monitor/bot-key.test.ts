/**
 * Web Bot Auth key of the service: persisted (and kept across upgrades), published as a JWK Set in
 * the draft's shape, its directory signature verified by B3's own verifier, and its webhook
 * signatures verified the way a receiver following draft-ietf-webbotauth-httpsig-protocol would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDictionary, serializeInnerList, serializeItem, type InnerList, type Item } from 'structured-headers';
import { loadBotKey, type BotKey } from '../../src/monitor/bot-key.js';
import { deliverWebhook } from '../../src/monitor/webhook.js';
import { signableAuthority } from '../../src/server/routes/bot-key.js';
import { jwkThumbprint } from '../../src/core/checks/bot_access/b3-web-bot-auth.js';
import { readDirectorySignatures } from '../../src/core/checks/bot_access/directory-signature.js';
import type { FetchResult } from '../../src/core/net/http.js';
import { tempDir } from '../helpers/temp-dir.js';

const AGENT = 'https://scanner.example.net/.well-known/http-message-signatures-directory';

let dir: string;
let key: BotKey;
beforeAll(() => {
  dir = tempDir('ai-ready-botkey-');
  key = loadBotKey(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A receiver's check of one web-bot-auth signature: rebuilds the base from the request as received. */
function verifyRequest(
  req: { method: string; host: string; path: string; headers: Record<string, string | undefined>; body: string },
  jwk: Record<string, string>,
  nowSec: number,
) {
  const input = parseDictionary(req.headers['signature-input']!);
  const sigs = parseDictionary(req.headers['signature']!);
  const agents = parseDictionary(req.headers['signature-agent']!);
  const [label, member] = [...input][0] as [string, InnerList];
  const params = member[1];
  expect(params.get('tag')).toBe('web-bot-auth');
  expect(params.get('keyid')).toBe(jwkThumbprint(jwk));
  expect(params.get('alg')).toBe('ed25519');
  expect(Number(params.get('created'))).toBeLessThanOrEqual(nowSec);
  expect(Number(params.get('expires'))).toBeGreaterThan(nowSec);
  const lines = member[0].map(([name, p]) => {
    const id = serializeItem(name as string, p);
    if (name === '@method') return `${id}: ${req.method}`;
    if (name === '@authority') return `${id}: ${req.host}`;
    if (name === '@path') return `${id}: ${req.path}`;
    if (name === 'signature-agent') return `${id}: ${serializeItem(agents.get(p.get('key') as string) as Item)}`;
    return `${id}: ${req.headers[name as string]}`;
  });
  const base = [...lines, `"@signature-params": ${serializeInnerList(member)}`].join('\n');
  const sig = Buffer.from((sigs.get(label) as Item)[0] as ArrayBuffer);
  return {
    covered: member[0].map(([n, p]) => serializeItem(n as string, p)),
    ok: verify(null, Buffer.from(base), createPublicKey({ key: jwk, format: 'jwk' }), sig),
  };
}

describe('Web Bot Auth key', () => {
  it("is created once per data dir, mode 0600, and published in the draft's JWK shape", () => {
    expect(loadBotKey(dir).kid).toBe(key.kid);
    expect(statSync(join(dir, 'web-bot-auth-ed25519.pem')).mode & 0o077).toBe(0);
    const [jwk] = key.jwks.keys;
    // alg from the HTTP Signature Algorithms registry, not JOSE's EdDSA; kid = RFC 7638 / RFC 8037 A.3 thumbprint.
    expect(jwk).toEqual({ kty: 'OKP', crv: 'Ed25519', kid: key.kid, x: jwk.x, use: 'sig', alg: 'Ed25519' });
    expect(key.kid).toBe(jwkThumbprint(jwk));
    expect(JSON.parse(key.directoryBody)).toEqual(key.jwks);
  });

  it('keeps a key stored by an earlier version: same file bytes, same kid, signatures verify with it', () => {
    const old = tempDir('ai-ready-botkey-old-');
    // What every earlier version wrote: a PKCS#8 PEM of an Ed25519 key.
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' });
    writeFileSync(join(old, 'web-bot-auth-ed25519.pem'), pem, { mode: 0o600 });
    const loaded = loadBotKey(old);
    expect(readFileSync(join(old, 'web-bot-auth-ed25519.pem'), 'utf8')).toBe(pem);
    const { kty, crv, x } = publicKey.export({ format: 'jwk' }) as Record<string, string>;
    expect(loaded.jwks.keys[0].x).toBe(x);
    expect(loaded.kid).toBe(jwkThumbprint({ kty, crv, x }));
  });

  it("signs the directory response as the draft asks, and B3's verifier accepts it (and only for its body and authority)", () => {
    const now = 1_800_000_000;
    const headers = key.signDirectory('ai-ready.example', now);
    expect(headers['signature-input']).toMatch(
      /^sig1=\("@authority";req "content-digest"\);created=1800000000;expires=1800086400;keyid="[^"]+";alg="ed25519";tag="http-message-signatures-directory"$/,
    );
    expect(headers['content-digest']).toBe(`sha-256=:${createHash('sha256').update(key.directoryBody).digest('base64')}:`);
    const res = (url: string, body: string) =>
      ({ requestedUrl: url, url, status: 200, headers, body: Buffer.from(body), text: body, truncated: false, redirects: [] }) as unknown as FetchResult;
    const byKeyid = (id: string) => (id === key.kid ? key.jwks.keys[0] : undefined);
    const good = readDirectorySignatures(res('https://ai-ready.example/.well-known/http-message-signatures-directory', key.directoryBody), byKeyid, now + 10);
    expect(good).toEqual({ tagged: 1, verified: [key.kid], problems: [] });
    const moved = readDirectorySignatures(res('https://copy.example/.well-known/http-message-signatures-directory', key.directoryBody), byKeyid, now + 10);
    expect(moved?.verified).toEqual([]);
    const swapped = readDirectorySignatures(
      res('https://ai-ready.example/.well-known/http-message-signatures-directory', key.directoryBody.replace('"sig"', '"enc"')),
      byKeyid,
      now + 10,
    );
    expect(swapped?.problems).toEqual([{ code: 'B3/signature-digest-mismatch', data: { label: 'sig1' } }]);
    // Still valid for as long as a cache may serve it (max-age 3600), not just five minutes.
    expect(readDirectorySignatures(res('https://ai-ready.example/x', key.directoryBody), byKeyid, now + 3600)?.verified).toEqual([key.kid]);
  });

  it('signs requests with the dictionary Signature-Agent, method, path and body digest covered', () => {
    const now = 1_700_000_000;
    const body = '{"type":"monitor.alert"}';
    const headers = key.signRequest({ url: 'https://hooks.example.org/in?x=1', method: 'post', body }, AGENT, now);
    expect(headers['signature-agent']).toBe(`sig1="${AGENT}"`);
    expect(headers['content-digest']).toBe(`sha-256=:${createHash('sha256').update(body).digest('base64')}:`);
    const jwk = key.jwks.keys[0];
    const req = { method: 'POST', host: 'hooks.example.org', path: '/in', headers, body };
    const { covered, ok } = verifyRequest(req, jwk, now + 1);
    expect(covered).toEqual(['"@method"', '"@authority"', '"@path"', '"signature-agent";key="sig1"', '"content-digest"']);
    expect(ok).toBe(true);
    expect(verifyRequest({ ...req, host: 'evil.example.org' }, jwk, now + 1).ok).toBe(false);
    expect(verifyRequest({ ...req, path: '/other' }, jwk, now + 1).ok).toBe(false);
    expect(verifyRequest({ ...req, headers: { ...headers, 'signature-agent': 'sig1="https://impostor.example/"' } }, jwk, now + 1).ok).toBe(false);
  });
});

describe('request signatures over any URL and body (property)', () => {
  it('verify for the request as sent and not for another body', () => {
    const jwk = key.jwks.keys[0];
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), fc.string({ maxLength: 300 }), (raw, body) => {
        const url = new URL(raw);
        const headers = key.signRequest({ url: raw, method: 'POST', body }, AGENT, 1_700_000_000);
        const req = { method: 'POST', host: url.host, path: url.pathname, headers, body };
        expect(verifyRequest(req, jwk, 1_700_000_001).ok).toBe(true);
        const other = {
          ...headers,
          'content-digest': `sha-256=:${createHash('sha256')
            .update(body + 'x')
            .digest('base64')}:`,
        };
        expect(verifyRequest({ ...req, headers: other }, jwk, 1_700_000_001).ok).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});

describe('webhook deliveries carry a verifiable Web Bot Auth signature', () => {
  let server: Server;
  let received: { req: IncomingMessage; body: string } | null = null;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received = { req, body };
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('verifies against the received bytes, and the Content-Digest matches the body sent', async () => {
    const { port } = server.address() as { port: number };
    const res = await deliverWebhook(
      { url: `http://127.0.0.1:${port}/hooks/in`, secret: 'whsec_abc' },
      { type: 'monitor.alert', id: 'evt_wba', score: 42 },
      { blockPrivateNetwork: false, botSignature: (r) => key.signRequest(r, AGENT) },
    );
    expect(res.status).toBe(204);
    const { req, body } = received!;
    const headers = req.headers as Record<string, string>;
    expect(headers['content-digest']).toBe(`sha-256=:${createHash('sha256').update(body).digest('base64')}:`);
    const check = verifyRequest(
      { method: req.method!, host: headers.host, path: req.url!.split('?')[0], headers, body },
      key.jwks.keys[0],
      Math.floor(Date.now() / 1000),
    );
    expect(check.ok).toBe(true);
  });
});

describe('which authority the served directory signs', () => {
  const dirPath = '/.well-known/http-message-signatures-directory';
  it("signs the base URL's authority, and a stranger's Host only where the Host guard already refused strangers", () => {
    const open = { baseUrl: () => 'https://ai-ready.example', hostGuarded: false };
    expect(signableAuthority(`https://ai-ready.example${dirPath}`, open)).toBe('ai-ready.example');
    // Unguarded (public bind): a proof for evil.example could be re-served from there.
    expect(signableAuthority(`https://evil.example${dirPath}`, open)).toBeNull();
    expect(signableAuthority(`https://ai-ready.example:8443${dirPath}`, open)).toBeNull();
    const guarded = { baseUrl: () => 'http://127.0.0.1:3000', hostGuarded: true };
    expect(signableAuthority(`http://localhost:3000${dirPath}`, guarded)).toBe('localhost:3000');
  });
});

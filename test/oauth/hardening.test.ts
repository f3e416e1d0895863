/**
 * The authorization server facing strangers: no open redirect through dynamically registered
 * clients, malformed client credentials answered as such (never a 500), and request bodies cut
 * off at the limit even when they come without a Content-Length.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { MAX_FORM_BYTES } from '../../src/oauth/http.js';
import { postEndlessBody } from '../server/helpers/endless-body.js';

let server: RunningServer;
let dir: string;
let clientId: string;
const ATTACKER = 'https://attacker.example.net/cb';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ai-ready-oauth-hard-'));
  server = await createServer({ port: 0, dataDir: dir, allowPrivateNetwork: true, log: false });
  // Anyone may register a client, with any https redirect URI.
  const reg = await fetch(`${server.baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'attacker', redirect_uris: [ATTACKER], token_endpoint_auth_method: 'none' }),
  });
  expect(reg.status).toBe(201);
  clientId = (await reg.json()).client_id;
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('OAuth endpoints under hostile input', () => {
  it('never redirects an invalid authorization request to the client: the origin is no open redirector', async () => {
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const bad: Array<Record<string, string>> = [
      { response_type: 'token' },
      { response_type: 'code' },
      { response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', scope: 'admin' },
      { response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', resource: 'https://other.example.net/' },
    ];
    for (const params of bad) {
      const url = `${server.baseUrl}/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: ATTACKER, state: 'x', ...params })}`;
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('answers malformed Basic client credentials with 401 invalid_client, not a 500', async () => {
    for (const creds of ['%ZZ:secret', `${clientId}:%E0%A4%A`]) {
      const res = await fetch(`${server.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(creds).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code&code=x&code_verifier=y',
      });
      expect(res.status).toBe(401);
      expect((await res.json()).error).toBe('invalid_client');
    }
  });

  it('stops reading a chunked body at the limit and answers before the client has finished sending', async () => {
    for (const [path, type] of [['/oauth/token', 'application/x-www-form-urlencoded'], ['/oauth/register', 'application/json']]) {
      const outcome = await postEndlessBody(server.url, path, type, MAX_FORM_BYTES * 256);
      expect(outcome.ended, path).toBe(false);
      expect(outcome.status, path).toBe(400);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('ends a grant when the API key that approved it is revoked: access token and refresh alike', async () => {
    const redirect = 'http://127.0.0.1:9/cb';
    const reg = await (await fetch(`${server.baseUrl}/oauth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'app', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }),
    })).json();
    const { token: key, key: info } = await server.store.createApiKey('leaky');
    const { token: otherKey } = await server.store.createApiKey('leaky');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const grant = async (apiKey: string) => {
      const form = new URLSearchParams({
        response_type: 'code', client_id: reg.client_id, redirect_uri: redirect, code_challenge: challenge, code_challenge_method: 'S256',
        api_key: apiKey, decision: 'approve',
      });
      const approved = await fetch(`${server.baseUrl}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
      expect(approved.status).toBe(302);
      const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
      const res = await fetch(`${server.baseUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: reg.client_id, redirect_uri: redirect, code_verifier: verifier }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { access_token: string; refresh_token: string };
    };
    const mcp = (token: string) => fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
    });
    const leaked = await grant(key);
    const kept = await grant(otherKey);
    expect((await mcp(leaked.access_token)).status).toBe(200);

    expect(await server.store.revokeApiKey(info.prefix)).toBe(1);
    const refused = await mcp(leaked.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const refresh = await fetch(`${server.baseUrl}/oauth/token`, {
      method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: leaked.refresh_token, client_id: reg.client_id }),
    });
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error).toBe('invalid_grant');
    // A grant approved with the account's other key is untouched.
    expect((await mcp(kept.access_token)).status).toBe(200);
  });
});

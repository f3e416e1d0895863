/**
 * The authorization server facing strangers: no open redirect through dynamically registered
 * clients, malformed client credentials answered as such (never a 500), and request bodies cut
 * off at the limit even when they come without a Content-Length.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { MAX_FORM_BYTES } from '../../src/oauth/http.js';
import { postEndlessBody } from '../server/helpers/endless-body.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The consent page as a browser gets it: its hidden fields and the cookie it set. */
async function consentForm(url: string): Promise<{ form: URLSearchParams; cookie: string }> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1], m[2].replace(/&amp;/g, '&'));
  return { form, cookie: page.headers.get('set-cookie')!.split(';')[0] };
}

let server: RunningServer;
let dir: string;
let clientId: string;
const ATTACKER = 'https://attacker.example.net/cb';

beforeAll(async () => {
  dir = tempDir('ai-ready-oauth-hard-');
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
    for (const [path, type] of [
      ['/oauth/token', 'application/x-www-form-urlencoded'],
      ['/oauth/register', 'application/json'],
    ]) {
      const outcome = await postEndlessBody(server.url, path, type, MAX_FORM_BYTES * 256);
      expect(outcome.ended, path).toBe(false);
      expect(outcome.status, path).toBe(400);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('ends a grant when the API key that approved it is revoked: access token and refresh alike', async () => {
    const redirect = 'http://127.0.0.1:9/cb';
    const reg = await (
      await fetch(`${server.baseUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'app', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }),
      })
    ).json();
    const { token: key, key: info } = await server.store.createApiKey('leaky');
    const { token: otherKey } = await server.store.createApiKey('leaky');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const grant = async (apiKey: string) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: reg.client_id,
        redirect_uri: redirect,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      const { form, cookie } = await consentForm(`${server.baseUrl}/oauth/authorize?${query}`);
      form.set('api_key', apiKey);
      form.set('decision', 'approve');
      const approved = await fetch(`${server.baseUrl}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual', headers: { cookie } });
      expect(approved.status).toBe(302);
      const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
      const res = await fetch(`${server.baseUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: reg.client_id, redirect_uri: redirect, code_verifier: verifier }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { access_token: string; refresh_token: string };
    };
    const mcp = (token: string) =>
      fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      });
    const leaked = await grant(key);
    const kept = await grant(otherKey);
    expect((await mcp(leaked.access_token)).status).toBe(200);

    expect(await server.store.revokeApiKey(info.prefix)).toBe(1);
    const refused = await mcp(leaked.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const refresh = await fetch(`${server.baseUrl}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: leaked.refresh_token, client_id: reg.client_id }),
    });
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error).toBe('invalid_grant');
    // A grant approved with the account's other key is untouched.
    expect((await mcp(kept.access_token)).status).toBe(200);
  });

  it("refuses a consent POST without this browser's single-use token: no cross-site deny, no redirect", async () => {
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: ATTACKER,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's',
    });
    const url = `${server.baseUrl}/oauth/authorize?${query}`;
    // No Origin header: a loopback-bound server already refuses foreign origins (host-origin-guard);
    // a public deployment has no such guard, and the token alone must stop the forgery.
    const post = (form: URLSearchParams, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual', headers });
    const expired = async (res: Response) => {
      expect(res.status).toBe(403);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('This form has expired');
    };
    // The attack of issue 18: a cross-site form POST with decision=deny used to answer 302 to the client's URI.
    const bare = new URLSearchParams({ ...Object.fromEntries(query), decision: 'deny' });
    await expired(await post(bare));
    // The attacker's own token (fetched from the page) does not match the victim's cookie (none here, or another nonce).
    const mine = await consentForm(url);
    mine.form.set('decision', 'deny');
    await expired(await post(mine.form));
    const victim = await consentForm(url);
    await expired(await post(mine.form, { cookie: victim.cookie }));
    // A token bound to another client is refused too.
    const other = await (
      await fetch(`${server.baseUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [ATTACKER], token_endpoint_auth_method: 'none' }),
      })
    ).json();
    const tampered = new URLSearchParams(mine.form);
    tampered.set('client_id', other.client_id);
    await expired(await post(tampered, { cookie: mine.cookie }));
    // The genuine pair works once: a deny goes back to the client, and the same form cannot be replayed.
    const first = await post(mine.form, { cookie: mine.cookie });
    expect(first.status).toBe(302);
    expect(new URL(first.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
    await expired(await post(mine.form, { cookie: mine.cookie }));
    // The cookie is scoped and not readable by scripts or sent cross-site.
    const page = await fetch(url);
    expect(page.headers.get('set-cookie')).toMatch(/^ai_ready_consent=[\w-]+; Path=\/oauth\/authorize; Max-Age=600; HttpOnly; SameSite=Strict$/);
  });
});

/**
 * OAuth 2.1 on /mcp, end to end on a real server (loopback, temp data dir) with the SDK's own
 * client: discovery from the 401, dynamic registration, authorization with PKCE through the
 * consent form, token, a tool call with the token, refresh rotation with reuse detection, and
 * rejected expired and wrong-audience tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, refreshAuthorization, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { openDatabase, type Db } from '../../src/store/db.js';
import type { OAuthStore } from '../../src/store/types.js';
import { openOAuthStore } from '../../src/store/sqlite/store.js';
import { sha256Hex } from '../../src/oauth/secrets.js';
import { tempDir } from '../helpers/temp-dir.js';
import { TOOLS } from '../../src/mcp/tools/index.js';

let server: RunningServer;
let dir: string;
let apiKey: string;
let db: Db;
let oauthStore: OAuthStore;
const REDIRECT = 'http://127.0.0.1:9/callback';

/** An MCP client app: keeps what the SDK hands it, "opens the browser" by recording the URL. */
class TestProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authUrl?: URL;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test <b>Client</b>',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(i: OAuthClientInformationMixed) {
    this.info = i;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(t: OAuthTokens) {
    this.saved = t;
  }
  redirectToAuthorization(url: URL) {
    this.authUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The account owner on the consent page: reads the form and submits it with their key. */
async function consent(authUrl: URL, key: string, decision = 'approve'): Promise<Response> {
  const page = await fetch(authUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(
      m[1],
      m[2]
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>'),
    );
  }
  fields.set('api_key', key);
  fields.set('decision', decision);
  // The browser sends back the consent cookie the page set (the CSRF token's other half).
  const cookie = page.headers.get('set-cookie')!.split(';')[0];
  return fetch(authUrl, { method: 'POST', body: fields, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie } });
}

async function mcpWith(token: string): Promise<Response> {
  return fetch(`${server.baseUrl}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
}

const clients: Client[] = [];
beforeAll(async () => {
  dir = tempDir('ai-ready-oauth-');
  server = await createServer({ port: 0, dataDir: dir, allowPrivateNetwork: true, log: false });
  apiKey = (await server.store.createApiKey('owner')).token;
  db = await openDatabase(dir);
  oauthStore = await openOAuthStore(db);
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await db.close();
  await server.close();
});

describe('OAuth 2.1 on /mcp', () => {
  it('answers an unauthenticated request with 401 and a WWW-Authenticate header pointing to the resource metadata', async () => {
    const res = await fetch(`${server.baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    const www = res.headers.get('www-authenticate')!;
    expect(www).toMatch(/^Bearer /);
    const prmUrl = /resource_metadata="([^"]+)"/.exec(www)![1];
    expect(prmUrl).toBe(`${server.baseUrl}/.well-known/oauth-protected-resource/mcp`);
    const prm = await (await fetch(prmUrl)).json();
    expect(prm).toMatchObject({ resource: `${server.baseUrl}/mcp`, authorization_servers: [server.baseUrl] });
    const as = await (await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`)).json();
    expect(as.issuer).toBe(server.baseUrl);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.registration_endpoint).toBe(`${server.baseUrl}/oauth/register`);
    expect(as.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    const root = await (await fetch(`${server.baseUrl}/.well-known/oauth-protected-resource`)).json();
    expect(root.resource).toBe(server.baseUrl);
  });

  const provider = new TestProvider();

  it('runs the whole flow with the SDK client: discovery, registration, consent with PKCE, token, tool calls', async () => {
    const first = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { authProvider: provider });
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(client.connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toMatch(/^mcpc_/);
    const authUrl = provider.authUrl!;
    expect(authUrl.origin + authUrl.pathname).toBe(`${server.baseUrl}/oauth/authorize`);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('resource')).toBe(`${server.baseUrl}/mcp`);

    const page = await (await fetch(authUrl)).text();
    expect(page).toContain('Test &lt;b&gt;Client&lt;/b&gt;');
    expect(page).not.toContain('<b>Client</b>');

    const wrongKey = await consent(authUrl, 'air_' + 'x'.repeat(43));
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.headers.get('location')).toBeNull();

    const approved = await consent(authUrl, apiKey);
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(authUrl.searchParams.get('state'));
    expect(back.searchParams.get('iss')).toBe(server.baseUrl);
    await first.finishAuth(back.searchParams.get('code')!);
    expect(provider.saved?.access_token).toMatch(/^mcp_at_/);
    expect(provider.saved?.refresh_token).toMatch(/^mcp_rt_/);
    expect(provider.saved?.expires_in).toBe(3600);

    const connected = new Client({ name: 'oauth-test', version: '1.0.0' });
    clients.push(connected);
    await connected.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { authProvider: provider }));
    const tools = (await connected.listTools()).tools;
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    const monitors = await connected.callTool({ name: 'list_monitors', arguments: {} });
    expect(monitors.isError).toBeFalsy();
    const listed = await connected.callTool({ name: 'list_reports', arguments: {} });
    expect(listed.structuredContent).toEqual({ items: [], nextCursor: null });

    // Tokens are stored hashed: the database never holds the token itself.
    const row = await oauthStore.getToken(sha256Hex(provider.saved!.access_token));
    expect(row?.resource).toBe(`${server.baseUrl}/mcp`);
    const raw = await db.all<{ token_hash: string }>('SELECT token_hash FROM oauth_tokens');
    expect(JSON.stringify(raw)).not.toContain(provider.saved!.access_token);
  });

  it('rotates refresh tokens; reusing an old one revokes the whole grant', async () => {
    const metadata = await (await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`)).json();
    const oldRefresh = provider.saved!.refresh_token!;
    const rotated = await refreshAuthorization(server.baseUrl, {
      metadata,
      clientInformation: provider.info!,
      refreshToken: oldRefresh,
      resource: new URL(`${server.baseUrl}/mcp`),
    });
    expect(rotated.refresh_token).not.toBe(oldRefresh);
    expect(rotated.access_token).not.toBe(provider.saved!.access_token);
    expect((await mcpWith(rotated.access_token)).status).toBe(200);

    await expect(refreshAuthorization(server.baseUrl, { metadata, clientInformation: provider.info!, refreshToken: oldRefresh })).rejects.toThrow(
      /already used|invalid_grant/i,
    );
    const revoked = await mcpWith(rotated.access_token);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expect(refreshAuthorization(server.baseUrl, { metadata, clientInformation: provider.info!, refreshToken: rotated.refresh_token! })).rejects.toThrow();
  });

  async function insertToken(resource: string, expiresAt: number): Promise<string> {
    const token = `mcp_at_${randomBytes(32).toString('base64url')}`;
    const account = (await server.store.getAccount('owner'))!;
    await oauthStore.createToken({
      tokenHash: sha256Hex(token),
      kind: 'access',
      clientId: provider.info!.client_id,
      accountId: account.id,
      resource,
      scope: 'mcp',
      familyId: 'fam_test',
      createdAt: Date.now() - 7_200_000,
      expiresAt,
    });
    return token;
  }

  it('rejects an expired token and a token bound to another resource', async () => {
    const fresh = await insertToken(`${server.baseUrl}/mcp`, Date.now() + 600_000);
    expect((await mcpWith(fresh)).status).toBe(200);
    const expired = await mcpWith(await insertToken(`${server.baseUrl}/mcp`, Date.now() - 1000));
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toMatch(/error="invalid_token".*expired/);
    const foreign = await mcpWith(await insertToken('https://other.example.net/mcp', Date.now() + 600_000));
    expect(foreign.status).toBe(401);
    expect(foreign.headers.get('www-authenticate')).toMatch(/another resource/);
    // The API key is not an OAuth token: /mcp refuses it (it works on /api/mcp).
    expect((await mcpWith(apiKey)).status).toBe(401);
  });

  describe('authorization and token endpoint rules', () => {
    let clientId: string;
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorizeUrl = (extra: Record<string, string> = {}) =>
      new URL(
        `${server.baseUrl}/oauth/authorize?` +
          new URLSearchParams({
            response_type: 'code',
            client_id: clientId,
            redirect_uri: REDIRECT,
            code_challenge: challenge,
            code_challenge_method: 'S256',
            state: 's1',
            ...extra,
          }),
      );
    const token = (params: Record<string, string>) =>
      fetch(`${server.baseUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams(params),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

    beforeAll(async () => {
      const reg = await fetch(`${server.baseUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'raw', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
      });
      expect(reg.status).toBe(201);
      clientId = (await reg.json()).client_id;
    });

    it('refuses unsafe redirect URIs at registration and unregistered ones at authorization', async () => {
      for (const uri of ['javascript:alert(1)', 'http://evil.example.net/cb', 'not a uri']) {
        const res = await fetch(`${server.baseUrl}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: [uri] }),
        });
        expect(res.status).toBe(400);
        expect((await res.json()).error).toBe('invalid_redirect_uri');
      }
      const res = await fetch(authorizeUrl({ redirect_uri: 'https://evil.example.net/cb' }), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    });

    it('requires PKCE S256, a known resource, and reports a denial to the client', async () => {
      // Invalid requests are explained on a page, never redirected (no open redirect through this origin).
      const plain = await fetch(authorizeUrl({ code_challenge_method: 'plain' }), { redirect: 'manual' });
      expect(plain.status).toBe(400);
      expect(plain.headers.get('location')).toBeNull();
      expect(await plain.text()).toContain('invalid_request');
      const foreign = await fetch(authorizeUrl({ resource: 'https://other.example.net/mcp' }), { redirect: 'manual' });
      expect(foreign.status).toBe(400);
      expect(foreign.headers.get('location')).toBeNull();
      expect(await foreign.text()).toContain('invalid_target');
      const denied = await consent(authorizeUrl(), apiKey, 'deny');
      const loc = new URL(denied.headers.get('location')!);
      expect(loc.searchParams.get('error')).toBe('access_denied');
      expect(loc.searchParams.get('state')).toBe('s1');
    });

    it('rejects a wrong code verifier and a replayed code (revoking what the code produced)', async () => {
      const code1 = new URL((await consent(authorizeUrl(), apiKey)).headers.get('location')!).searchParams.get('code')!;
      const bad = await token({
        grant_type: 'authorization_code',
        code: code1,
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_verifier: randomBytes(32).toString('base64url'),
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error).toBe('invalid_grant');

      const code2 = new URL((await consent(authorizeUrl(), apiKey)).headers.get('location')!).searchParams.get('code')!;
      const ok = await token({ grant_type: 'authorization_code', code: code2, client_id: clientId, redirect_uri: REDIRECT, code_verifier: verifier });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('cache-control')).toBe('no-store');
      const issued = await ok.json();
      expect(issued.token_type).toBe('Bearer');
      expect((await mcpWith(issued.access_token)).status).toBe(200);
      const replay = await token({ grant_type: 'authorization_code', code: code2, client_id: clientId, redirect_uri: REDIRECT, code_verifier: verifier });
      expect(replay.status).toBe(400);
      expect((await mcpWith(issued.access_token)).status).toBe(401);
    });

    it('revokes a grant through the revocation endpoint', async () => {
      const code = new URL((await consent(authorizeUrl(), apiKey)).headers.get('location')!).searchParams.get('code')!;
      const issued = await (
        await token({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: REDIRECT, code_verifier: verifier })
      ).json();
      const res = await fetch(`${server.baseUrl}/oauth/revoke`, {
        method: 'POST',
        body: new URLSearchParams({ token: issued.refresh_token, client_id: clientId }),
      });
      expect(res.status).toBe(200);
      expect((await mcpWith(issued.access_token)).status).toBe(401);
    });
  });
});

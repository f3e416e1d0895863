/**
 * The consent form's HMAC key is shared through the store: two `serve` instances on one Postgres
 * (behind a load balancer that is not sticky) accept each other's consent forms, a SQLite `serve`
 * accepts a form it showed before a restart, and AI_READY_CONSENT_SECRET still overrides the
 * stored key. Real servers on loopback, real HTTP, the cookie carried from page to POST.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createServer, type RunningServer, type ServerConfig } from '../../src/server/index.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The public address every instance answers for (the load balancer's): tokens are bound to it. */
const PUBLIC = 'http://ai-ready.test';
const REDIRECT = 'http://127.0.0.1:9/callback';
const tmp = tempDir('ai-ready-consent-secret-');
const servers = new Set<RunningServer>();
const savedEnv = process.env.AI_READY_CONSENT_SECRET;
let dirs = 0;

async function serve(config: ServerConfig): Promise<RunningServer> {
  const s = await createServer({ port: 0, baseUrl: PUBLIC, dataDir: join(tmp, `d${dirs++}`), allowPrivateNetwork: true, log: false, workers: 0, ...config });
  servers.add(s);
  return s;
}

async function stop(s: RunningServer): Promise<void> {
  servers.delete(s);
  await s.close();
}

/** Where a request meant for the public address really goes: this instance's own listener. */
const on = (s: RunningServer, pathAndQuery: string) => `${s.url}${pathAndQuery}`;

async function register(s: RunningServer): Promise<string> {
  const res = await fetch(on(s, '/oauth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'lb test', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

interface Authz {
  query: string;
  verifier: string;
}

function authorization(clientId: string): Authz {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${PUBLIC}/mcp`,
    state: 'st',
  }).toString();
  return { query, verifier };
}

/** The consent page as a browser gets it from one instance: its hidden fields and the cookie it set. */
async function consentForm(s: RunningServer, a: Authz): Promise<{ form: URLSearchParams; cookie: string }> {
  const page = await fetch(on(s, `/oauth/authorize?${a.query}`));
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1], m[2].replace(/&amp;/g, '&'));
  expect(form.get('csrf_token')).toBeTruthy();
  return { form, cookie: page.headers.get('set-cookie')!.split(';')[0] };
}

/** The owner approves: the browser POSTs the form, with its cookie, to whichever instance the balancer picks. */
async function approve(s: RunningServer, a: Authz, shown: { form: URLSearchParams; cookie: string }, apiKey: string): Promise<Response> {
  const body = new URLSearchParams(shown.form);
  body.set('api_key', apiKey);
  body.set('decision', 'approve');
  return fetch(on(s, `/oauth/authorize?${a.query}`), {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: shown.cookie },
  });
}

function codeFrom(res: Response): string {
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(REDIRECT);
  expect(location.searchParams.get('state')).toBe('st');
  return location.searchParams.get('code')!;
}

async function redeem(s: RunningServer, clientId: string, code: string, verifier: string): Promise<string> {
  const res = await fetch(on(s, '/oauth/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: clientId,
      resource: `${PUBLIC}/mcp`,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function mcpInitialize(s: RunningServer, token: string): Promise<number> {
  const res = await fetch(on(s, '/mcp'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  await res.body?.cancel();
  return res.status;
}

beforeAll(() => {
  delete process.env.AI_READY_CONSENT_SECRET;
});

afterEach(() => {
  delete process.env.AI_READY_CONSENT_SECRET;
});

afterAll(async () => {
  for (const s of servers) await s.close().catch(() => {});
  if (savedEnv === undefined) delete process.env.AI_READY_CONSENT_SECRET;
  else process.env.AI_READY_CONSENT_SECRET = savedEnv;
});

describe('the consent secret, shared through the store', () => {
  it('two instances on one Postgres: a form shown by A is approved by a POST to B, and the grant works on both', async () => {
    const db = await createTestDatabase('consent');
    // Started together: both race to store the first key, and must agree on one.
    const [a, b] = await Promise.all([serve({ databaseUrl: db.url }), serve({ databaseUrl: db.url })]);
    const apiKey = (await a.store.createApiKey('owner')).token;
    const clientId = await register(a);

    for (const [shows, takes] of [
      [a, b],
      [b, a],
    ] as const) {
      const authz = authorization(clientId);
      const shown = await consentForm(shows, authz);
      const code = codeFrom(await approve(takes, authz, shown, apiKey));
      const token = await redeem(shows, clientId, code, authz.verifier);
      expect(await mcpInitialize(a, token)).toBe(200);
      expect(await mcpInitialize(b, token)).toBe(200);
    }

    // Still single use across instances: the same form replayed on the other instance is refused.
    const authz = authorization(clientId);
    const shown = await consentForm(a, authz);
    codeFrom(await approve(b, authz, shown, apiKey));
    expect((await approve(a, authz, shown, apiKey)).status).toBe(403);
    // And still bound to the browser: the form without its cookie is refused on either instance.
    const again = await consentForm(a, authz);
    expect((await approve(b, authz, { ...again, cookie: 'ai_ready_consent=someone-elses' }, apiKey)).status).toBe(403);
    await stop(a);
    await stop(b);
  });

  it('SQLite: a form shown before a restart of serve on the same data dir is still accepted after it', async () => {
    const dataDir = join(tmp, 'restart');
    const first = await serve({ dataDir });
    const apiKey = (await first.store.createApiKey('owner')).token;
    const clientId = await register(first);
    const authz = authorization(clientId);
    const shown = await consentForm(first, authz);
    await stop(first);

    const second = await serve({ dataDir });
    const code = codeFrom(await approve(second, authz, shown, apiKey));
    expect(await mcpInitialize(second, await redeem(second, clientId, code, authz.verifier))).toBe(200);
    await stop(second);
  });

  it('AI_READY_CONSENT_SECRET overrides the stored key: only instances given the same value accept each other', async () => {
    const db = await createTestDatabase('consent_env');
    process.env.AI_READY_CONSENT_SECRET = randomBytes(32).toString('base64url');
    const withEnv = await serve({ databaseUrl: db.url });
    const alsoWithEnv = await serve({ databaseUrl: db.url });
    delete process.env.AI_READY_CONSENT_SECRET;
    const storedKeyOnly = await serve({ databaseUrl: db.url });
    const apiKey = (await withEnv.store.createApiKey('owner')).token;
    const clientId = await register(withEnv);

    const authz = authorization(clientId);
    const shown = await consentForm(withEnv, authz);
    // The instance on the stored key signs differently: the form is refused there...
    expect((await approve(storedKeyOnly, authz, shown, apiKey)).status).toBe(403);
    // ...and accepted (once) by the one given the same value.
    codeFrom(await approve(alsoWithEnv, authz, shown, apiKey));
    for (const s of [withEnv, alsoWithEnv, storedKeyOnly]) await stop(s);
  });
});

/**
 * Dynamic registration is open to anyone: its redirect URIs follow RFC 8252 (no `localhost`, no
 * arbitrary custom schemes), a client IP gets a few registrations an hour, registrations nobody
 * used expire within a day and are capped across the service; expiry runs on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectUriProblem, redirectUriMatches } from '../../src/oauth/redirect-uri.js';
import { createOAuthServer } from '../../src/oauth/server.js';
import { REGISTRATION_LIMITS } from '../../src/oauth/config.js';
import type { Store } from '../../src/store/types.js';
import { ENGINES } from '../store/engines.js';

describe('redirect URI rules', () => {
  it.each([
    'https://app.example.com/cb',
    'http://127.0.0.1/cb',
    'http://127.0.0.1:53682/cb',
    'http://[::1]:8080/cb',
    'com.example.app:/oauth2redirect',
    'cursor://anysphere.cursor-retrieval/oauth/callback',
    'vscode://vscode.github-authentication/did-authenticate',
  ])('accepts %s', (uri) => expect(redirectUriProblem(uri)).toBeNull());

  it.each([
    ['http://localhost:3000/cb', /loopback IP literal/],
    ['http://app.localhost/cb', /loopback IP literal/],
    ['http://evil.example.net/cb', /loopback IP literal/],
    ['myapp://cb', /scheme is not allowed/],
    ['evil:/cb', /scheme is not allowed/],
    ['javascript:alert(1)', /scheme is not allowed/],
    ['data:text/html,x', /scheme is not allowed/],
    ['file:///etc/passwd', /scheme is not allowed/],
    ['https://user:pw@app.example.com/cb', /credentials/],
    ['https://app.example.com/cb#x', /fragment/],
    [`https://app.example.com/${'a'.repeat(600)}`, /at most 512/],
  ])('refuses %s', (uri, why) => expect(redirectUriProblem(uri)).toMatch(why));

  it('matches loopback redirects on any port, nothing else loosely', () => {
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1:4567/cb')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1/cb', 'http://127.0.0.1:4567/other')).toBe(false);
    expect(redirectUriMatches('https://a.example/cb', 'https://a.example:444/cb')).toBe(false);
  });
});

for (const engine of ENGINES) {
  describe(`client registrations on ${engine.name}`, () => {
    let store: Store;
    let cleanup: () => void;
    let clock = Date.now();
    const base = 'http://127.0.0.1:1';
    beforeAll(async () => {
      const db = await engine.create();
      cleanup = db.cleanup;
      store = await db.open();
    });
    afterAll(async () => {
      await store.close();
      cleanup();
    });

    const server = (extra: { maxPendingClients?: number } = {}) =>
      createOAuthServer({ oauth: store.oauth, store, baseUrl: () => base, now: () => clock, ...extra });
    const register = (
      s: ReturnType<typeof server>,
      ip: string,
      body: unknown = { redirect_uris: ['https://app.example.com/cb'], token_endpoint_auth_method: 'none' },
    ) =>
      s.handle(new Request(`${base}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), {
        clientIp: ip,
      });

    it('allows a few registrations per client IP per hour and caps unused ones across the service', async () => {
      const s = server({ maxPendingClients: 15 });
      const statuses: number[] = [];
      for (let i = 0; i < REGISTRATION_LIMITS.perIpPerHour + 2; i++) statuses.push((await register(s, '198.51.100.1'))!.status);
      expect(statuses.filter((x) => x === 201)).toHaveLength(REGISTRATION_LIMITS.perIpPerHour);
      expect(statuses.at(-1)).toBe(429);
      // Many addresses (a botnet) meet the global cap of unused registrations.
      const more: number[] = [];
      for (let i = 0; i < 10; i++) more.push((await register(s, `198.51.100.${10 + i}`))!.status);
      expect(more.filter((x) => x === 201)).toHaveLength(5);
      const refused = (await register(s, '198.51.100.99'))!;
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('3600');
      expect(await store.oauth.countPendingClients(clock, 86_400_000)).toBe(15);
      const tooMany = await register(server(), '198.51.100.200', { redirect_uris: Array.from({ length: 6 }, (_, i) => `https://a.example/${i}`) });
      expect(tooMany!.status).toBe(400);
    });

    it('expires unused registrations within a day (the purge deletes them)', async () => {
      const created = await register(server(), '203.0.113.7');
      const { client_id: clientId } = (await created!.json()) as { client_id: string };
      expect(await store.oauth.getClient(clientId, clock)).toBeDefined();
      clock += 86_400_000 + 1;
      expect(await store.oauth.getClient(clientId, clock)).toBeUndefined();
      await server().purge();
      expect(await store.oauth.getClient(clientId, 0)).toBeUndefined();
      expect(await store.oauth.countPendingClients(clock, 86_400_000)).toBe(0);
      // Room for new registrations came back by itself.
      expect((await register(server({ maxPendingClients: 15 }), '203.0.113.8'))!.status).toBe(201);
    });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2OauthDiscovery, asMetadataProblems, type AsCandidate } from '../../../../src/core/checks/capabilities/a2-oauth-discovery.js';
import { a3ProtectedResource } from '../../../../src/core/checks/capabilities/a3-protected-resource.js';
import { issuerMetadataUrls, readJsonDocument, resourceMetadataParam, type PrmArtifact } from '../../../../src/core/gather/oauth-metadata.js';
import { GatherContext } from '../../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { ORIGIN, json, notFound, response } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const AS = '/.well-known/oauth-authorization-server';
const OIDC = '/.well-known/openid-configuration';
const PRM = '/.well-known/oauth-protected-resource';

const rfc8414 = {
  issuer: ORIGIN,
  authorization_endpoint: `${ORIGIN}/authorize`,
  token_endpoint: `${ORIGIN}/token`,
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code'],
  code_challenge_methods_supported: ['S256'],
  registration_endpoint: `${ORIGIN}/register`,
};
const oidc = {
  ...rfc8414,
  jwks_uri: `${ORIGIN}/jwks.json`,
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
};
const cand = (kind: 'rfc8414' | 'oidc', res: ReturnType<typeof json>, expectedIssuer = ORIGIN, source: AsCandidate['source'] = 'origin'): AsCandidate => ({
  kind,
  expectedIssuer,
  source,
  ...readJsonDocument(res),
});

/** The advisory codes of an outcome, in order. */
const notes = (o: { advisoryFindings?: Array<{ code: string }> }) => o.advisoryFindings?.map((n) => n.code) ?? [];

describe('A2 OAuth / OIDC metadata (artifacts)', () => {
  it('passes RFC 8414 metadata with no advisories when PKCE, grants and registration are present', () => {
    const o = a2OauthDiscovery.evaluate({ candidates: [cand('rfc8414', json(AS, rfc8414)), cand('oidc', notFound(OIDC))] }, ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('RFC 8414');
    expect(o.advisoryFindings ?? []).toEqual([]);
    expect(o.details).toMatchObject({ source: 'oauth-authorization-server', hasTokenEndpoint: true });
  });

  it('passes OIDC discovery and advises on missing S256 and registration', () => {
    const { code_challenge_methods_supported: _a, registration_endpoint: _b, ...bare } = oidc;
    const o = a2OauthDiscovery.evaluate({ candidates: [cand('rfc8414', notFound(AS)), cand('oidc', json(OIDC, bare))] }, ctx);
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('OpenID Connect Discovery 1.0');
    expect(notes(o)).toEqual(['A2/no-pkce-s256', 'A2/no-registration-endpoint']);
  });

  it('OIDC requires jwks_uri and subject types where RFC 8414 does not', () => {
    expect(asMetadataProblems(rfc8414, 'rfc8414', ORIGIN)).toEqual([]);
    const p = asMetadataProblems(rfc8414, 'oidc', ORIGIN);
    expect(p).toContain('no jwks_uri');
    expect(p).toContain('no subject_types_supported');
  });

  it('is partial on an issuer mismatch or a non-https endpoint', () => {
    const o = a2OauthDiscovery.evaluate({ candidates: [cand('rfc8414', json(AS, { ...rfc8414, issuer: 'https://other.example' }))] }, ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('A2/invalid');
    expect(o.data?.best).toMatch(/issuer .*does not match/);
    expect(asMetadataProblems({ ...rfc8414, token_endpoint: 'http://x.example/token' }, 'rfc8414', ORIGIN)).toContain('token_endpoint is not https');
  });

  it('tolerates a trailing-slash issuer with an advisory', () => {
    const o = a2OauthDiscovery.evaluate({ candidates: [cand('oidc', json(OIDC, { ...oidc, issuer: `${ORIGIN}/` }))] }, ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A2/issuer-trailing-slash', data: { issuer: `${ORIGIN}/`, expected: ORIGIN } }));
  });

  it('passes on an issuer named by the protected-resource metadata', () => {
    const issuer = 'https://auth.example.com';
    const o = a2OauthDiscovery.evaluate(
      {
        candidates: [
          cand('rfc8414', notFound(AS)),
          cand('oidc', notFound(OIDC)),
          cand('oidc', json(`${issuer}${OIDC}`, { ...oidc, issuer }), issuer, 'protected-resource metadata'),
        ],
      },
      ctx,
    );
    expect(o).toMatchObject({ status: 'pass', code: 'A2/ok', details: { source: 'openid-configuration', issuer } });
    expect(o.probes?.[0].requestedUrl).toBe(`${issuer}${OIDC}`);
  });

  it('fails when neither document exists', () => {
    const o = a2OauthDiscovery.evaluate({ candidates: [cand('rfc8414', notFound(AS)), cand('oidc', notFound(OIDC))] }, ctx);
    expect(o.status).toBe('fail');
    expect(o.probes).toHaveLength(2);
  });

  it('builds RFC 8414 (inserted) and OIDC (appended) URLs for an issuer with a path', () => {
    expect(issuerMetadataUrls(new URL('https://id.example.com/tenant1'))).toEqual({
      rfc8414: 'https://id.example.com/.well-known/oauth-authorization-server/tenant1',
      oidc: 'https://id.example.com/tenant1/.well-known/openid-configuration',
    });
  });

  it('is scored only in the app profile', () => {
    expect(a2OauthDiscovery.meta.contentProfile).toBe('na');
    expect(a3ProtectedResource.meta.contentProfile).toBe('na');
  });
});

describe('A3 protected-resource metadata (artifacts)', () => {
  const prm = (res: ReturnType<typeof json>, www: string | null = null, linked: ReturnType<typeof json> | null = null): PrmArtifact => {
    const wellKnown = readJsonDocument(res);
    const l = linked ? readJsonDocument(linked) : null;
    return { wellKnown, pageWwwAuthenticate: www, linked: l, chosen: l?.doc ? l : wellKnown };
  };
  it('passes with resource and authorization servers', () => {
    const o = a3ProtectedResource.evaluate(
      prm(json(PRM, { resource: ORIGIN, authorization_servers: ['https://auth.example.com'], scopes_supported: ['read'] })),
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.matched).toBe('RFC 9728');
    expect(o.advisoryFindings ?? []).toEqual([]);
  });
  it('is partial without authorization_servers or with a foreign resource', () => {
    expect(a3ProtectedResource.evaluate(prm(json(PRM, { resource: ORIGIN })), ctx).code).toBe('A3/no-authorization-servers');
    const foreign = a3ProtectedResource.evaluate(prm(json(PRM, { resource: 'https://elsewhere.example', authorization_servers: ['https://a.example'] })), ctx);
    expect(foreign.status).toBe('partial');
    expect(foreign.code).toBe('A3/bad-resource');
  });
  it('names empty arrays RFC 9728 §3.2 says to omit, except bearer_methods_supported: [] (§2 gives it a meaning)', () => {
    const o = a3ProtectedResource.evaluate(
      prm(
        json(PRM, {
          resource: ORIGIN,
          authorization_servers: [],
          scopes_supported: [],
          bearer_methods_supported: [],
          resource_documentation: `${ORIGIN}/docs`,
        }),
      ),
      ctx,
    );
    expect(o.code).toBe('A3/no-authorization-servers');
    expect(o.advisoryFindings).toContainEqual(
      expect.objectContaining({
        code: 'A3/empty-arrays',
        data: {
          members: 'authorization_servers, scopes_supported',
          emptyArrays: 'empty arrays',
          tokenNote: '; a resource that takes no token needs no protected-resource metadata at all',
        },
      }),
    );
    const scopesOnly = a3ProtectedResource.evaluate(
      prm(json(PRM, { resource: ORIGIN, authorization_servers: ['https://auth.example.com'], scopes_supported: [] })),
      ctx,
    );
    expect(scopesOnly.status).toBe('pass');
    expect(scopesOnly.advisoryFindings?.map(({ code, data }) => ({ code, data }))).toEqual([
      { code: 'A3/empty-arrays', data: { members: 'scopes_supported', emptyArrays: 'empty array', tokenNote: '' } },
    ]);
  });
  it('advises on a path-bearing resource at the root well-known URL', () => {
    const o = a3ProtectedResource.evaluate(
      prm(json(PRM, { resource: `${ORIGIN}/mcp`, authorization_servers: ['https://a.example'], scopes_supported: [] })),
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'A3/resource-has-path', data: { path: '/mcp', origin: ORIGIN, resource: `${ORIGIN}/mcp` } }),
    );
  });
  // RFC 9728 §3.3 (editor's copy read 2026-11-25): "resource" must be identical to the identifier the lookup came from.
  it('says when a client must not use a root document naming a path resource, and not when the 401 of that resource points at it', () => {
    const doc = { resource: `${ORIGIN}/mcp`, authorization_servers: ['https://a.example'], scopes_supported: [] };
    const challenge = (resourceMetadata: string) => ({
      url: `${ORIGIN}/mcp`,
      source: 'mcp' as const,
      probe: response({ url: '/mcp', method: 'POST', status: 401, headers: { 'www-authenticate': `Bearer resource_metadata="${resourceMetadata}"` } }),
    });
    const alone = a3ProtectedResource.evaluate(prm(json(PRM, doc)), ctx);
    expect(alone.status).toBe('pass');
    expect(notes(alone)).toContain('A3/resource-has-path');
    const pointed = a3ProtectedResource.evaluate({ ...prm(json(PRM, doc)), challenge: challenge(`${ORIGIN}${PRM}`) }, ctx);
    expect(pointed).toMatchObject({ status: 'pass', code: 'A3/ok' });
    expect(notes(pointed)).not.toContain('A3/resource-has-path');
    expect(notes(pointed)).not.toContain('A3/resource-not-challenged-url');
    // Followed from a 401 of /mcp, a document naming /api is not for the resource that answered.
    const followedUrl = `${ORIGIN}${PRM}/api`;
    const followed = readJsonDocument(json(`${PRM}/api`, { ...doc, resource: `${ORIGIN}/api` }));
    const other = a3ProtectedResource.evaluate({ ...prm(notFound(PRM)), challenge: challenge(followedUrl), followed }, ctx);
    expect(other.status).toBe('pass');
    expect(other.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'A3/resource-not-challenged-url', data: { resource: `${ORIGIN}/api`, url: `${ORIGIN}/mcp` } }),
    );
  });
  it('uses the document a page 401 points at', () => {
    const linkedUrl = `${ORIGIN}/.well-known/oauth-protected-resource/api`;
    const o = a3ProtectedResource.evaluate(
      prm(
        notFound(PRM),
        `Bearer resource_metadata="${linkedUrl}"`,
        json(linkedUrl, { resource: `${ORIGIN}/api`, authorization_servers: ['https://a.example'], scopes_supported: [] }),
      ),
      ctx,
    );
    expect(o.status).toBe('pass');
    expect((o.details as any).fromWwwAuthenticate).toBe(true);
    expect(o.code).toBe('A3/ok');
  });
  it('fails when absent', () => {
    expect(a3ProtectedResource.evaluate(prm(notFound(PRM)), ctx).status).toBe('fail');
    const broken = a3ProtectedResource.evaluate(prm(response({ url: PRM, headers: { 'content-type': 'application/json' }, body: '{oops' })), ctx);
    expect(broken.code).toBe('A3/missing');
    expect(broken.data?.why).toMatch(/not JSON/);
  });
  it('parses resource_metadata quoted and bare', () => {
    expect(resourceMetadataParam('Bearer realm="x", resource_metadata="https://a.example/m"')).toBe('https://a.example/m');
    expect(resourceMetadataParam('Bearer resource_metadata=https://a.example/m, scope="x"')).toBe('https://a.example/m');
    expect(resourceMetadataParam('Basic realm="x"')).toBeNull();
  });
});

describe('A2 + A3 gather on a loopback site', () => {
  let as: FixtureSite;
  let site: FixtureSite;
  beforeAll(async () => {
    as = await startFixture((s) => ({
      '/tenant/.well-known/openid-configuration': {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...oidc,
          issuer: `${s.origin}/tenant`,
          authorization_endpoint: 'https://a.example/authorize',
          token_endpoint: 'https://a.example/token',
          jwks_uri: 'https://a.example/jwks',
        }),
      },
    }));
    site = await startFixture((s) => ({
      '/': { status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>app</body></html>' },
      [PRM]: { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ resource: s.origin, authorization_servers: [`${as.origin}/tenant`] }) },
    }));
  });
  afterAll(async () => {
    await site.close();
    await as.close();
  });

  it('shares the PRM between A2 and A3 and follows the listed issuer cross-origin', async () => {
    const http = new HttpClient({ timeoutMs: 5000 });
    const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
    const gctx = new GatherContext(new URL(page.url), site.origin, http, () => {}, page);
    const [a2art, a3art] = await Promise.all([a2OauthDiscovery.gather(gctx), a3ProtectedResource.gather(gctx)]);
    expect(site.requests.filter((r) => r.path === PRM)).toHaveLength(1);
    expect(as.requests.map((r) => r.path).sort()).toEqual(['/.well-known/oauth-authorization-server/tenant', '/tenant/.well-known/openid-configuration']);
    const a3 = a3ProtectedResource.evaluate(a3art, { origin: site.origin, pageUrl: page.url });
    expect(a3.status).toBe('pass');
    const a2 = a2OauthDiscovery.evaluate(a2art, { origin: site.origin, pageUrl: page.url });
    // The issuer named by the PRM lives on another (loopback, so http is fine) origin and validates.
    expect(a2.status).toBe('pass');
    expect(a2.code).toBe('A2/ok');
    expect(a2.probes?.[0].requestedUrl.startsWith(site.origin)).toBe(false);
  });
});

describe('A2 on local development origins', () => {
  const doc = (issuer: string) => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    response_types_supported: ['code'],
  });
  it('accepts plain http on loopback hosts', () => {
    expect(asMetadataProblems(doc('http://127.0.0.1:8080'), 'rfc8414', 'http://127.0.0.1:8080')).toEqual([]);
    expect(asMetadataProblems(doc('http://localhost:3000'), 'rfc8414', 'http://localhost:3000')).toEqual([]);
  });
  it('still demands https everywhere else', () => {
    const problems = asMetadataProblems(doc('http://auth.acme.dev'), 'rfc8414', 'http://auth.acme.dev');
    expect(problems.join('; ')).toMatch(/issuer .* is not an https URL/);
    expect(problems.join('; ')).toMatch(/token_endpoint is not https/);
  });
});

/**
 * The OAuth discovery documents A2 and A3 share (src/core/gather/oauth-metadata.ts): the metadata
 * URLs of an issuer, the resource_metadata parameter of a challenge, and one PRM request per scan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2OauthDiscovery } from '../../../src/core/checks/capabilities/a2-oauth-discovery.js';
import { a3ProtectedResource } from '../../../src/core/checks/capabilities/a3-protected-resource.js';
import { GatherContext } from '../../../src/core/gather/context.js';
import { issuerMetadataUrls, resourceMetadataParam } from '../../../src/core/gather/oauth-metadata.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';

const PRM = '/.well-known/oauth-protected-resource';

describe('OAuth metadata locations', () => {
  it('builds RFC 8414 (inserted) and OIDC (appended) URLs for an issuer with a path', () => {
    expect(issuerMetadataUrls(new URL('https://id.example.com/tenant1'))).toEqual({
      rfc8414: 'https://id.example.com/.well-known/oauth-authorization-server/tenant1',
      oidc: 'https://id.example.com/tenant1/.well-known/openid-configuration',
    });
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
          issuer: `${s.origin}/tenant`,
          authorization_endpoint: 'https://a.example/authorize',
          token_endpoint: 'https://a.example/token',
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code'],
          code_challenge_methods_supported: ['S256'],
          registration_endpoint: 'https://a.example/register',
          jwks_uri: 'https://a.example/jwks',
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
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

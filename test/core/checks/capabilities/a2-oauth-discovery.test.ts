import { describe, expect, it } from 'vitest';
import { a2OauthDiscovery, asMetadataProblems, type AsCandidate } from '../../../../src/core/checks/capabilities/a2-oauth-discovery.js';
import { a3ProtectedResource } from '../../../../src/core/checks/capabilities/a3-protected-resource.js';
import { readJsonDocument } from '../../../../src/core/gather/oauth-metadata.js';
import { ORIGIN, json, notFound } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const AS = '/.well-known/oauth-authorization-server';
const OIDC = '/.well-known/openid-configuration';

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
    expect(o.findings).toEqual([expect.objectContaining({ code: 'A2/issuer-mismatch', data: { issuer: 'https://other.example', expected: ORIGIN } })]);
    expect(o.evidence).toMatch(/; issuer https:\/\/other\.example does not match /);
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

  it('is scored only in the app profile', () => {
    expect(a2OauthDiscovery.meta.contentProfile).toBe('na');
    expect(a3ProtectedResource.meta.contentProfile).toBe('na');
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

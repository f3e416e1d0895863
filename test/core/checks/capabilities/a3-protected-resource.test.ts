import { describe, expect, it } from 'vitest';
import { a3ProtectedResource } from '../../../../src/core/checks/capabilities/a3-protected-resource.js';
import { readJsonDocument, type PrmArtifact } from '../../../../src/core/gather/oauth-metadata.js';
import { ORIGIN, json, notFound, response } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const PRM = '/.well-known/oauth-protected-resource';

/** The advisory codes of an outcome, in order. */
const notes = (o: { advisoryFindings?: Array<{ code: string }> }) => o.advisoryFindings?.map((n) => n.code) ?? [];

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
        data: { members: 'authorization_servers, scopes_supported', emptyArrays: 'empty arrays' },
      }),
    );
    expect(o.advisoryFindings?.map((a) => a.code)).toContain('A3/empty-authorization-servers');
    const scopesOnly = a3ProtectedResource.evaluate(
      prm(json(PRM, { resource: ORIGIN, authorization_servers: ['https://auth.example.com'], scopes_supported: [] })),
      ctx,
    );
    expect(scopesOnly.status).toBe('pass');
    expect(scopesOnly.advisoryFindings?.map(({ code, data }) => ({ code, data }))).toEqual([
      { code: 'A3/empty-arrays', data: { members: 'scopes_supported', emptyArrays: 'empty array' } },
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
    expect(broken.findings?.map((f) => f.code)).toEqual(['A3/seen', 'A3/not-json', 'A3/not-challenged']);
    expect(broken.evidence).toMatch(/^No protected-resource metadata: GET \/\.well-known\/oauth-protected-resource → 200 application\/json, 5 B; not JSON \(/);
  });
});

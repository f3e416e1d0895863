import { describe, expect, it } from 'vitest';
import { a1ApiCatalog, hasApiCatalogRel } from '../../../../src/core/checks/capabilities/a1-api-catalog.js';
import { ORIGIN, json, notFound, response, soft404, text } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const P = '/.well-known/api-catalog';
const LINKSET_CT = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const head = (link?: string) => response({ url: P, method: 'HEAD', headers: link ? { link } : {} });
const api = {
  linkset: [
    {
      anchor: 'https://api.example.com/v1',
      'service-desc': [{ href: 'https://api.example.com/v1/openapi.json', type: 'application/openapi+json' }],
      'service-doc': [{ href: 'https://example.com/docs' }],
    },
  ],
};

/** The advisory codes of an outcome, in order. */
const notes = (o: { advisoryFindings?: Array<{ code: string }> }) => o.advisoryFindings?.map((n) => n.code) ?? [];

describe('A1 API catalog', () => {
  it('passes a linkset served with the RFC 9727 type, profile and Link headers, with no advisories', () => {
    const o = a1ApiCatalog.evaluate(
      {
        get: json(P, api, { 'content-type': LINKSET_CT }),
        head: head('</.well-known/api-catalog>; rel="api-catalog"'),
        pageLink: '</.well-known/api-catalog>; rel="api-catalog"',
      },
      ctx,
    );
    expect(o.status).toBe('pass');
    expect(o.matched).toContain('RFC 9727');
    expect(o.advisoryFindings ?? []).toEqual([]);
    expect(o.code).toBe('A1/ok');
    expect(o.details).toMatchObject({ apiEntries: 1 });
  });

  it('passes with application/json but advises on type, HEAD Link and the page Link', () => {
    const o = a1ApiCatalog.evaluate({ get: json(P, api), head: head(), pageLink: null }, ctx);
    expect(o.status).toBe('pass');
    expect(notes(o)).toEqual(['A1/content-type', 'A1/head-without-link', 'A1/page-not-linked']);
    expect(o.advisoryFindings?.[0].data).toEqual({ type: 'application/json' });
  });

  it('advises on a missing profile parameter', () => {
    const o = a1ApiCatalog.evaluate({ get: json(P, api, { 'content-type': 'application/linkset+json' }), head: head(), pageLink: null }, ctx);
    expect(notes(o)).toContain('A1/no-profile');
  });

  it('accepts item links and bare-string targets', () => {
    const o = a1ApiCatalog.evaluate(
      {
        get: json(P, { linkset: [{ anchor: 'https://example.com/.well-known/api-catalog', item: ['https://api.example.com/v1'] }] }),
        head: head(),
        pageLink: null,
      },
      ctx,
    );
    expect(o.status).toBe('pass');
  });

  it('is partial for an empty linkset, anchorless entries or no API links', () => {
    expect(a1ApiCatalog.evaluate({ get: json(P, { linkset: [] }), head: head(), pageLink: null }, ctx).code).toBe('A1/no-api-entries');
    const anchorless = a1ApiCatalog.evaluate(
      { get: json(P, { linkset: [{ 'service-desc': [{ href: '/openapi.json' }] }] }), head: head(), pageLink: null },
      ctx,
    );
    expect(anchorless.status).toBe('partial');
    expect(anchorless.code).toBe('A1/no-api-entries');
    expect(anchorless.findings).toEqual([expect.objectContaining({ code: 'A1/anchorless', data: { count: 1 } })]);
    expect(anchorless.evidence).toMatch(/1 entry\(ies\) without an absolute anchor/);
    const noApi = a1ApiCatalog.evaluate(
      { get: json(P, { linkset: [{ anchor: 'https://x.example', author: [{ href: 'https://x.example/me' }] }] }), head: head(), pageLink: null },
      ctx,
    );
    expect(noApi.status).toBe('partial');
    expect(a1ApiCatalog.evaluate({ get: json(P, { apis: [] }), head: head(), pageLink: null }, ctx).status).toBe('partial');
  });

  describe('lenient catalogs (issue 28.8; RFC 9727 §4.1, RFC 8288 §2.1, RFC 3986 §3)', () => {
    const run = (body: unknown) =>
      a1ApiCatalog.evaluate(
        { get: json(P, body, { 'content-type': LINKSET_CT }), head: head('<x>; rel="api-catalog"'), pageLink: '</.well-known/api-catalog>; rel="api-catalog"' },
        ctx,
      );
    it('a site home page whose only link is a service-doc on the same site is not an API: partial, said', () => {
      const o = run({
        linkset: [
          { anchor: 'https://blog.example/', 'service-doc': [{ href: 'https://blog.example/posts/' }], alternate: [{ href: 'https://blog.example/feed.xml' }] },
        ],
      });
      expect(o.status).toBe('partial');
      expect(o.code).toBe('A1/no-api-entries');
      expect(o.evidence).toContain('nothing in the catalog is an API');
      expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A1/website-entries', data: { anchors: '"https://blog.example/"' } }));
      // The same anchor documented by another host's text (an LDN inbox documented by its W3C spec) stays an API.
      expect(run({ linkset: [{ anchor: 'https://inbox.example/', 'service-doc': [{ href: 'https://spec.example/ldn/' }] }] }).status).toBe('pass');
      // A home page with a service-desc is an API.
      expect(
        run({
          linkset: [
            {
              anchor: 'https://api.example/',
              'service-desc': [{ href: 'https://api.example/openapi.json' }],
              'service-doc': [{ href: 'https://api.example/docs' }],
            },
          ],
        }).status,
      ).toBe('pass');
    });
    it('URI-template anchors are not URIs: an advisory beside a real API, partial when they are all there is', () => {
      const tpl = { anchor: 'https://calc.example/tax/{state}', 'service-desc': [{ href: 'https://calc.example/openapi/tax.json' }] };
      const mixed = run({
        linkset: [tpl, { anchor: 'https://calc.example/tools/income', 'service-desc': [{ href: 'https://calc.example/openapi/income.json' }] }],
      });
      expect(mixed.status).toBe('pass');
      expect(mixed.advisoryFindings).toContainEqual(
        expect.objectContaining({ code: 'A1/templated-anchors', data: { count: 1, anchors: '"https://calc.example/tax/{state}"' } }),
      );
      const only = run({ linkset: [tpl] });
      expect(only.status).toBe('partial');
      expect(only.evidence).toContain('URI templates, not URIs');
    });
    it('names a relation that is neither registered nor a URI, and a status link back at the catalog', () => {
      const o = run({
        linkset: [
          {
            anchor: 'https://api.example/v1',
            'service-desc': [{ href: 'https://api.example/v1/openapi.json' }],
            'skills-index': [{ href: 'https://api.example/skills.json' }],
            'https://rels.example/schemamap': [{ href: 'https://api.example/schemamap.json' }],
            status: [{ href: `${ORIGIN}${P}` }],
          },
        ],
      });
      expect(o.status).toBe('pass');
      expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A1/unknown-relations', data: { relations: '"skills-index"' } }));
      expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'A1/self-status', data: { count: 1 } }));
    });
  });

  it('fails on 404, soft 404 and non-JSON', () => {
    expect(a1ApiCatalog.evaluate({ get: notFound(P), head: head(), pageLink: null }, ctx).status).toBe('fail');
    expect(a1ApiCatalog.evaluate({ get: soft404(P), head: head(), pageLink: null }, ctx).status).toBe('fail');
    expect(a1ApiCatalog.evaluate({ get: text(P, 'apis: none'), head: head(), pageLink: null }, ctx).status).toBe('fail');
  });

  it('recognises the api-catalog relation among others', () => {
    expect(hasApiCatalogRel('</a>; rel="service-doc", </.well-known/api-catalog>; rel="api-catalog"')).toBe(true);
    expect(hasApiCatalogRel('</x>; rel="not-api-catalog-really"')).toBe(false);
    expect(hasApiCatalogRel(null)).toBe(false);
  });

  it('fix guide serves the catalog with its type and adds the Link header', () => {
    const steps = a1ApiCatalog.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] });
    expect(steps.some((s) => s.code?.includes('application/linkset+json'))).toBe(true);
    expect(steps.some((s) => s.code?.includes('rel=\\"api-catalog\\"') || s.code?.includes('rel="api-catalog"'))).toBe(true);
    expect(steps.at(-1)!.body).toContain('rfc9727');
  });
});

describe('A1 link targets', () => {
  const full = {
    get: json(P, api, { 'content-type': LINKSET_CT }),
    head: head('</.well-known/api-catalog>; rel="api-catalog"'),
    pageLink: '</.well-known/api-catalog>; rel="api-catalog"',
  };
  const target = (url: string, status: number | null, error?: { code: 'refused'; message: string }) => ({
    url,
    probe: response({ url, method: 'HEAD', status, ...(error ? { error } : {}) }),
  });

  it('is partial when every checked target is dead', () => {
    const o = a1ApiCatalog.evaluate({ ...full, targets: [target('/v1/openapi.json', 404), target('/docs', 410)] }, ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('A1/dead-links');
  });

  it('passes with an advisory when only some targets are dead; HEAD refusals are not dead', () => {
    const some = a1ApiCatalog.evaluate({ ...full, targets: [target('/v1/openapi.json', 200), target('/docs', 404)] }, ctx);
    expect(some.status).toBe('pass');
    expect(notes(some)).toContain('A1/some-dead-links');
    expect(a1ApiCatalog.evaluate({ ...full, targets: [target('/v1/openapi.json', 405)] }, ctx).status).toBe('pass');
  });

  it('lists same-origin API targets only', async () => {
    const { catalogApiTargets } = await import('../../../../src/core/checks/capabilities/a1-api-catalog.js');
    const cat = {
      linkset: [
        {
          anchor: 'https://site.dev/api',
          'service-desc': [{ href: '/openapi.json' }],
          'service-doc': [{ href: 'https://other.dev/docs' }],
          status: 'https://site.dev/health',
        },
        { anchor: 'https://site.dev/v2', license: [{ href: '/license' }] },
      ],
    };
    expect(catalogApiTargets(cat, 'https://site.dev/.well-known/api-catalog')).toEqual(['https://site.dev/openapi.json', 'https://site.dev/health']);
  });
});

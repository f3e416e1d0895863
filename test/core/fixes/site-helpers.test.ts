import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { domainOrPlaceholder, placeholderNote, reverseDomain, siteDomain } from '../../../src/core/fixes/site.js';
import { foundResources, linkTarget } from '../../../src/core/fixes/found.js';
import { agentLinks, linkHeaderValue, linkTags, offeredLinks } from '../../../src/core/fixes/agent-links.js';
import { CHECKS } from '../../../src/core/checks/index.js';
import type { CheckOutcome } from '../../../src/core/checks/types.js';
import { findCheck } from '../../../src/core/checks/index.js';
import type { FetchResult } from '../../../src/core/net/http.js';

describe('siteDomain', () => {
  it.each([
    ['https://example.com', 'example.com'],
    ['https://WWW.Shop.Example.COM:8443', 'www.shop.example.com'],
    ['https://example.com./', 'example.com'],
    ['http://127.0.0.1:8080', null],
    ['http://[::1]:3000', null],
    ['http://localhost:3000', null],
    ['http://app.localhost', null],
    ['http://intranet', null],
    ['http://printer.local', null],
    ['http://router.home.arpa', null],
    ['http://svc.internal', null],
    ['http://10.0.0.7', null],
    ['not a url', null],
  ])('%s -> %s', (origin, domain) => {
    expect(siteDomain(origin)).toBe(domain);
  });

  it('never returns an IP address, for any IPv4 or IPv6 origin', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.ipV4(),
          fc.ipV6().map((a) => `[${a}]`),
        ),
        (ip) => siteDomain(`http://${ip}:8080`) === null,
      ),
      { numRuns: 200 },
    );
  });

  it('placeholder and note only when there is no domain', () => {
    expect(domainOrPlaceholder('http://127.0.0.1:9')).toBe('example.com');
    expect(domainOrPlaceholder('https://acme.dev')).toBe('acme.dev');
    expect(placeholderNote('https://acme.dev', 'x')).toBeNull();
    expect(placeholderNote('http://127.0.0.1:9', 'the server name')).toMatch(/127\.0\.0\.1:9 is not a public domain name.*example\.com/);
  });

  it('reverseDomain drops www. and reverses the labels', () => {
    expect(reverseDomain('www.shop.example.com')).toBe('com.example.shop');
    expect(reverseDomain('example.com')).toBe('com.example');
  });
});

const probe = (url: string, status: number, contentType = 'application/json'): FetchResult => ({
  method: 'GET',
  requestedUrl: url,
  accept: '*/*',
  url,
  status,
  headers: {},
  contentType,
  body: Buffer.alloc(0),
  text: '',
  truncated: false,
  redirects: [],
  durationMs: 1,
});
const ev = (id: string, raw: Partial<CheckOutcome> & Pick<CheckOutcome, 'status'>) => ({
  check: findCheck(id)!,
  raw: { code: `${id}/x`, evidence: '', ...raw },
});
const O = 'https://acme.dev';

describe('foundResources', () => {
  it('maps each evaluated check to the URL it found, null when absent, and omits checks that did not run', () => {
    const found = foundResources([
      ev('A1', { status: 'fail', probes: [probe(`${O}/.well-known/api-catalog`, 404)] }),
      ev('D4', { status: 'partial', probes: [probe(`${O}/llms.txt`, 200, 'text/html'), probe(`${O}/docs/llms.txt`, 200, 'text/plain')] }),
      ev('A8', { status: 'pass', details: { url: `${O}/api/openapi.yaml` } }),
      ev('D2', { status: 'pass', probes: [probe(`${O}/robots.txt`, 200, 'text/plain'), probe(`${O}/sm.xml`, 200, 'application/xml')] }),
      ev('D5', { status: 'partial', code: 'D5/empty', probes: [probe(`${O}/llms-full.txt`, 200, 'text/plain')] }),
      ev('A4', { status: 'info', probes: [probe(`${O}/.well-known/mcp/server-card`, 403)] }),
    ]);
    expect(found).toEqual({
      apiCatalog: null,
      llmsTxt: `${O}/docs/llms.txt`,
      openapi: `${O}/api/openapi.yaml`,
      sitemap: `${O}/sm.xml`,
      llmsFullTxt: null,
      mcpCard: null,
    });
  });

  it('linkTarget keeps same-origin URLs as paths', () => {
    expect(linkTarget(`${O}/a/b.md?x=1`, O)).toBe('/a/b.md?x=1');
    expect(linkTarget('https://cdn.acme.dev/llms.txt', O)).toBe('https://cdn.acme.dev/llms.txt');
  });
});

describe('agentLinks', () => {
  it('sorts the linkable resources into present (real paths), missing and unknown', () => {
    const l = agentLinks({ origin: O, found: { llmsTxt: `${O}/docs/llms.txt`, apiCatalog: null, openapi: `${O}/openapi.yaml` } });
    expect(l.present.map((x) => x.href)).toEqual(['/docs/llms.txt', '/openapi.yaml']);
    expect(l.missing.map((x) => x.resource)).toEqual(['apiCatalog']);
    expect(l.unknown.map((x) => x.resource)).toEqual(['markdown']);
    expect(linkHeaderValue(l.present)).toBe(
      '</docs/llms.txt>; rel="describedby"; type="text/plain", </openapi.yaml>; rel="service-desc"; type="application/openapi+yaml"',
    );
    expect(linkTags(l.present)).toBe(
      '<link rel="describedby" type="text/plain" href="/docs/llms.txt">\n<link rel="service-desc" type="application/openapi+yaml" href="/openapi.yaml">',
    );
  });

  it('links the ARD manifest (A10) only when the scan found it: a bonus resource is never suggested to publish', () => {
    const found = agentLinks({ origin: O, found: { llmsTxt: `${O}/llms.txt`, ardManifest: `${O}/.well-known/ard.json` } });
    expect(found.present.map((x) => x.resource)).toEqual(['llmsTxt', 'ardManifest']);
    expect(linkHeaderValue(found.present)).toBe('</llms.txt>; rel="describedby"; type="text/plain", </.well-known/ard.json>; rel="ard"');
    expect(linkTags(found.present.slice(1))).toBe('<link rel="ard" href="/.well-known/ard.json">');
    const absent = agentLinks({ origin: O, found: { llmsTxt: `${O}/llms.txt`, ardManifest: null } });
    expect([...absent.present, ...absent.missing, ...absent.unknown].map((x) => x.resource)).not.toContain('ardManifest');
  });

  it('without a scan everything is unknown, at the conventional paths', () => {
    const l = agentLinks({ origin: O });
    expect(l.present).toEqual([]);
    expect(l.missing).toEqual([]);
    expect(l.unknown.map((x) => x.href)).toEqual(['/llms.txt', '/index.md', '/.well-known/api-catalog', '/openapi.json']);
  });

  it('takes the links from the checks that declare one in meta.offers: a new check needs no edit here', () => {
    expect(offeredLinks(CHECKS).map((x) => `${x.resource}:${x.check}`)).toEqual([
      'llmsTxt:D4',
      'markdown:C2',
      'apiCatalog:A1',
      'openapi:A8',
      'ardManifest:A10',
    ]);
    const madeUp = {
      meta: { id: 'D9', offers: { resource: 'sitemap' as const, link: { rel: 'sitemap', defaultHref: '/sitemap.xml', label: 'the sitemap' } } },
    };
    const l = agentLinks({ origin: O, found: { sitemap: `${O}/maps/sitemap.xml` } }, offeredLinks([...CHECKS, madeUp]));
    expect(l.present).toEqual([{ resource: 'sitemap', href: '/maps/sitemap.xml', rel: 'sitemap', type: undefined, check: 'D9', label: 'the sitemap' }]);
    expect(linkHeaderValue(l.present)).toBe('</maps/sitemap.xml>; rel="sitemap"');
  });
});

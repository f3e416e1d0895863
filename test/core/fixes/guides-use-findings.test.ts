/**
 * Fix guides are built from what the scan found: scanned on 127.0.0.1, no guide reverses the IP
 * into a server name or puts it in a DNS record, and the Link header / <link> snippets name only
 * resources the scan saw (issue 11).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../../src/core/scan.js';
import { d7DnsAid } from '../../../src/core/checks/discoverability/d7-dns-aid.js';
import type { ScanResult } from '../../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { agentReady, bare, docsOnlyNegotiation } from '../../fixtures/sites.mjs';

/** Every title, body and code of a check's guide, as one text. */
function guideText(r: ScanResult, id: string): string {
  const c = r.checks.find((x) => x.id === id);
  expect(c?.fixGuide, `${id} has a fix guide`).toBeTruthy();
  return c!.fixGuide!.map((s) => [s.title, s.body ?? '', s.code ?? ''].join('\n')).join('\n');
}
const codeOf = (r: ScanResult, id: string) =>
  r.checks
    .find((x) => x.id === id)!
    .fixGuide!.map((s) => s.code ?? '')
    .join('\n');

/** agentReady without its Link header and API catalog, with an MCP card that names no endpoint. */
function partlyReady(o: string) {
  const routes = agentReady(o) as Record<string, unknown>;
  const full = routes['/'] as (req: unknown, res: { writeHead: Function }) => void;
  delete routes['/.well-known/api-catalog'];
  const card = JSON.stringify({ name: 'dev.acme/widgets', version: '1.0.0', capabilities: { tools: {} } });
  const J = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
  return {
    ...routes,
    // The same home page, without the Link header (so D3 fails and shows its guide).
    '/': (req: unknown, res: { writeHead: Function }) => {
      const writeHead = res.writeHead.bind(res);
      res.writeHead = (status: number, headers: Record<string, string>) => {
        const { link: _drop, ...rest } = headers;
        return writeHead(status, rest);
      };
      full(req, res);
    },
    '/.well-known/mcp/server-card.json': { headers: J, body: card },
    '/.well-known/mcp/server-card': { headers: J, body: card },
  };
}

describe('guides on a bare site at an IP address', () => {
  let site: FixtureSite;
  let r: ScanResult;
  beforeAll(async () => {
    site = await startFixture((s) => bare(s.origin) as never);
    r = await scan(site.origin, { profile: 'app' });
  });
  afterAll(() => site.close());

  it('no guide reverses the IP or uses it where a domain belongs', () => {
    const all = r.checks
      .filter((c) => c.fixGuide)
      .map((c) => guideText(r, c.id))
      .join('\n');
    expect(all).not.toContain('1.0.0.127');
    expect(all).not.toMatch(/_agents\.127\.0\.0\.1/);
    expect(all).not.toMatch(/auth\.127\.0\.0\.1|security@127\.0\.0\.1|urn:air:127\.0\.0\.1/);
  });

  it('A4 names the server with a placeholder domain and says why', () => {
    const a4 = guideText(r, 'A4');
    expect(codeOf(r, 'A4')).toContain('"name": "com.example/mcp"');
    expect(a4).toMatch(/127\.0\.0\.1:\d+ is not a public domain name/);
  });

  it('D7 says DNS-AID needs a domain and digs a placeholder, in its evidence and its guide', () => {
    const d7 = r.checks.find((c) => c.id === 'D7')!;
    expect(d7.evidence).toMatch(/127\.0\.0\.1 is not a public domain name/);
    expect(d7.evidence).not.toMatch(/_agents\.127/);
    for (const origin of [site.origin, 'http://localhost:3000', 'http://[::1]:8080']) {
      const steps = d7DnsAid.fixGuide({ origin, platform: null, hosting: [] });
      const text = steps.map((s) => `${s.body ?? ''}\n${s.code ?? ''}`).join('\n');
      expect(text).toContain('dig +dnssec _index._agents.example.com SVCB');
      expect(text).toMatch(/DNS-AID needs a domain name/);
    }
    const real = d7DnsAid.fixGuide({ origin: 'https://www.acme.dev', platform: null, hosting: [] });
    expect(real.map((s) => s.code ?? '').join('\n')).toContain('dig +dnssec _index._agents.www.acme.dev SVCB');
  });

  it('D3 and D6 link nothing the scan found missing, and say what to publish first', () => {
    const d3 = guideText(r, 'D3');
    // No ARD manifest here, and a bonus resource is never suggested in these guides.
    expect(d3 + guideText(r, 'D6')).not.toContain('rel="ard"');
    expect(d3).toMatch(/Publish llms\.txt first \(check D4\)/);
    expect(d3).not.toContain('api-catalog>');
    expect(d3).not.toContain('/index.md');
    expect(codeOf(r, 'D3')).toContain('</llms.txt>; rel="describedby"');
    const d6 = codeOf(r, 'D6');
    expect(d6).not.toContain('href="/.well-known/api-catalog"');
    expect(d6).not.toContain('/index.md');
    expect(d6).toContain('<link rel="describedby" type="text/plain" href="/llms.txt">');
  });

  it('D1 names no sitemap the site does not serve, and writes no invented path or policy', () => {
    expect(codeOf(r, 'D1')).not.toMatch(/Sitemap:/i);
    expect(codeOf(r, 'D1')).not.toMatch(/Disallow: \/admin\/|Content-Signal/);
    expect(codeOf(r, 'D1')).toMatch(/^User-agent: \*\nAllow: \/$/m);
  });
});

describe('guides on a site with some resources', () => {
  let site: FixtureSite;
  let r: ScanResult;
  beforeAll(async () => {
    site = await startFixture((s) => partlyReady(s.origin) as never);
    // The home page alone: its /docs page (agent-ready, sampled in site scope) would make D3 partial.
    r = await scan(site.origin, { pages: 1 });
  });
  afterAll(() => site.close());

  it('D3 links exactly what was found: llms.txt, the Markdown twin and OpenAPI, not the missing API catalog', () => {
    expect(r.checks.find((c) => c.id === 'D3')!.status).toBe('fail');
    const code = codeOf(r, 'D3');
    expect(code).toContain('</llms.txt>; rel="describedby"; type="text/plain"');
    expect(code).toContain('</index.md>; rel="alternate"; type="text/markdown"');
    expect(code).toContain('</openapi.json>; rel="service-desc"');
    expect(code).not.toContain('api-catalog');
    // The site's ARD manifest (A10) is linked too, as rel="ard".
    expect(code).toContain('</.well-known/ard.json>; rel="ard"');
    expect(guideText(r, 'D3')).toMatch(/Add the API catalog \(A1\) once you publish it/);
  });

  it('A4 keeps the name of the card it found', () => {
    expect(r.checks.find((c) => c.id === 'A4')!.status).toBe('partial');
    expect(codeOf(r, 'A4')).toContain('"name": "dev.acme/widgets"');
    expect(guideText(r, 'A4')).not.toContain('com.example');
  });
});

describe('guides under site scope', () => {
  let site: FixtureSite;
  let r: ScanResult;
  beforeAll(async () => {
    site = await startFixture((s) => docsOnlyNegotiation(s.origin) as never);
    r = await scan(site.origin);
  });
  afterAll(() => site.close());

  it("D3 never offers another page's Markdown twin as the home page's alternate", () => {
    expect(r.pages?.length).toBeGreaterThan(1);
    const code = codeOf(r, 'D3');
    expect(code).toContain('</llms.txt>; rel="describedby"');
    expect(code).not.toContain('/docs/');
  });
});

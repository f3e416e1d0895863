/** Pages, discovery files, OpenAPI, skills, versioning headers, and the service scanning itself. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020.js';
import { scan } from '../../src/core/scan.js';
import { authMdPointers } from '../../src/core/checks/capabilities/a9-auth-md.js';
import { ScanResponse } from '../../src/core/schema.js';
import { createApp } from '../../src/server/app.js';
import { ScanService } from '../../src/service/index.js';
import { openStore } from '../../src/store/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from './helpers/server.js';
import { plainSite } from './fixtures.js';
import { tempDir } from '../helpers/temp-dir.js';

let srv: TestServer;
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture(plainSite());
  srv = await startServer({ rateLimit: 0 });
});
afterAll(async () => {
  await srv?.destroy();
  await site?.close();
});

describe('pages', () => {
  it('renders the report page with the shared renderer, escaped, with a CSP and a Markdown twin', async () => {
    const { shareId } = await (await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`)).json();
    const page = await srv.get(`/r/${shareId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(page.headers.get('vary')).toMatch(/Accept/);
    expect(page.headers.get('link')).toMatch(/rel="api-catalog"/);
    const body = await page.text();
    expect(body).toContain(`/r/${shareId}`);
    expect(body).not.toMatch(/<script>alert/);
    expect(body).not.toMatch(/<img src=x/);

    const md = await srv.get(`/r/${shareId}`, { headers: { accept: 'text/markdown' } });
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await md.text();
    expect(text).toMatch(/^#|<!--/);
    expect(text).not.toContain('<script>alert');
    expect((await srv.get('/r/zzzz9999')).status).toBe(404);
  });

  it('serves the home page with the scan form and script, and Markdown on request', async () => {
    const home = await srv.get('/', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await home.text();
    expect(html).toContain('<form id="scan"');
    expect(html).toContain('/assets/home.js');
    const js = await srv.get('/assets/home.js');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toContain("fetch('/api/scan'");
    const md = await srv.get('/', { headers: { accept: 'text/markdown, text/html;q=0.9' } });
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await md.text()).toMatch(/^# /);
  });

  it('explains every problem type on its page', async () => {
    for (const name of ['invalid-url', 'missing-parameter', 'not-found', 'rate-limited', 'method-not-allowed', 'scan-failed']) {
      const res = await srv.get(`/problems/${name}`);
      expect(res.status, name).toBe(200);
      expect(await res.text()).toContain(`${srv.baseUrl}/problems/${name}`);
    }
    expect((await srv.get('/problems/<script>')).status).toBe(404);
  });
});

describe('discovery files', () => {
  it('publishes robots.txt with content signals, a sitemap and llms.txt', async () => {
    const robots = await srv.get('/robots.txt');
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const r = await robots.text();
    expect(r).toMatch(/^User-agent: \*$/m);
    expect(r).toMatch(/^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
    expect(r).toContain(`Sitemap: ${srv.baseUrl}/sitemap.xml`);
    const sitemap = await (await srv.get('/sitemap.xml')).text();
    expect(sitemap).toContain('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(sitemap).toContain(`<loc>${srv.baseUrl}/</loc>`);
    const llms = await (await srv.get('/llms.txt')).text();
    expect(llms).toMatch(/^# ai-ready\n/);
    expect(llms).toContain(`](${srv.baseUrl}/openapi.json)`);
  });

  it('publishes an RFC 9727 API catalog (GET and HEAD) and server.json', async () => {
    const res = await srv.get('/.well-known/api-catalog');
    expect(res.headers.get('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    const catalog = await res.json();
    expect(catalog.linkset[0].anchor).toBe(`${srv.baseUrl}/api/public/v1`);
    expect(catalog.linkset[0]['service-desc'][0].href).toBe(`${srv.baseUrl}/openapi.json`);
    const head = await srv.get('/.well-known/api-catalog', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('link')).toMatch(/rel="api-catalog"/);
    const server = await (await srv.get('/server.json')).json();
    expect(server.name).toBeTruthy();
    expect(server.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('generates an OpenAPI 3.1 document from the zod schemas that validates real responses', async () => {
    const doc = await (await srv.get('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/api/public/v1/scan', '/api/public/v1/report/{id}', '/api/public/scan', '/api/scan']) expect(doc.paths[p], p).toBeTruthy();
    expect(doc.paths['/api/public/v1/scan'].get.operationId).toBe('scanUrlGet');
    expect(doc.paths['/api/public/v1/scan'].post.operationId).toBe('scanUrlPost');
    expect(doc.paths['/api/public/v1/report/{id}'].get.operationId).toBe('getReport');
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const [id, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(schema as object, `#/components/schemas/${id}`);
    const validate = ajv.getSchema('#/components/schemas/ScanResponse')!;
    const body = await (await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`)).json();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ url: 'x' })).toBe(false);
  });

  it('indexes one agent skill per check with correct sha256 digests', async () => {
    const index = await (await srv.get('/.well-known/agent-skills/index.json')).json();
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    expect(index.skills.length).toBeGreaterThan(1);
    for (const skill of index.skills.slice(0, 6)) {
      expect(skill.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(skill.name.length).toBeLessThanOrEqual(64);
      const res = await srv.get(new URL(skill.url, `${srv.baseUrl}/.well-known/agent-skills/index.json`).pathname);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(skill.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
      expect(bytes.toString()).toMatch(new RegExp(`^---\\nname: ${skill.name}\\ndescription: `));
    }
  });
});

describe('auth.md', () => {
  it('is the reference walkthrough, in its order, about the doors this service really has', async () => {
    const res = await srv.get('/auth.md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const md = await res.text();
    expect(md.split('\n')[0]).toBe('# auth.md');
    const headings = md.split('\n').filter((l) => /^## /.test(l));
    expect(headings).toEqual([
      '## Step 1: Discover',
      '## Step 2: Pick a method',
      '## Step 3: Register',
      '## Step 4: Claim',
      '## Step 5: Use the credential',
      '## Errors',
      '## Revocation',
      '## Descriptions',
    ]);
    const base = srv.url;
    // Each door names its real endpoint or command.
    for (const s of [
      `${base}/.well-known/oauth-protected-resource/mcp`,
      `${base}/.well-known/oauth-authorization-server`,
      `POST ${base}/oauth/register`,
      'code_challenge_method=S256',
      `resource=${base}/mcp`,
      'ai-ready keys create --account <name>',
      'ai-ready keys revoke <prefix>',
      '5 scan requests per minute',
      `${base}/oauth/revoke`,
      '`agent_auth`',
    ]) {
      expect(md).toContain(s);
    }
    // It offers no agentic-registration endpoint, and says so instead of inventing one.
    expect(md).not.toMatch(/POST \S*\/agent[-/]auth/);
    expect(md).toMatch(/no `\/agent\/auth` registration endpoint/);
    // A9 reads every pointer the anatomy page lists.
    expect(authMdPointers(md)).toEqual({ protectedResourceMetadata: true, authorizationServerMetadata: true, agentAuthBlock: true, registration: true });
  });

  it('is named by the agent_auth block of the authorization-server metadata, which claims no registration shape it lacks', async () => {
    const as = await (await srv.get('/.well-known/oauth-authorization-server')).json();
    expect(as.agent_auth).toEqual({ skill: `${srv.url}/auth.md`, identity_types_supported: [] });
    // Additive only: the RFC 8414 members clients already read are all still there.
    expect(as).toMatchObject({ issuer: srv.url, registration_endpoint: `${srv.url}/oauth/register`, code_challenge_methods_supported: ['S256'] });
    expect((await fetch(as.agent_auth.skill)).status).toBe(200);
  });
});

describe('the AI Catalog (where MCP clients look, server-card draft at 8924e08)', () => {
  it('lists the server card at <endpoint>/server-card, served with its media type and open CORS; the removed MCP Catalog is gone', async () => {
    const res = await srv.get('/.well-known/ai-catalog.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ai-catalog+json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const catalog = await res.json();
    expect(catalog).toEqual(await (await srv.get('/.well-known/ard.json')).json());
    expect(catalog.entries).toHaveLength(1);
    const [entry] = catalog.entries;
    expect(entry).toMatchObject({ type: 'application/mcp-server-card+json', url: `${srv.baseUrl}/mcp/server-card` });
    expect(entry.identifier).toMatch(/^urn:air:[^:]+:mcp:ai-ready$/);
    expect((await srv.get('/.well-known/mcp/catalog.json')).status).toBe(404);
    const card = await srv.get('/mcp/server-card', { headers: { accept: 'application/mcp-server-card+json' } });
    expect(card.headers.get('content-type')).toBe('application/mcp-server-card+json');
    const body = await card.json();
    expect(body.name).toBe('io.github.ai-ready/ai-ready');
    expect(body.remotes.map((r: { url: string }) => new URL(r.url).pathname)).toEqual(['/mcp', '/api/mcp']);
  });
});

describe('the ARD manifest', () => {
  it('serves /.well-known/ard.json (ARD v0.91) naming the server card, with open CORS, and robots.txt names it with Agentmap', async () => {
    const res = await srv.get('/.well-known/ard.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const manifest = await res.json();
    expect(Object.keys(manifest).sort()).toEqual(['entries', 'host', 'specVersion']);
    expect(manifest.entries).toEqual([expect.objectContaining({ type: 'application/mcp-server-card+json', url: `${srv.baseUrl}/mcp/server-card` })]);
    expect(manifest.entries[0].representativeQueries.length).toBeGreaterThanOrEqual(2);
    expect(await (await srv.get('/robots.txt')).text()).toContain(`\nAgentmap: ${srv.baseUrl}/.well-known/ard.json\n`);
    // The same manifest at the AI Catalog's path, where MCP clients look (checked above).
    expect((await srv.get('/.well-known/ai-catalog.json')).status).toBe(200);
  });
});

describe('versioning', () => {
  it('adds Deprecation, Sunset and a successor Link to a superseded version route', async () => {
    const dir = tempDir('ai-ready-ver-');
    const store = await openStore(dir);
    try {
      const service = new ScanService({ store, allowPrivateNetwork: true, cacheTtlMs: 1000, concurrency: 1, maxQueued: 1 });
      const app = createApp({
        store,
        service,
        baseUrl: 'http://svc.local',
        log: false,
        superseded: [
          { prefix: '/api/public/v0', deprecatedAt: new Date('2026-01-01T00:00:00Z'), sunsetAt: new Date('2026-07-01T00:00:00Z'), successor: '/api/public/v1' },
        ],
        extend: (h3) => h3.get('/api/public/v0/ping', () => new Response('pong')),
      });
      const old = await app.fetch(new Request('http://svc.local/api/public/v0/ping'));
      expect(await old.text()).toBe('pong');
      expect(old.headers.get('deprecation')).toBe(`@${Date.parse('2026-01-01T00:00:00Z') / 1000}`);
      expect(old.headers.get('sunset')).toBe('Wed, 01 Jul 2026 00:00:00 GMT');
      expect(old.headers.get('link')).toBe('<http://svc.local/api/public/v1>; rel="successor-version"');
      const current = await app.fetch(new Request('http://svc.local/api/public/v1/report/abcd'));
      expect(current.headers.get('deprecation')).toBeNull();
      expect(current.headers.get('sunset')).toBeNull();
    } finally {
      await store.close();
    }
  });
});

describe('the service is agent-ready', () => {
  it('scanning a running instance with its own scanner gives grade A', async () => {
    const result = ScanResponse.parse(await scan(srv.baseUrl, { deadlineMs: 30_000 }));
    const failing = result.checks.filter((c) => c.status === 'fail' || c.status === 'partial').map((c) => `${c.id} ${c.status}: ${c.evidence?.slice(0, 160)}`);
    expect(result.grade, `score ${result.overallScore}; failing:\n${failing.join('\n')}`).toBe('A');
    // A4 reads the card through the instance's MCP catalog, not only at a well-known path.
    // Its llms-full.txt holds every page its llms.txt lists (D5 judges that coverage).
    expect(result.checks.find((c) => c.id === 'D5')).toMatchObject({ status: 'pass', code: 'D5/ok' });
    const a4 = result.checks.find((c) => c.id === 'A4');
    expect(a4?.status).toBe('pass');
    const a4Notes = (a4?.advisoryFindings ?? []).map((a) => a.code);
    // No note about the catalog or where the card is listed.
    const catalogNotes = [
      'A4/well-known-only',
      'A4/not-in-ai-catalog',
      'A4/removed-catalog-too',
      'A4/catalog-only',
      'A4/catalog-no-cors',
      'A4/catalog-content-type',
    ];
    const entryNotes = [
      'A4/ard-no-spec-version',
      'A4/entry-no-display-name',
      'A4/entries-no-display-name',
      'A4/cards-not-fetched',
      'A4/catalog-entry-problems',
    ];
    for (const code of [...catalogNotes, ...entryNotes]) expect(a4Notes).not.toContain(code);
    // A10 finds the ARD manifest through the Agentmap line, where every reader looks.
    const a10 = result.checks.find((c) => c.id === 'A10');
    expect(a10).toMatchObject({ status: 'pass', code: 'A10/ok' });
    expect(a10?.evidence).toContain('GET /.well-known/ard.json → 200 application/json');
    expect(a10?.evidence).toContain('(found via robots.txt Agentmap)');
    // Only the loopback host in the urn:air identifier is flagged (a real instance has a domain name).
    // and the Agentmap line's cost in Lighthouse's SEO robots-txt audit, said, with the alternatives.
    expect(a10?.advisoryFindings).toMatchObject([
      { code: 'A10/agentmap-lighthouse' },
      {
        code: 'A10/entry-identifier-not-urn',
        data: { index: 0, value: 'urn:air:127.0.0.1:mcp:ai-ready' },
      },
    ]);
  });
});

/**
 * The HTTP application: h3 routes over web-standard Request/Response. `createApp(deps)` returns
 * a fetch handler (tests and listhen both use it); `createServer` in ./index.ts serves it.
 */
import { H3, type H3Event } from 'h3';
import { isScanError } from '../core/errors.js';
import { bareHost } from '../core/net/address-guard.js';
import type { ScanEvent } from '../core/events.js';
import type { Account, Store, StoredReport } from '../store/index.js';
import { SHARE_ID_PATTERN } from '../store/index.js';
import { DEFAULTS } from './config.js';
import {
  API_CATALOG_TYPE, apiCatalog, authMd, llmsFullTxt, llmsTxt, pageLinkHeader, robotsTxt, serverJson, sitemapXml, skills, skillsIndex,
} from './discovery.js';
import { openApiDocument } from './openapi.js';
import { homeHtml, homeMarkdown, HOME_JS, notFoundHtml, problemHtml, problemMarkdown, reportHtml, reportMarkdown } from './pages.js';
import { isProblemName, PROBLEM_TYPES, ProblemError, problemResponse, type ProblemName } from './problems.js';
import { authenticate, clientIp, rateBucket, readJsonBody, scanParamsFromBody, scanParamsFromQuery, type ScanParams } from './request.js';
import { html, json, markdown, prefersMarkdown, respond, text } from './respond.js';
import { QueueFullError } from '../runner/index.js';
import { ScanService, type ScanOutcome } from './scan-service.js';
import { deprecationHeaders, SUPERSEDED_VERSIONS, type SupersededVersion } from './versioning.js';

export interface AppDeps {
  store: Store;
  service: ScanService;
  /** Base URL without a trailing slash, or a function (the listen address is known after binding). */
  baseUrl: string | (() => string);
  trustProxy?: boolean;
  rateLimit?: number;
  bodyLimitBytes?: number;
  superseded?: SupersededVersion[];
  log?: ((line: string) => void) | false;
  /**
   * Host names the server answers to (besides the base URL's). Set when it listens on loopback:
   * a page on another site that rebinds its DNS name to 127.0.0.1 then gets 421, not the local
   * service's keys, reports or MCP tools (DNS-rebinding protection, as the MCP transport asks).
   */
  allowedHostNames?: string[];
  /** Extra routes (other faces, tests): called with the h3 app before the fallbacks. */
  extend?: (app: H3, ctx: AppContext) => void;
}

export interface AppContext {
  store: Store;
  service: ScanService;
  base(): string;
}

export interface App {
  fetch(req: Request): Promise<Response>;
  h3: H3;
}

type Req = Request & { ip?: string };

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
};
const V1 = '/api/public/v1';

/** Maps any failure of a scan request to a problem name (never a stack trace). */
function classify(e: unknown): { name: ProblemName; detail: string; headers?: Record<string, string> } {
  if (e instanceof ProblemError) return { name: e.name_, detail: e.detail, headers: e.headers };
  if (e instanceof QueueFullError) return { name: 'server-busy', detail: 'Too many scans are in progress; retry later.', headers: { 'retry-after': String(e.retryAfterSec) } };
  if (isScanError(e)) {
    if (e.code === 'invalid-url' || e.code === 'blocked-address') return { name: 'invalid-url', detail: e.message };
    if (e.code === 'unreachable' || e.code === 'scan-failed') return { name: 'scan-failed', detail: e.message };
    return { name: 'server-busy', detail: 'The scan was cancelled (the service is shutting down); retry later.', headers: { 'retry-after': '5' } };
  }
  return { name: 'internal-error', detail: 'An internal error occurred.' };
}

export function createApp(deps: AppDeps): App {
  const { store, service } = deps;
  const base = typeof deps.baseUrl === 'function' ? deps.baseUrl : () => deps.baseUrl as string;
  const rateLimit = deps.rateLimit ?? DEFAULTS.rateLimit;
  const bodyLimit = deps.bodyLimitBytes ?? DEFAULTS.bodyLimitBytes;
  const superseded = [...SUPERSEDED_VERSIONS, ...(deps.superseded ?? [])];
  const log = deps.log === false ? null : (deps.log ?? ((l: string) => process.stdout.write(`${l}\n`)));
  const app = new H3({ silent: true });
  // Serialized bodies of immutable report objects (the store replaces the object on any change).
  const bodies = new WeakMap<StoredReport, Map<string, string>>();

  const shareUrl = (id: string) => `${base()}/r/${id}`;
  const memo = (report: StoredReport, key: string, make: () => string) => {
    let m = bodies.get(report);
    if (!m) bodies.set(report, (m = new Map()));
    let s = m.get(key);
    if (s === undefined) m.set(key, (s = make()));
    return s;
  };
  const scanBody = (o: ScanOutcome) =>
    memo(o.report, `scan:${o.cached}:${base()}`, () =>
      JSON.stringify({ ...o.report.result, cached: o.cached, shareId: o.report.id, shareUrl: shareUrl(o.report.id) }),
    );
  const reportBody = (r: StoredReport) =>
    memo(r, `report:${base()}`, () =>
      JSON.stringify({
        apiVersion: r.result.apiVersion,
        id: r.id,
        url: r.url,
        score: r.result.overallScore,
        grade: r.result.grade,
        platform: r.result.platform?.platform ?? null,
        createdAt: r.createdAt,
        htmlUrl: shareUrl(r.id),
        isPublic: r.isPublic,
        result: { ...r.result, shareId: r.id, shareUrl: shareUrl(r.id) },
      }),
    );

  const v1Problem = (e: unknown, instance: string) => {
    const p = classify(e);
    if (p.name === 'internal-error') logError(e);
    return problemResponse(base(), p.name, p.detail, instance, p.headers);
  };
  const logError = (e: unknown) => process.stderr.write(`ai-ready serve: internal error: ${(e as Error)?.stack ?? String(e)}\n`);

  async function enforceRate(req: Req, account: Account | null): Promise<void> {
    if (account || rateLimit <= 0) return;
    const d = await store.hitRate(`scan:${rateBucket(clientIp(req, !!deps.trustProxy))}`, rateLimit, DEFAULTS.rateWindowMs);
    if (!d.allowed) {
      throw new ProblemError('rate-limited', `Anonymous callers may make ${rateLimit} scan requests per minute; retry in ${d.retryAfterSec} s or use an API key.`, {
        'retry-after': String(d.retryAfterSec),
      });
    }
  }

  /** Auth, parameters, rate limit: everything before a scan starts. */
  async function admit(event: H3Event): Promise<{ params: ScanParams; account: Account | null }> {
    const req = event.req as Req;
    const account = await authenticate(req, store);
    const params =
      req.method === 'POST' ? scanParamsFromBody(await readJsonBody(req, bodyLimit), account) : scanParamsFromQuery(event.url.searchParams, account);
    await enforceRate(req, account);
    return { params, account };
  }

  const allow = (methods: string[], res: () => Response) => (event: H3Event) =>
    methods.includes(event.req.method) ? null : res();
  const v1NotAllowed = (methods: string[]) => (event: H3Event) =>
    allow(methods, () => problemResponse(base(), 'method-not-allowed', `Use ${methods.join(' or ')}.`, event.url.pathname, { allow: methods.join(', ') }))(event);

  // ---- v1 ----
  app.all(`${V1}/scan`, async (event) => {
    const bad = v1NotAllowed(['GET', 'POST'])(event);
    if (bad) return bad;
    try {
      const { params, account } = await admit(event);
      const outcome = await service.run({ ...params, account });
      return json(scanBody(outcome));
    } catch (e) {
      return v1Problem(e, event.url.pathname);
    }
  });

  app.all(`${V1}/report/:id`, async (event) => {
    const bad = v1NotAllowed(['GET', 'HEAD'])(event);
    if (bad) return bad;
    const id = safeDecode(event.context.params?.id ?? '');
    const path = event.url.pathname;
    if (!SHARE_ID_PATTERN.test(id)) return problemResponse(base(), 'invalid-parameter', 'The report id must match ^[a-z0-9]{4,24}$.', path);
    try {
      const report = await visibleReport(event.req as Req, id);
      if (!report) return problemResponse(base(), 'not-found', `No report has the id ${id}.`, path);
      return json(reportBody(report));
    } catch (e) {
      return v1Problem(e, path);
    }
  });

  app.all(`${V1}/**`, (event) => problemResponse(base(), 'not-found', 'No such endpoint.', event.url.pathname));

  /** A report the caller may see: public, or private with its owner's key (404 otherwise). */
  async function visibleReport(req: Req, id: string): Promise<StoredReport | undefined> {
    // A wrong key is 401 here too, as on the scan endpoints; no header means anonymous.
    const account = await authenticate(req, store);
    const report = await store.getReport(id);
    if (!report || report.isPublic) return report;
    return account && account.id === report.accountId ? report : undefined;
  }

  // ---- compatibility endpoint: {"error": "..."} bodies, no problem documents ----
  app.all('/api/public/scan', async (event) => {
    if (!['GET', 'POST'].includes(event.req.method)) return json({ error: 'Method not allowed: use GET or POST.' }, 405, { allow: 'GET, POST' });
    try {
      const { params, account } = await admit(event);
      return json(scanBody(await service.run({ ...params, account })));
    } catch (e) {
      const p = classify(e);
      if (p.name === 'internal-error') logError(e);
      // Scan failures are 500 here (spec §4.4); request errors keep their status.
      const status = p.name === 'scan-failed' || p.name === 'internal-error' ? 500 : PROBLEM_TYPES[p.name].status;
      return json({ error: p.detail }, status, p.headers);
    }
  });

  // ---- server-sent events ----
  app.all('/api/scan', async (event) => {
    const bad = allow(['POST'], () => problemResponse(base(), 'method-not-allowed', 'Use POST with a JSON body.', '/api/scan', { allow: 'POST' }))(event);
    if (bad) return bad;
    let admitted;
    try {
      admitted = await admit(event);
    } catch (e) {
      return v1Problem(e, '/api/scan');
    }
    return sseResponse(admitted.params, admitted.account);
  });

  function sseResponse(params: ScanParams, account: Account | null): Response {
    const enc = new TextEncoder();
    let closed = false;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (type: string, data: unknown) => {
          if (closed) return;
          try {
            controller.enqueue(enc.encode(`event: ${type}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`));
          } catch {
            closed = true;
          }
        };
        const finish = () => {
          if (heartbeat) clearInterval(heartbeat);
          if (!closed) {
            closed = true;
            controller.close();
          }
        };
        heartbeat = setInterval(() => {
          if (!closed) controller.enqueue(enc.encode(': keep-alive\n\n'));
        }, 15_000);
        service
          .run({ ...params, account, onEvent: (ev: ScanEvent) => send(ev.type, ev) })
          .then((outcome) => send('result', scanBody(outcome)))
          .catch((e) => {
            const p = classify(e);
            if (p.name === 'internal-error') logError(e);
            const t = PROBLEM_TYPES[p.name];
            send('error', { type: `${base()}/problems/${p.name}`, title: t.title, status: t.status, detail: p.detail, instance: '/api/scan' });
          })
          .finally(finish);
      },
      cancel() {
        closed = true;
        if (heartbeat) clearInterval(heartbeat);
      },
    });
    return respond(body, 200, 'text/event-stream; charset=utf-8', { 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
  }

  // ---- pages (HTML, Markdown twins) ----
  const page = (event: H3Event, path: string, htmlBody: () => string, md: () => string, status = 200) => {
    const headers = { link: pageLinkHeader(base(), path), vary: 'Accept' };
    return prefersMarkdown(event.req.headers.get('accept')) ? markdown(md(), status, headers) : html(htmlBody(), status, headers);
  };
  const onlyGet = (event: H3Event) =>
    allow(['GET', 'HEAD'], () => text('Method not allowed\n', 'text/plain; charset=utf-8', { allow: 'GET, HEAD' }, 405))(event);

  app.all('/', (event) => onlyGet(event) ?? page(event, '/', homeHtml, () => homeMarkdown(base())));
  app.all('/assets/home.js', (event) => onlyGet(event) ?? text(HOME_JS, 'text/javascript; charset=utf-8', { 'cache-control': 'public, max-age=300' }));

  app.all('/r/:id', async (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    const id = safeDecode(event.context.params?.id ?? '');
    let report: StoredReport | undefined;
    try {
      report = SHARE_ID_PATTERN.test(id) ? await visibleReport(event.req as Req, id) : undefined;
    } catch {
      report = undefined;
    }
    if (!report) return page(event, event.url.pathname, notFoundHtml, () => '# Not found\n\nNo report has this id.\n', 404);
    const r = report;
    return page(
      event,
      `/r/${r.id}`,
      () => memo(r, `html:${base()}`, () => reportHtml(r, shareUrl(r.id), base())),
      () => memo(r, `md:${base()}`, () => reportMarkdown(r, shareUrl(r.id))),
    );
  });

  app.all('/problems/:type', (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    const name = event.context.params?.type ?? '';
    if (!isProblemName(name)) return page(event, event.url.pathname, notFoundHtml, () => '# Not found\n', 404);
    return page(event, `/problems/${name}`, () => problemHtml(name, base()), () => problemMarkdown(name, base()));
  });

  // ---- discovery files ----
  const cacheable = { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' };
  const file = (path: string, make: () => Response) => app.all(path, (event) => onlyGet(event) ?? make());
  file('/robots.txt', () => text(robotsTxt(base()), 'text/plain; charset=utf-8', cacheable));
  file('/sitemap.xml', () => text(sitemapXml(base()), 'application/xml; charset=utf-8', cacheable));
  file('/llms.txt', () => text(llmsTxt(base()), 'text/markdown; charset=utf-8', cacheable));
  file('/llms-full.txt', () => text(llmsFullTxt(base()), 'text/markdown; charset=utf-8', cacheable));
  file('/auth.md', () => markdown(authMd(base()), 200, cacheable));
  file('/openapi.json', () => json(openApiDocument(base()), 200, { ...cacheable, 'content-type': 'application/openapi+json' }));
  file('/.well-known/api-catalog', () =>
    respond(JSON.stringify(apiCatalog(base())), 200, API_CATALOG_TYPE, { ...cacheable, link: `<${base()}/.well-known/api-catalog>; rel="api-catalog"` }),
  );
  file('/server.json', () => json(serverJson(base()), 200, cacheable));
  file('/.well-known/agent-skills/index.json', () => json(skillsIndex(base()), 200, cacheable));
  app.all('/.well-known/agent-skills/:name/SKILL.md', (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    const skill = skills(base()).find((s) => s.name === event.context.params?.name);
    return skill ? text(skill.body, 'text/markdown; charset=utf-8', cacheable) : text('Not found\n', 'text/plain; charset=utf-8', {}, 404);
  });
  file('/healthz', () => json({ status: 'ok', scans: { ...service.runner.stats(), inFlight: service.inFlight } }, 200, { 'cache-control': 'no-store' }));

  deps.extend?.(app, { store, service, base });

  app.all('/**', (event) =>
    page(event, event.url.pathname, notFoundHtml, () => '# Not found\n\nThere is nothing at this address.\n', 404),
  );

  /** A host name this server answers to: the base URL's, or one of allowedHostNames. */
  const knownHost = (hostname: string): boolean => {
    const host = bareHost(hostname);
    return host === bareHost(new URL(base()).hostname) || !!deps.allowedHostNames?.includes(host);
  };
  const hostAllowed = (req: Request): boolean => !deps.allowedHostNames || knownHost(new URL(req.url).hostname);

  /**
   * A loopback-bound server also refuses requests a browser sends on behalf of another site (the
   * MCP transport asks servers to check Origin): otherwise any web page could drive the local
   * MCP endpoints, which allow every origin (CORS), and read what they return, for instance
   * scans of the visitor's private network when --allow-private-network is on. Requests without
   * an Origin (agents, curl, navigations) and from loopback origins (local MCP inspectors) pass.
   */
  const originAllowed = (req: Request): boolean => {
    if (!deps.allowedHostNames) return true;
    const origin = req.headers.get('origin');
    if (origin === null) return true;
    try {
      return knownHost(new URL(origin).hostname);
    } catch {
      return false; // "null" (sandboxed frames, files) and anything unparsable
    }
  };

  async function handle(req: Request, path: string): Promise<Response> {
    if (!hostAllowed(req)) {
      return text('Misdirected request: this server does not answer to that host name.\n', 'text/plain; charset=utf-8', {}, 421);
    }
    if (!originAllowed(req)) {
      return text('Forbidden: this local server does not answer requests made by other sites.\n', 'text/plain; charset=utf-8', {}, 403);
    }
    let res: Response;
    try {
      res = await app.fetch(req);
    } catch (e) {
      logError(e);
      res = path.startsWith(V1) ? problemResponse(base(), 'internal-error', 'An internal error occurred.', path) : text('Internal error\n', 'text/plain; charset=utf-8', {}, 500);
    }
    // h3's own errors (malformed URL encoding, ...) come back as JSON with a stack-free body; keep v1 problems.
    if (path.startsWith(V1) && res.status >= 400 && !res.headers.get('content-type')?.includes('problem+json')) {
      const name: ProblemName = res.status === 404 ? 'not-found' : res.status >= 500 ? 'internal-error' : 'invalid-parameter';
      res = problemResponse(base(), name, res.statusText || PROBLEM_TYPES[name].title, path);
    }
    const dep = deprecationHeaders(path, superseded, base());
    if (dep) {
      res = new Response(res.body, res);
      for (const [k, v] of Object.entries(dep)) {
        if (k === 'link' && res.headers.has('link')) res.headers.append('link', v);
        else res.headers.set(k, v);
      }
    }
    return res;
  }

  return {
    h3: app,
    async fetch(req: Request): Promise<Response> {
      const started = performance.now();
      const path = new URL(req.url).pathname;
      const res = await handle(req, path);
      if (log) {
        const ip = clientIp(req as Req, !!deps.trustProxy);
        log(`${new Date().toISOString()} ${ip} ${req.method} ${path} ${res.status} ${(performance.now() - started).toFixed(1)}ms`);
      }
      return res;
    },
  };
}

/**
 * One scan's rendering: a fresh incognito browser context whose every request goes through the
 * scan's guard proxy (guard-proxy.ts), and a render() that loads one page in it and gathers the
 * RenderedPage artifact. The browser is the scan's own, launched here (DevTools over a pipe, no
 * port) and closed at the end, in the CLI and in the service alike.
 *
 * Hostile pages: popups are blocked and any new window is closed, downloads denied, service
 * workers refused, dialogs dismissed, and every page has a time budget inside the scan deadline;
 * a page that spins or allocates without end loses its own renderer (heap cap, the memory
 * watchdog, closed target), never the scanning process. Everything read back is read from an
 * isolated world, so page scripts cannot tamper with the reading.
 */
import type { BrowserContext, CDPSession, Page } from 'puppeteer-core';
import { loadPackage } from './load.js';
import { launchBrowser, NO_NETWORK_OUTSIDE_CONTEXTS, type LaunchedBrowser } from './browser.js';
import type { BrowserVersion } from './browser-version.js';
import { startGuardProxy, type GuardProxy } from './guard-proxy.js';
import { watchRendererMemory, rendererMaxMb, type MemoryWatchdog } from './memory-watchdog.js';
import { renderFailureText, type RenderFailure } from '../gather/render-failure.js';
import { OPERABILITY_RULES, RENDERED_HTML_MAX, type OperabilityViolation, type RenderedPage, type RenderedTool } from '../gather/rendered-artifact.js';

export interface RenderSessionOptions {
  blockPrivateNetwork?: boolean;
  allowedHosts?: string[];
  userAgent?: string;
  /** Resident memory one renderer may use before the watchdog kills it (default rendererMaxMb()). */
  rendererMaxMb?: number;
  /** Aborts every page of the session (the scan deadline). */
  signal?: AbortSignal;
  /** Budget of one page, load to last read (default 15 s, never past the signal). */
  pageTimeoutMs?: number;
  /** false: do not use the DevTools WebMCP domain even when the browser has it (tests of the fallback). */
  webmcpDomain?: boolean;
}

export const PAGE_TIMEOUT_MS = 15_000;
/** Pages of one scan rendered at once. */
const PAGES_AT_ONCE = 2;
/** After load: how long the network may stay busy before the page is read anyway. */
const SETTLE_MS = 2_000;
const MAX_TOOLS = 50;

/**
 * A browser that still has navigator.modelContext (Chromium before 152; on 150 it is the same object
 * as document.modelContext): navigator.modelContext becomes a view of it whose registerTool notes
 * each accepted registration's name on an attribute the reading removes again, so the verdict can
 * tell tools registered only through the path the text removed. document.modelContext is untouched.
 */
const RECORD_NAVIGATOR = `try {
    const d = Object.getOwnPropertyDescriptor(Navigator.prototype, 'modelContext');
    const real = d && d.get ? d.get.call(navigator) : null;
    if (real && typeof real.registerTool === 'function') {
      const names = [];
      const register = real.registerTool;
      const view = new Proxy(real, {
        get(target, key) {
          if (key === 'registerTool')
            return function (tool, ...rest) {
              let name = '';
              try { name = String(tool && tool.name || ''); } catch {}
              const result = register.call(target, tool, ...rest);
              Promise.resolve(result).then(() => {
                try {
                  if (name && names.length < 50) names.push(name.slice(0, 128));
                  document.documentElement.setAttribute('data-ai-ready-navigator', JSON.stringify(names));
                } catch {}
              }, () => {});
              return result;
            };
          const v = Reflect.get(target, key, target);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
      Object.defineProperty(Navigator.prototype, 'modelContext', { get: () => view, configurable: true, enumerable: d.enumerable });
    }
  } catch {}`;

/**
 * Before any page script: window.open returns null, and service workers cannot register. Both
 * are also refused by the browser (popup blocker, bypass), this makes the refusal immediate.
 */
const INIT_SCRIPT = `(() => {
  try { Object.defineProperty(window, 'open', { value: () => null, configurable: false, writable: false }); } catch {}
  ${RECORD_NAVIGATOR}
  try {
    if (window.ServiceWorkerContainer) ServiceWorkerContainer.prototype.register = () =>\
 Promise.reject(new DOMException('service workers are disabled while scanning', 'SecurityError'));
  } catch {}
})();`;

/**
 * Without the DevTools WebMCP domain: document.modelContext.registerTool is wrapped before page
 * scripts run, and each registration the browser accepts (its promise resolves: a refused one, e.g.
 * under Permissions-Policy tools=(), rejects) is noted on an attribute the reading removes again.
 */
const RECORD_TOOLS = `(() => {
  const mc = document.modelContext;
  if (!mc || typeof mc.registerTool !== 'function') return;
  const seen = [];
  const register = mc.registerTool;
  mc.registerTool = function (tool, ...rest) {
    let entry = null;
    try {
      entry = { name: String(tool && tool.name || ''), description: String(tool && tool.description || ''), \
inputSchema: JSON.parse(JSON.stringify((tool && tool.inputSchema) ?? null)) };
    } catch {}
    const result = register.call(this, tool, ...rest);
    Promise.resolve(result).then(() => {
      try {
        if (entry && seen.length < ${50}) seen.push(entry);
        document.documentElement.setAttribute('data-ai-ready-webmcp', JSON.stringify(seen));
      } catch {}
    }, () => {});
    return result;
  };
})();`;

const READ_DOM = `(() => {
  const el = document.documentElement;
  let recorded = null;
  let navigatorTools = null;
  if (el && el.hasAttribute('data-ai-ready-navigator')) {
    navigatorTools = el.getAttribute('data-ai-ready-navigator');
    el.removeAttribute('data-ai-ready-navigator');
  }
  if (el && el.hasAttribute('data-ai-ready-webmcp')) {
    recorded = el.getAttribute('data-ai-ready-webmcp');
    el.removeAttribute('data-ai-ready-webmcp');
  }
  const forms = [...document.querySelectorAll('form[toolname]')].slice(0, 20).map((f) => ({
    name: f.getAttribute('toolname') || '',
    description: f.getAttribute('tooldescription') || '',
    fields: [...f.querySelectorAll('input[name], select[name], textarea[name]')].slice(0, 30).map((i) => i.getAttribute('name')),
  }));
  return { html: el ? el.outerHTML.slice(0, ${RENDERED_HTML_MAX}) : '', url: location.href, recorded, navigatorTools, forms };
})()`;

interface DomRead {
  html: string;
  url: string;
  /** JSON of the registrations RECORD_TOOLS saw (fallback only). */
  recorded: string | null;
  /** JSON of the names RECORD_NAVIGATOR saw registered through navigator.modelContext. */
  navigatorTools: string | null;
  forms: Array<{ name: string; description: string; fields: string[] }>;
}

/** The names recorded as registered through navigator.modelContext (a page that wrote the attribute itself gets what it wrote: only its own verdict). */
function navigatorNames(dom: DomRead): string[] {
  try {
    const parsed: unknown = JSON.parse(dom.navigatorTools ?? '[]');
    return Array.isArray(parsed)
      ? [...new Set(parsed.filter((n): n is string => typeof n === 'string' && n !== '').map((n) => n.slice(0, 128)))].slice(0, MAX_TOOLS)
      : [];
  } catch {
    return [];
  }
}

/** The fallback's tool list: the recorded registerTool calls and the rendered DOM's form tools. */
function fallbackTools(dom: DomRead): RenderedTool[] {
  let recorded: Array<{ name: string; description: string; inputSchema: unknown }> = [];
  try {
    const parsed: unknown = JSON.parse(dom.recorded ?? '[]');
    if (Array.isArray(parsed)) recorded = parsed.filter((t) => t && typeof t.name === 'string' && t.name);
  } catch {
    // A page that wrote its own attribute: nothing trustworthy recorded.
  }
  const imperative = recorded.map((t) => ({
    name: t.name.slice(0, 128),
    description: String(t.description).slice(0, 500),
    inputSchema: boundedJson(t.inputSchema),
    declarative: false,
  }));
  const declarative = dom.forms
    .filter((f) => f.name)
    .map((f) => ({
      name: f.name.slice(0, 128),
      description: f.description.slice(0, 500),
      inputSchema: { type: 'object', properties: Object.fromEntries(f.fields.map((n) => [n, { type: 'string' }])) },
      declarative: true,
    }));
  return [...imperative, ...declarative].slice(0, MAX_TOOLS);
}

let axeSource: Promise<string> | null = null;
/** axe-core's browser bundle (1.5 MB of text), loaded on first use. */
function axe(): Promise<string> {
  return (axeSource ??= loadPackage<{ source: string }>('axe-core').then((m) => m.source));
}

const RUN_AXE =
  `axe.run(document, { runOnly: { type: 'rule', values: ${JSON.stringify(OPERABILITY_RULES)} }` +
  `, resultTypes: ['violations'], elementRef: false, selectors: true })
  .then((r) => ({
    passed: r.passes.length,
    violations: r.violations.map((v) => ({ rule: v.id, impact: v.impact || null, help: v.help, count: \
Math.min(200, v.nodes.length), targets: v.nodes.slice(0, 5).map((n) => String(n.target && n.target[0] || '').slice(0, 200)) })),
  }))`;

/** A step that took longer than its budget: what it was and the budget, as values. */
class TimeoutError extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} took longer than ${ms} ms`);
  }
}

/** A render that failed for a reason of its own kind (the renderer stopped or crashed). */
class RenderFailedError extends Error {
  constructor(readonly failure: RenderFailure) {
    super(renderFailureText(failure));
  }
}

const RENDERING = 'rendering the page';

/** What a thrown error says about the render: a kind with its values, or the browser's own message. */
function failureOfError(e: unknown): RenderFailure {
  if (e instanceof RenderFailedError) return e.failure;
  if (e instanceof TimeoutError && e.what === RENDERING) return { kind: 'timeout', ms: e.ms };
  return { kind: 'browser', message: (e as Error).message.split('\n')[0].slice(0, 300) };
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/** A small semaphore: at most `n` renders of the session at once. */
function limiter(n: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export class RenderSession {
  private readonly limit = limiter(PAGES_AT_ONCE);
  private closed = false;
  private readonly watchdog: MemoryWatchdog;
  /** Pages that could not be rendered, with why (the report's warning). */
  readonly failures: Array<{ url: string; error: string }> = [];

  private constructor(
    private readonly context: BrowserContext,
    private readonly proxy: GuardProxy,
    private readonly launched: LaunchedBrowser,
    private readonly opts: RenderSessionOptions,
  ) {
    this.watchdog = watchRendererMemory(launched.pid, { maxMb: opts.rendererMaxMb ?? rendererMaxMb() });
    // Any window a page manages to open (it has an opener; our own pages have none) is closed at once.
    context.on('targetcreated', (target) => {
      if (!target.opener()) return;
      void target.page().then(
        (p) => void p?.close({ runBeforeUnload: false }).catch(() => {}),
        () => {},
      );
    });
    opts.signal?.addEventListener('abort', () => void this.close(), { once: true });
  }

  static async open(opts: RenderSessionOptions = {}): Promise<RenderSession> {
    const proxy = await startGuardProxy({ blockPrivateNetwork: opts.blockPrivateNetwork, allowedHosts: opts.allowedHosts });
    let launched: LaunchedBrowser | null = null;
    try {
      launched = await launchBrowser({ extraArgs: NO_NETWORK_OUTSIDE_CONTEXTS });
      const context = await launched.browser.createBrowserContext({
        proxyServer: `http://${proxy.address}`,
        // Chromium bypasses proxies for loopback unless told otherwise: loopback goes through the guard too.
        proxyBypassList: ['<-loopback>'],
        downloadBehavior: { policy: 'deny' },
      });
      return new RenderSession(context, proxy, launched, opts);
    } catch (e) {
      await proxy.close();
      await launched?.close();
      throw e;
    }
  }

  /** The process id of the session's browser (its renderers are descendants). */
  get browserPid(): number | undefined {
    return this.launched.pid;
  }

  /** Name and version of the session's browser, when known. */
  get browser(): BrowserVersion | null {
    return this.launched.version;
  }

  private browserField(): { browser?: { name: string; version: string } } {
    const b = this.launched.version;
    return b ? { browser: { name: b.name, version: b.version } } : {};
  }

  /** The guard proxy's counts for the whole session. */
  get traffic(): GuardProxy['stats'] {
    return this.proxy.stats;
  }

  render(url: string): Promise<RenderedPage> {
    return this.limit(() => this.renderNow(url));
  }

  private budget(): number {
    return this.opts.pageTimeoutMs ?? PAGE_TIMEOUT_MS;
  }

  private async renderNow(url: string): Promise<RenderedPage> {
    const started = Date.now();
    const empty = (failure: RenderFailure, finalUrl = url, status: number | null = null): RenderedPage => {
      const error = renderFailureText(failure);
      if (this.failures.length < 20) this.failures.push({ url: url.slice(0, 300), error });
      return {
        url,
        finalUrl,
        status,
        error,
        failure,
        html: '',
        webmcp: 'unavailable',
        tools: [],
        schemaIssues: [],
        operability: null,
        refused: [],
        durationMs: Date.now() - started,
        ...this.browserField(),
      };
    };
    if (this.closed || this.opts.signal?.aborted) return empty({ kind: 'deadline' });
    let page: Page | null = null;
    const budget = this.budget();
    try {
      return await withTimeout(
        (async () => {
          page = await this.context.newPage();
          const opened = page;
          const killedBefore = this.watchdog.killed.length;
          // A renderer that crashed (the memory watchdog, an OOM) fails the render now, not at the budget's end.
          const crashed = new Promise<never>((_, reject) =>
            opened.once('error', () => {
              const kill = this.watchdog.killed[killedBefore];
              reject(
                new RenderFailedError(
                  kill ? { kind: 'renderer-stopped', rssMb: kill.rssMb, limitMb: this.opts.rendererMaxMb ?? rendererMaxMb() } : { kind: 'renderer-crashed' },
                ),
              );
            }),
          );
          crashed.catch(() => {});
          return await Promise.race([this.load(opened, url, started, budget), crashed]);
        })(),
        budget + 2_000,
        RENDERING,
      );
    } catch (e) {
      return empty(failureOfError(e));
    } finally {
      if (page) void withTimeout((page as Page).close({ runBeforeUnload: false }), 5_000, 'closing').catch(() => {});
    }
  }

  private async load(page: Page, url: string, started: number, budget: number): Promise<RenderedPage> {
    const deadline = started + budget;
    const left = () => Math.max(100, deadline - Date.now());
    const cdp = await page.createCDPSession();
    const tools = new Map<string, RenderedTool>();
    const issues = new Map<string, Set<string>>();
    const refused: RenderedPage['refused'] = [];
    cdp.on('WebMCP.toolsAdded', (e) => {
      for (const t of e.tools ?? []) {
        if (tools.size >= MAX_TOOLS || typeof t.name !== 'string') continue;
        tools.set(t.name, {
          name: t.name.slice(0, 128),
          description: String(t.description ?? '').slice(0, 500),
          inputSchema: boundedJson(t.inputSchema),
          declarative: t.backendNodeId !== undefined,
        });
      }
    });
    cdp.on('WebMCP.toolsRemoved', (e) => {
      for (const t of e.tools ?? []) tools.delete(t.name);
    });
    cdp.on('Audits.issueAdded', (e) => {
      const g = e.issue?.details?.genericIssueDetails;
      if (!g?.errorType?.startsWith('FormModelContext')) return;
      const nodes = issues.get(g.errorType) ?? new Set<string>();
      nodes.add(String(g.violatingNodeId ?? nodes.size));
      if (issues.size < 20) issues.set(g.errorType, nodes);
    });
    page.on('requestfailed', (r) => {
      if (refused.length < 20) refused.push({ url: r.url().slice(0, 300), reason: r.failure()?.errorText ?? 'failed' });
    });
    page.on('dialog', (d) => void d.dismiss().catch(() => {}));
    const webmcp: RenderedPage['webmcp'] =
      this.opts.webmcpDomain === false
        ? 'recorded'
        : await cdp.send('WebMCP.enable').then(
            () => 'measured' as const,
            () => 'recorded' as const,
          );
    await cdp.send('Audits.enable').catch(() => {});
    await page.evaluateOnNewDocument(INIT_SCRIPT);
    if (webmcp === 'recorded') await page.evaluateOnNewDocument(RECORD_TOOLS);
    await page.setBypassServiceWorker(true);
    if (this.opts.userAgent) await page.setUserAgent(this.opts.userAgent);

    const response = await page.goto(url, { waitUntil: 'load', timeout: left() });
    const status = response?.status() ?? null;
    // Tools registered just after load, and content fetched by scripts, are waited for briefly.
    await page.waitForNetworkIdle({ idleTime: 250, timeout: Math.min(SETTLE_MS, left()) }).catch(() => {});

    const world = await isolatedWorld(cdp);
    const dom = await evaluate<DomRead>(cdp, world, READ_DOM, left());
    let operability: RenderedPage['operability'] = null;
    let operabilityError: string | undefined;
    try {
      await evaluate(cdp, world, `${await axe()}\n;0`, left());
      const r = await evaluate<{ passed: number; violations: OperabilityViolation[] }>(cdp, world, RUN_AXE, left());
      operability = { ...r, rules: [...OPERABILITY_RULES] };
    } catch (e) {
      operabilityError = (e as Error).message.slice(0, 200);
    }
    return {
      url,
      finalUrl: dom.url,
      status,
      html: dom.html,
      webmcp,
      tools: webmcp === 'measured' ? [...tools.values()] : fallbackTools(dom),
      navigatorTools: navigatorNames(dom),
      ...this.browserField(),
      schemaIssues: [...issues].map(([type, nodes]) => ({ type, count: nodes.size })),
      operability,
      ...(operabilityError ? { operabilityError } : {}),
      refused,
      durationMs: Date.now() - started,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.watchdog.stop();
    await withTimeout(this.context.close(), 10_000, 'closing the browser context').catch(() => {});
    await this.launched.close();
    await this.proxy.close();
  }
}

/** A value from the page kept only if its JSON is small (an input schema, at most 20 KB). */
function boundedJson(v: unknown): unknown {
  try {
    const text = JSON.stringify(v);
    return text === undefined || text.length > 20_000 ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

async function isolatedWorld(cdp: CDPSession): Promise<number> {
  const tree = await cdp.send('Page.getFrameTree');
  const { executionContextId } = await cdp.send('Page.createIsolatedWorld', {
    frameId: tree.frameTree.frame.id,
    worldName: 'ai-ready',
    grantUniveralAccess: false,
  });
  return executionContextId;
}

async function evaluate<T>(cdp: CDPSession, contextId: number, expression: string, ms: number): Promise<T> {
  const r = await withTimeout(
    cdp.send('Runtime.evaluate', { expression, contextId, returnByValue: true, awaitPromise: true, timeout: ms }),
    ms + 500,
    'reading the page',
  );
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description?.split('\n')[0] ?? r.exceptionDetails.text);
  return r.result.value as T;
}

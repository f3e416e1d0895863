/**
 * A rendering scan (`render` in the scan's options): the browser session opens while the scan's first
 * requests are on the wire, reaches the checks' rendered hooks as the scan's PageRenderer (its
 * GatherContext carries it), and is closed when the scan ends, whichever way it ends.
 */
import type { PageRenderer } from '../gather/page-renderer.js';
import type { ScanResult } from '../schema.js';
import type { RenderedPage } from '../gather/rendered-artifact.js';
import { RenderSession, PAGE_TIMEOUT_MS } from './session.js';
import { behaviourWarning } from './browser-version.js';
import type { ScanInput } from '../target.js';

/** The session of a rendering scan, or why it could not be opened. */
type SessionHandle = Promise<RenderSession | { error: string }>;

/** What the engine's scan body needs of a rendering scan. */
export interface Rendering {
  /** Starts the page clock at the scan's start; the renderer the scan's GatherContext carries. */
  start(signal: AbortSignal, deadlineMs: number): PageRenderer;
  /** Report warnings: the browser could not start, a page could not be rendered, the guard refused some of the pages' requests. */
  warnings(): Promise<string[]>;
  /** The browser that rendered the pages (the report's `browser`), null when it could not start or did not say. */
  browser(): Promise<{ name: string; version: string } | null>;
}

/** What a rendering scan reads of the scan's options (the engine's ScanOptions has these members). */
export interface RenderScanOptions {
  render?: boolean | { endpoint: string };
  blockPrivateNetwork?: boolean;
  allowedHosts?: string[];
  signal?: AbortSignal;
}

export async function renderedScan<O extends RenderScanOptions>(
  input: ScanInput,
  options: O,
  run: (input: ScanInput, options: O & { rendering: Rendering }) => Promise<ScanResult>,
): Promise<ScanResult> {
  let opened: RenderSession | null = null;
  let started = Date.now();
  let deadline = Number.POSITIVE_INFINITY;
  const session: SessionHandle = RenderSession.open({
    blockPrivateNetwork: options.blockPrivateNetwork,
    allowedHosts: options.allowedHosts,
    signal: options.signal,
    get pageTimeoutMs() {
      // A page never runs past the scan deadline (less a second to finish the report).
      return Math.max(1_000, Math.min(PAGE_TIMEOUT_MS, deadline - Date.now() - 1_000));
    },
  }).then(
    (s) => (opened = s),
    (e: Error) => ({ error: e.message.split('\n')[0].slice(0, 300) }),
  );
  const renderer: PageRenderer = {
    async render(url) {
      const s = await session;
      return 'error' in s ? unrendered(url, s.error) : s.render(url);
    },
  };
  const rendering: Rendering = {
    async browser() {
      const s = await session;
      const b = 'error' in s ? null : s.browser;
      return b ? { name: b.name, version: b.version } : null;
    },
    start(signal, deadlineMs) {
      started = Date.now();
      deadline = started + deadlineMs;
      signal.addEventListener('abort', () => void session.then((s) => ('close' in s ? s.close() : undefined)), { once: true });
      return renderer;
    },
    async warnings() {
      const s = await session;
      if ('error' in s) return [`Rendering was asked for but the browser could not be used (${s.error}): the checks report what the HTML shows.`];
      const out: string[] = [];
      const differs = behaviourWarning(s.browser);
      if (differs) out.push(differs);
      for (const f of s.failures.slice(0, 3)) out.push(`The page ${f.url} could not be rendered (${f.error}): its checks report what the HTML shows.`);
      if (s.failures.length > 3) out.push(`${s.failures.length - 3} more page(s) could not be rendered.`);
      const refused = s.traffic.refused;
      if (!refused.length) return out;
      // The reasons name the guard's rule, never an address a refused name resolved to.
      const hosts = [...new Set(refused.map((r) => `${r.host} (${r.reason})`))].slice(0, 3);
      return [...out, `The rendered pages made ${refused.length} request(s) the guard refused: ${hosts.join('; ')}.`];
    },
  };
  try {
    return await run(input, { ...options, rendering });
  } finally {
    const s = await session;
    if (opened) await (s as RenderSession).close();
  }
}

/** A page as the checks see it when the browser could not be started: an error, nothing rendered. */
function unrendered(url: string, error: string): RenderedPage {
  return {
    url,
    finalUrl: url,
    status: null,
    error,
    // The browser could not be used: its own message.
    failure: { kind: 'browser', message: error },
    html: '',
    webmcp: 'unavailable',
    tools: [],
    schemaIssues: [],
    operability: null,
    refused: [],
    durationMs: 0,
  };
}

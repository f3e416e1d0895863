/**
 * The gather side of a scan: all I/O goes through here. Each resource is fetched at most once per
 * scan (requests are memoised by method, URL and Accept) and derived artifacts (parsed robots.txt,
 * the page's DOM) are computed once and shared by every check that reads them.
 */
import type { PageRenderer } from './page-renderer.js';
import type { CheerioAPI } from 'cheerio/slim';
import type { DomCut } from './dom-cut.js';
import type { ParsedHtml } from './html-dom.js';
import type { HttpClient, FetchOptions, FetchResult } from '../net/http.js';
import { probeEvent, type ScanEventListener } from '../events.js';
import { parseRobots, ROBOTS_REQUEST, type RobotsArtifact } from './robots.js';
import { isHtmlPage } from './classify.js';

/** Marks the key of a request sent with its own User-Agent. */
const UA_KEY = '\nuser-agent: ';

/**
 * The memo key of a request: the same method, URL, Accept (and User-Agent, when a request sends
 * its own) is one request per scan. An AI-crawler user agent's answer never stands in for the
 * scanner's own, nor the reverse.
 */
export function requestKey(method: string, url: string, accept: string, userAgent?: string): string {
  return userAgent === undefined ? `${method} ${url} ${accept}` : `${method} ${url} ${accept}${UA_KEY}${userAgent}`;
}

export class GatherContext {
  private readonly requests: Map<string, Promise<FetchResult>>;
  private readonly artifacts = new Map<string, Promise<unknown>>();
  private headGate: Promise<void> | null = null;

  constructor(
    /** The page after redirects: page-level checks read it. */
    readonly pageUrl: URL,
    /** scheme://host[:port] of the page: site-level probes go here. */
    readonly origin: string,
    readonly http: HttpClient,
    private readonly emit: ScanEventListener,
    /** The root page response, already fetched to find the final origin. */
    private readonly pageResponse: FetchResult,
    /** Requests sent with the page, from the plan the checks declare (scan-schedule.ts). */
    prefetched: ReadonlyMap<string, Promise<FetchResult>> = new Map(),
    /** The request memo of the scan, when this is a view of another sampled page (see forPage). */
    sharedRequests?: Map<string, Promise<FetchResult>>,
    /** The browser of a rendering scan (--render), shared by every view; absent otherwise. */
    readonly renderer?: PageRenderer,
  ) {
    this.requests = sharedRequests ?? new Map();
    for (const [k, p] of prefetched) this.requests.set(k, p);
    this.requests.set(requestKey('GET', pageResponse.requestedUrl, pageResponse.accept), Promise.resolve(pageResponse));
  }

  /**
   * A view of the scan for another sampled page of the same origin (site scope): page(), html()
   * and pageUrl are that page's, while requests stay memoised scan-wide, so a URL one page's
   * checks already asked for is not asked again. Derived artifacts are the page's own.
   */
  forPage(page: FetchResult): GatherContext {
    return new GatherContext(new URL(page.url), this.origin, this.http, this.emit, page, undefined, this.requests, this.renderer);
  }

  /** Absolute URL for a path on the origin (absolute URLs pass through). */
  resolve(urlOrPath: string): string {
    return new URL(urlOrPath, this.origin).href;
  }

  /** Memoised fetch: the same request is made once per scan, whoever asks. */
  fetch(urlOrPath: string, opts: FetchOptions = {}): Promise<FetchResult> {
    const url = this.resolve(urlOrPath);
    const method = opts.method ?? 'GET';
    const k = requestKey(method, url, opts.accept ?? '*/*', opts.userAgent);
    const plainHead = method === 'HEAD' && !opts.accept && !opts.headers && !opts.userAgent;
    let p = this.requests.get(k) ?? (plainHead ? this.sentGet(url) : undefined);
    if (!p) {
      // While the site sample is being picked, a plain HEAD waits for it: the page may be about to
      // be fetched with GET, whose answer the HEAD then reads (one request instead of two).
      const gate = plainHead ? this.headGate : null;
      p = gate ? gate.then(() => this.sentGet(url) ?? this.reported(url, opts)) : this.reported(url, opts);
      this.requests.set(k, p);
    }
    return p;
  }

  /**
   * One exchange that is never memoised (a live probe's POST: each carries its own body). It goes
   * through the same client, guard, caps and probe events as every fetch.
   */
  send(urlOrPath: string, opts: FetchOptions): Promise<FetchResult> {
    return this.reported(this.resolve(urlOrPath), opts);
  }

  /**
   * Holds plain HEADs until the returned release is called (site scope: until the sampled pages'
   * GETs are sent). Calling release twice is harmless.
   */
  holdPlainHeads(): () => void {
    let release!: () => void;
    this.headGate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.headGate = null;
      release();
    };
  }

  private reported(url: string, opts: FetchOptions): Promise<FetchResult> {
    return this.http.fetch(url, opts).then((res) => {
      this.emit(probeEvent(opts.method ?? 'GET', url, res));
      return res;
    });
  }

  /**
   * A GET of this URL already sent, whatever its Accept. A plain HEAD ("does this resolve?") reads
   * its status and headers from it instead of asking again; a HEAD with its own Accept is a
   * deliberate probe of HEAD itself (A1) and is always sent.
   */
  private sentGet(url: string): Promise<FetchResult> | undefined {
    const prefix = `GET ${url} `;
    for (const [key, p] of this.requests) if (key.startsWith(prefix) && !key.includes(UA_KEY)) return p;
    return undefined;
  }

  /** Computes a shared artifact once (e.g. the A2A card, read by A5 and M4). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let p = this.artifacts.get(key) as Promise<T> | undefined;
    if (!p) {
      p = compute();
      this.artifacts.set(key, p);
    }
    return p;
  }

  /** The page as a browser asks for it. */
  page(): FetchResult {
    return this.pageResponse;
  }

  /** The page's DOM when it is HTML, else null. */
  async html(): Promise<CheerioAPI | null> {
    return (await this.dom())?.$ ?? null;
  }

  /** How the page's DOM was cut at the depth cap (see html-dom.ts), or null when it was not. */
  async domCut(): Promise<DomCut | null> {
    return (await this.dom())?.cut ?? null;
  }

  private dom(): Promise<ParsedHtml | null> {
    return this.memo('html', async () => {
      const p = this.pageResponse;
      if (!isHtmlPage(p)) return null;
      // Loaded on first use so the engine's first request is not held up by module loading.
      const { parseHtml } = await import('./html-dom.js');
      return parseHtml(p.text);
    });
  }

  robots(): Promise<RobotsArtifact> {
    return this.memo('robots', async () => {
      const probe = await this.fetch(ROBOTS_REQUEST.path, ROBOTS_REQUEST.options);
      return parseRobots(probe, this.origin);
    });
  }
}

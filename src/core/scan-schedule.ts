/**
 * When a scan's requests leave, and every wait the engine makes to order them. Round trip 1 is the
 * page with the requests the selected checks declare (the plan, read before the registry loads);
 * the registry loads while it is on the wire; the live MCP handshake starts from the prefetched
 * cards; in site scope the sampled pages go out before the checks start reading; plain HEADs wait
 * for the sample's GETs; probe events wait for 'started'. scan.ts calls these in order and waits
 * for nothing else.
 *
 * Why the waits: a request handed to the client is written on the next turn of the event loop, a
 * bundled import() runs its module at once, and parsing the page and the checks' first reads hold
 * the loop for tens of ms. Each wait below lets a request on the longest chain leave first.
 */
import { BROWSER_ACCEPT, type FetchOptions, type FetchResult, type HttpClient } from './net/http.js';
import { probeEvent, type ScanEventListener } from './events.js';
import { requestKey, type GatherContext } from './gather/context.js';
import { earlyRequestKey, earlyRequestUrl, isTargetRequest, type Declarer, type EarlyRequest } from './gather/early-request.js';
import { SITEMAP_REQUEST } from './gather/sitemap-request.js';
import { REQUEST_PLAN } from './checks/request-plan.generated.js';
import type { CheckModule } from './checks/types.js';
import type { PageVisit } from './site-scope.js';
import type { StartedMcpProbe } from './gather/mcp-probe.js';

/** How long the engine waits for the MCP cards after the page before it parses the page. */
const CARD_WAIT_MS = 15;
/** How long the checks wait for the site sample's pages to be sent. */
const SAMPLE_FIRST_MS = 30;

/** Resolves on the next turn of the event loop, after the I/O that is ready has been taken in. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Waits for `p` to settle, but at most `ms` milliseconds (never rejects). */
async function settledWithin(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    p.then(
      () => {},
      () => {},
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

/**
 * The requests sent with the page: those of the plan that a selected check declares, and site
 * scope's own /sitemap.xml (the sample is picked from it).
 */
export function plannedRequests(isSelected: (check: Declarer) => boolean, opts: { sitemap: boolean }): EarlyRequest[] {
  const declared = REQUEST_PLAN.filter((r) => r.declaredBy.some(isSelected));
  return [...declared.filter((r) => !isTargetRequest(r)), ...(opts.sitemap ? [SITEMAP_REQUEST] : []), ...declared.filter(isTargetRequest)];
}

/** Sends through the client and reports each exchange as a probe event, as GatherContext does. */
function reportingSender(http: HttpClient, emit: ScanEventListener): (url: string, options: FetchOptions) => Promise<FetchResult> {
  return (url, options) =>
    http.fetch(url, options).then((res) => {
      emit(probeEvent(options.method ?? 'GET', url, res));
      return res;
    });
}

/** What a site-scope scan sends before its checks run (see sendSampleFirst). */
export interface SampleSending {
  /** The sampled pages once answered (null: page scope, or no page-level check). */
  sample: Promise<PageVisit[]> | null;
  /** Call once the checks have started: plain HEADs are let go once their first requests are out. */
  checksStarted(): void;
}

/** One scan's round trips, from the page request to the sampled pages. */
export class ScanSchedule {
  /** The page as a browser asks for it (reported by the engine itself, after 'started'). */
  readonly page: Promise<FetchResult>;
  /** Planned requests on the target's origin, by memo key. */
  private readonly onOrigin = new Map<string, Promise<FetchResult>>();
  /** Planned requests of the target URL itself (its own options), by memo key. */
  private readonly ofTarget = new Map<string, Promise<FetchResult>>();
  /** Probe events of round trip 1 wait for 'started', which needs the check count from the registry. */
  private readonly startedGate: Promise<void>;
  private openGate!: () => void;
  private readonly emitAfterStart: ScanEventListener;
  private liveMcp: { probe: typeof import('./gather/mcp-probe.js'); started: StartedMcpProbe | null } | null = null;

  /** Round trip 1: the page, then every planned request, handed to the client in the same turn. */
  constructor(
    private readonly http: HttpClient,
    private readonly target: URL,
    requests: readonly EarlyRequest[],
    emit: ScanEventListener,
  ) {
    this.startedGate = new Promise<void>((resolve) => (this.openGate = resolve));
    this.emitAfterStart = (ev) => void this.startedGate.then(() => emit(ev));
    this.page = http.fetch(target.href, { accept: BROWSER_ACCEPT });
    const send = reportingSender(http, this.emitAfterStart);
    // A declared request that is the page's own (the root asked for as a browser asks) is the page request.
    const pageKey = requestKey('GET', target.href, BROWSER_ACCEPT);
    for (const r of requests) {
      const key = earlyRequestKey(r, target);
      if (key === pageKey) continue;
      (isTargetRequest(r) ? this.ofTarget : this.onOrigin).set(key, send(earlyRequestUrl(r, target), r.options));
    }
  }

  /**
   * Loads a module (the registry and its parsers) while round trip 1 is on the wire, once its
   * connections are under way: a bundled import() runs its module code at once, and would
   * otherwise hold the first requests back until it finished.
   */
  async whileOnWire<T>(load: () => Promise<T>): Promise<T> {
    await nextTurn();
    return load();
  }

  /**
   * Starts the live MCP handshake from round trip 1 when a selected check reads it (meta.mcpProbe):
   * as soon as the cards are in, ahead of the page's parsing and the checks, since its chain (card
   * -> initialize -> tools/list) is the longest. While nothing of round trip 1 has come back the
   * process is idle: the SDK loads then (a card, if any, loads it itself otherwise).
   */
  async startLiveMcp(checks: ReadonlyArray<CheckModule<any>>): Promise<void> {
    if (!checks.some((c) => c.meta.mcpProbe)) return;
    const probe = await import('./gather/mcp-probe.js');
    const started = probe.startLiveMcpProbe(this.onOrigin, this.target.origin, reportingSender(this.http, this.emitAfterStart));
    this.liveMcp = { probe, started };
    void nextTurn().then(() => (this.http.responsesReceived === 0 ? probe.loadMcpSdk().catch(() => {}) : undefined));
  }

  /** Lets the probe events of round trip 1 through (call right after emitting 'started'). */
  announceStarted(): void {
    this.openGate();
  }

  /**
   * The planned requests the checks of this page may read: the origin's when the page stayed on
   * the origin they were sent to, the target URL's own always (gather asks for the URL it scanned).
   */
  sentFor(pageUrl: URL): Map<string, Promise<FetchResult>> {
    return new Map([...(pageUrl.origin === this.target.origin ? this.onOrigin : []), ...this.ofTarget]);
  }

  /**
   * Before the page is parsed: the early handshake joins the scan's context, and the engine waits
   * briefly for the cards (sent with the page, they usually land a few ms after it) so the
   * handshake's first request leaves before the parse and the checks' first reads hold the loop.
   */
  async beforeParse(ctx: GatherContext): Promise<void> {
    const started = this.liveMcp?.started;
    if (!started || ctx.origin !== this.target.origin) return;
    this.liveMcp!.probe.adoptLiveMcpProbe(ctx, started);
    await settledWithin(started.underway, CARD_WAIT_MS);
    await nextTurn();
  }

  /**
   * Site scope: the sample is picked from what round trip 1 brought (llms.txt, /sitemap.xml, the
   * page's links) and its pages go out at round trip 2, before the checks start reading round trip
   * 1 (the reads and parses hold the event loop for tens of ms, and the pages' own checks are a
   * round trip behind them); bounded, for an llms.txt or sitemap still on its way. Plain HEADs wait
   * until the sampled pages' GETs and the checks' first requests are out: a HEAD of a URL some GET
   * asks for reads that GET's answer (one request instead of two).
   */
  async sendSampleFirst(ctx: GatherContext, pages: number, pageLevel: ReadonlyArray<CheckModule<any>>): Promise<SampleSending> {
    if (pages <= 1 || !pageLevel.length) return { sample: null, checksStarted: () => {} };
    const releaseHeads = ctx.holdPlainHeads();
    const scope = await import('./site-scope.js');
    const sent = scope.sendSample(ctx, pages, pageLevel);
    const sampleSent = sent.catch(() => {});
    const sample = scope.visitSample(ctx, sent);
    sample.catch(releaseHeads);
    await settledWithin(sampleSent, SAMPLE_FIRST_MS);
    await nextTurn();
    return { sample, checksStarted: () => void sampleSent.then(nextTurn).then(releaseHeads) };
  }
}

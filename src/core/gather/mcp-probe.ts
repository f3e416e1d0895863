/**
 * The live MCP probe (A4, and A3 through a 401): the official SDK's Streamable HTTP client
 * transport connects to the endpoint a server card advertises and runs `initialize` +
 * `notifications/initialized` + `tools/list`, judged with the SDK's own schemas.
 *
 * The SDK never touches the network itself: its transport gets a `fetch` adapter over the scan's
 * HttpClient, so every exchange is guarded, time- and byte-capped, counted and reported like any
 * other probe. The adapter sends POSTs only: the standalone GET SSE stream is answered 405 locally
 * (the spec lets a server decline it, and a scan has no use for server-initiated messages), and
 * the session is dropped, not DELETEd (one request less; servers expire idle sessions). The SDK is
 * imported on first use, so scans of sites without a card never load it.
 */
import type { FetchOptions, FetchResult } from '../net/http.js';
import { requestKey, type GatherContext } from './context.js';
import { LIVE_MAX_BYTES, LIVE_TIMEOUT_MS, budgetedSend } from './live-scope.js';
import { MCP_CARD_OPTIONS, MCP_CARD_PATHS, liveEndpoint } from './mcp-card.js';
import { EARLY_CARDS, MCP_CARD_MEDIA_OPTIONS, fetchCatalogCards, mcpCatalog, type McpCatalogArtifact } from './mcp-catalog.js';
import { optionsOf, readCatalogs } from './catalog-reader.js';
import { catalogCandidates, type CatalogCandidate } from './ai-catalog.js';
import { LightHeaders, headerRecord, lightResponse, responseOf, type LightHeadersInit } from './light-fetch.js';
import { VERSION } from '../../version.js';

export type McpProbeOutcome = 'ok' | 'auth-required' | 'not-mcp';

export interface McpExchange {
  /** JSON-RPC method sent (initialize, notifications/initialized, tools/list). */
  rpc: string;
  probe: FetchResult;
}

/** Why a handshake stopped: a 401, an HTTP answer that is no JSON-RPC, or the SDK's or network's error. */
export type McpFailure =
  | { kind: 'unauthorized'; rpc: string }
  | { kind: 'http-status'; status: number; contentType?: string }
  | { kind: 'not-json-rpc'; status: number; contentType?: string }
  | { kind: 'invalid-answer'; message: string }
  | { kind: 'error'; message: string };

export interface McpProbeResult {
  endpoint: string;
  outcome: McpProbeOutcome;
  serverName: string | null;
  serverVersion: string | null;
  protocolVersion: string | null;
  sessionIssued: boolean;
  toolCount: number | null;
  toolNames: string[];
  /** Why the endpoint did not complete the handshake, as data (gather/mcp-live-facts.ts words it). */
  failure: McpFailure | null;
  /** WWW-Authenticate of a 401 answer. */
  wwwAuthenticate: string | null;
  exchanges: McpExchange[];
}

/** Request headers the adapter forwards; Authorization is never sent (scans are anonymous). */
const FORWARDED = ['content-type', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'];
/** Response headers handed back to the SDK (the body is already decompressed). */
const RETURNED = ['content-type', 'mcp-session-id', 'www-authenticate', 'location', 'retry-after'];
/** Tool names kept for evidence. */
const TOOL_NAMES = 5;

function rpcName(body: unknown): string {
  try {
    const msg = JSON.parse(String(body)) as { method?: unknown } | Array<{ method?: unknown }>;
    const first = Array.isArray(msg) ? msg[0] : msg;
    return typeof first?.method === 'string' ? first.method.slice(0, 60) : 'message';
  } catch {
    return 'message';
  }
}

/** The request headers the adapter passes on (see FORWARDED). */
function forwarded(headers: LightHeadersInit | undefined): Record<string, string> {
  const all = headerRecord(headers);
  return Object.fromEntries(FORWARDED.filter((k) => all[k] !== undefined).map((k) => [k, all[k]]));
}

let sdkModules: Promise<typeof import('./mcp-sdk.js')> | null = null;

/**
 * The SDK's modules (zod and its schemas: ~0.06 s of CPU in the bundle), loaded once per process
 * and only when a card names an endpoint: sites without a card (most) never load them. The
 * engine starts the handshake as soon as the cards are in (startLiveMcpProbe), so the load
 * happens while the rest of round trip 1 is still being read; scan-schedule.ts also loads it while
 * round trip 1 is on the wire and nothing has come back (a site without a card then pays at most
 * that load, ~15 ms in the scan bundle, ahead of its answers; on a slow network, nothing).
 */
export function loadMcpSdk(): NonNullable<typeof sdkModules> {
  sdkModules ??= import('./mcp-sdk.js');
  return sdkModules;
}

/** One live exchange, sent through the scan's client and reported like every probe. */
export type LiveSend = (url: string, opts: FetchOptions) => Promise<FetchResult>;

const LIVE_MCP = 'mcp-live';
const EARLY_MCP = 'mcp-live-early';

/**
 * The handshake with the endpoint this site's own card names (null when no complete card names
 * one), once per scan: A4 judges it, A3 follows its 401. The endpoint comes from the same reading
 * A4 judges (catalog cards first, then the older well-known paths); the handshake the engine
 * started early is reused when it went to that endpoint.
 */
export function liveMcpProbe(ctx: GatherContext): Promise<McpProbeResult | null> {
  return ctx.memo(LIVE_MCP, async () => {
    const [probes, catalog] = await Promise.all([Promise.all(MCP_CARD_PATHS.map((p) => ctx.fetch(p, MCP_CARD_OPTIONS))), mcpCatalog(ctx)]);
    const endpoint = liveEndpoint(probes, ctx.origin, catalog);
    if (!endpoint) return null;
    const early = await ctx.memo<StartedMcpProbe | null>(EARLY_MCP, async () => null);
    if (early && (await early.endpoint) === endpoint) return early.result;
    return probeEndpoint(endpoint, ctx.origin, (url, opts) => ctx.send(url, opts));
  });
}

/**
 * The same handshake started by the engine from round trip 1 itself, as soon as the cards are in:
 * before the page is parsed or any check runs, so `initialize` leaves ahead of that work (the
 * handshake is the longest chain left: catalog -> card -> initialize -> tools/list). It reads the
 * well-known catalogs and card paths only (an Agentmap line or a link element needs the page):
 * when the full reading picks another endpoint, liveMcpProbe probes that one instead. Null when
 * the requests were not prefetched. `underway` settles once the cards are read and, when one names
 * an endpoint, the first request of the handshake has been handed to the client.
 */
export function startLiveMcpProbe(prefetched: ReadonlyMap<string, Promise<FetchResult>>, origin: string, send: LiveSend): StartedMcpProbe | null {
  const cards = MCP_CARD_PATHS.map((p) => prefetched.get(requestKey('GET', new URL(p, origin).href, MCP_CARD_OPTIONS.accept)));
  const none = { agentmap: null, htmlLink: null, linkHeader: null };
  const sent = (c: CatalogCandidate) => prefetched.get(requestKey('GET', c.url, optionsOf(c).accept));
  if (cards.some((c) => !c) || catalogCandidates(none, origin).some((c) => !sent(c))) return null;
  const catalogs = readCatalogs(none, origin, (c) => sent(c)!);
  // The catalogs' cards leave as soon as the catalogs are in (round trip 2), beside the well-known cards' reading.
  const cardFetches = new Map<string, Promise<FetchResult>>();
  const catalog = catalogs.then((read) =>
    fetchCatalogCards(read, (url) => {
      const p = budgetedSend(send, origin)(url, MCP_CARD_MEDIA_OPTIONS);
      cardFetches.set(url, p);
      return p;
    }),
  );
  let markUnderway!: () => void;
  const underway = new Promise<void>((resolve) => (markUnderway = resolve));
  const sending: LiveSend = (url, opts) => {
    const sent = send(url, opts);
    markUnderway();
    return sent;
  };
  const endpoint = Promise.all([Promise.all(cards as Array<Promise<FetchResult>>), catalog]).then(([probes, fromCatalog]) =>
    liveEndpoint(probes, origin, fromCatalog),
  );
  const result = endpoint.then((e) => (e ? probeEndpoint(e, origin, sending) : null));
  void result.finally(markUnderway); // no endpoint, or the handshake failed before sending
  return { result, underway, endpoint, cardFetches };
}

export interface StartedMcpProbe {
  result: Promise<McpProbeResult | null>;
  underway: Promise<void>;
  /** The endpoint the early handshake went to (null: none). */
  endpoint: Promise<string | null>;
  cardFetches: Map<string, Promise<FetchResult>>;
}

export function adoptLiveMcpProbe(ctx: GatherContext, started: StartedMcpProbe): void {
  void ctx.memo(EARLY_MCP, async () => started);
  void ctx.memo(EARLY_CARDS, async () => started.cardFetches);
}

async function probeEndpoint(endpoint: string, origin: string, send: LiveSend): Promise<McpProbeResult> {
  return runProbe(budgetedSend(send, origin), endpoint);
}

async function runProbe(send: LiveSend, endpoint: string): Promise<McpProbeResult> {
  const exchanges: McpExchange[] = [];
  const result: McpProbeResult = {
    endpoint,
    outcome: 'not-mcp',
    serverName: null,
    serverVersion: null,
    protocolVersion: null,
    sessionIssued: false,
    toolCount: null,
    toolNames: [],
    failure: null,
    wwwAuthenticate: null,
    exchanges,
  };
  const adapter = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const method = (init?.method ?? 'GET').toUpperCase();
    // No standalone SSE stream and no DELETE: answered here, nothing goes out.
    if (method !== 'POST') return lightResponse(405, new LightHeaders(), null);
    const body = typeof init?.body === 'string' ? init.body : '';
    const probe = await send(String(url), {
      method: 'POST',
      accept: 'application/json, text/event-stream',
      headers: forwarded(init?.headers as LightHeadersInit | undefined),
      body,
      maxBytes: LIVE_MAX_BYTES,
      timeoutMs: LIVE_TIMEOUT_MS,
    });
    exchanges.push({ rpc: rpcName(body), probe });
    if (probe.status === null) throw new TypeError(probe.error?.message ?? 'network error');
    if (probe.error) throw new TypeError(`${probe.error.message} (HTTP ${probe.status})`);
    return responseOf(probe, RETURNED);
  };

  // Loaded only when a card advertises an endpoint (CLI start-up stays free of the SDK).
  const sdk = await loadMcpSdk();
  const { StreamableHTTPClientTransport } = sdk;
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
    fetch: adapter,
    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 0, maxReconnectionDelay: 0, reconnectionDelayGrowFactor: 1 },
  });
  const pending = new Map<number, (message: Record<string, unknown>) => void>();
  transport.onmessage = (message) => {
    const m = message as Record<string, unknown>;
    if (typeof m.id === 'number') pending.get(m.id)?.(m);
  };
  transport.onerror = () => {}; // failures surface through the request that caused them
  let nextId = 0;
  /** One JSON-RPC request; resolves with its result, rejects with the server's error or a timeout. */
  const request = async (method: string, params: Record<string, unknown>): Promise<unknown> => {
    const id = nextId++;
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      pending.set(id, resolve);
      timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${LIVE_TIMEOUT_MS} ms`)), LIVE_TIMEOUT_MS);
      timer.unref();
    });
    answer.catch(() => {}); // when send() fails first, nobody awaits the answer
    try {
      await transport.send({ jsonrpc: '2.0', id, method, params });
      const m = await answer;
      const err = m.error as { code?: unknown; message?: unknown } | undefined;
      if (err) throw new Error(`JSON-RPC error ${String(err.code)} to ${method}: ${String(err.message).slice(0, 100)}`);
      return m.result;
    } finally {
      clearTimeout(timer);
      pending.delete(id);
    }
  };
  try {
    await transport.start();
    // The handshake of the SDK's Client, on the SDK's transport and schemas; the Client class itself
    // would add ajv and ~0.4 s of module loading to every scan of a site with a card.
    const init = sdk.InitializeResultSchema.safeParse(
      await request('initialize', { protocolVersion: sdk.LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'ai-ready', version: VERSION } }),
    );
    if (!init.success) throw new Error('the initialize result is not an MCP InitializeResult');
    if (!sdk.SUPPORTED_PROTOCOL_VERSIONS.includes(init.data.protocolVersion))
      throw new Error(`unsupported protocol version ${init.data.protocolVersion.slice(0, 40)}`);
    transport.setProtocolVersion(init.data.protocolVersion);
    result.serverName = init.data.serverInfo.name.slice(0, 100);
    result.serverVersion = init.data.serverInfo.version.slice(0, 40);
    result.protocolVersion = init.data.protocolVersion;
    result.sessionIssued = !!transport.sessionId;
    // The notification and tools/list go out together: the lifecycle only asks that requests wait
    // for the initialize answer, and one round trip less keeps the scan's critical path at three.
    // A server that refuses a request racing its notification gets tools/list once more after it.
    const initialized = transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    if (init.data.capabilities.tools) {
      const first = request('tools/list', {});
      first.catch(() => {}); // judged below, after the notification
      await initialized;
      const answer = await first.catch(async () => request('tools/list', {}));
      const listed = sdk.ListToolsResultSchema.safeParse(answer);
      if (!listed.success) throw new Error('the tools/list result is not an MCP ListToolsResult');
      result.toolCount = listed.data.tools.length;
      result.toolNames = listed.data.tools.slice(0, TOOL_NAMES).map((t) => String(t.name).slice(0, 60));
    } else {
      await initialized;
      result.toolCount = 0;
    }
    result.outcome = 'ok';
  } catch (e) {
    const last = exchanges.at(-1)?.probe;
    if (last?.status === 401) {
      result.outcome = 'auth-required';
      result.wwwAuthenticate = last.headers['www-authenticate'] ?? null;
      result.failure = { kind: 'unauthorized', rpc: exchanges.at(-1)!.rpc };
    } else {
      result.failure = failureOf(e, last);
    }
  } finally {
    // Closing aborts the transport locally; nothing is sent (see the module comment).
    await transport.close().catch(() => {});
  }
  return result;
}

/** Why the handshake failed: the HTTP answer when there was one, else the SDK's error. */
function failureOf(e: unknown, last: FetchResult | undefined): McpFailure {
  const message = String((e as Error)?.message ?? e)
    .replace(/\s+/g, ' ')
    .slice(0, 160);
  if (!last) return { kind: 'error', message };
  if (last.status === null) return { kind: 'error', message: last.error?.message ?? message };
  const contentType = last.contentType ?? undefined;
  if (last.status < 200 || last.status >= 300) return { kind: 'http-status', status: last.status, ...(contentType ? { contentType } : {}) };
  if (contentType !== 'application/json' && contentType !== 'text/event-stream') {
    return { kind: 'not-json-rpc', status: last.status, ...(contentType ? { contentType } : {}) };
  }
  return { kind: 'invalid-answer', message };
}

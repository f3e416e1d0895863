/**
 * The live MCP probe (A4, and A3 through a 401): the official SDK client connects to the endpoint
 * a server card advertises and runs `initialize` + `tools/list` over Streamable HTTP.
 *
 * The SDK never touches the network itself: its transport gets a `fetch` adapter over the scan's
 * HttpClient, so every exchange is guarded, time- and byte-capped, counted and reported like any
 * other probe. The adapter sends POSTs only: the standalone GET SSE stream is answered 405 locally
 * (the spec lets a server decline it, and a scan has no use for server-initiated messages), and
 * the session is dropped, not DELETEd (one request less; servers expire idle sessions). The SDK is
 * imported on first use, so scans of sites without a card never load it.
 */
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { LIVE_MAX_BYTES, LIVE_TIMEOUT_MS } from './live-scope.js';
import { VERSION } from '../../version.js';

export type McpProbeOutcome = 'ok' | 'auth-required' | 'not-mcp';

export interface McpExchange {
  /** JSON-RPC method sent (initialize, notifications/initialized, tools/list). */
  rpc: string;
  probe: FetchResult;
}

export interface McpProbeResult {
  endpoint: string;
  outcome: McpProbeOutcome;
  serverName: string | null;
  serverVersion: string | null;
  protocolVersion: string | null;
  sessionIssued: boolean;
  toolCount: number | null;
  toolNames: string[];
  /** Why the endpoint did not complete the handshake, for evidence. */
  problem: string | null;
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

function headerRecord(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((v, k) => {
    if (FORWARDED.includes(k)) out[k] = v;
  });
  return out;
}

/** A web Response (what the SDK reads) from one of our FetchResults. */
function toResponse(res: FetchResult): Response {
  const headers = new Headers();
  for (const k of RETURNED) {
    const v = res.headers[k];
    if (v !== undefined) {
      try {
        headers.set(k, v);
      } catch {
        // A header value fetch would refuse: leave it out.
      }
    }
  }
  const status = res.status! < 200 || res.status! > 599 ? 502 : res.status!;
  const noBody = status === 204 || status === 205 || status === 304;
  return new Response(noBody ? null : new Uint8Array(res.body), { status, headers });
}

/** Runs initialize + tools/list against one endpoint, memoised per scan. */
export function probeMcpEndpoint(ctx: GatherContext, endpoint: string): Promise<McpProbeResult> {
  return ctx.memo(`mcp-probe ${endpoint}`, () => runProbe(ctx, endpoint));
}

async function runProbe(ctx: GatherContext, endpoint: string): Promise<McpProbeResult> {
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
    problem: null,
    wwwAuthenticate: null,
    exchanges,
  };
  const adapter = async (url: string | URL, init?: RequestInit): Promise<Response> => {
    const method = (init?.method ?? 'GET').toUpperCase();
    // No standalone SSE stream and no DELETE: answered here, nothing goes out.
    if (method !== 'POST') return new Response(null, { status: 405 });
    const body = typeof init?.body === 'string' ? init.body : '';
    const probe = await ctx.send(String(url), {
      method: 'POST',
      accept: 'application/json, text/event-stream',
      headers: headerRecord(init),
      body,
      maxBytes: LIVE_MAX_BYTES,
      timeoutMs: LIVE_TIMEOUT_MS,
    });
    exchanges.push({ rpc: rpcName(body), probe });
    if (probe.status === null) throw new TypeError(probe.error?.message ?? 'network error');
    if (probe.error) throw new TypeError(`${probe.error.message} (HTTP ${probe.status})`);
    return toResponse(probe);
  };

  let client: import('@modelcontextprotocol/sdk/client/index.js').Client | null = null;
  try {
    // Loaded only when a card advertises an endpoint (CLI start-up stays free of the SDK).
    const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    ]);
    const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
      fetch: adapter,
      reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 0, maxReconnectionDelay: 0, reconnectionDelayGrowFactor: 1 },
    });
    client = new Client({ name: 'ai-ready', version: VERSION }, { capabilities: {} });
    const timeout = LIVE_TIMEOUT_MS * 2;
    await client.connect(transport, { timeout });
    const info = client.getServerVersion();
    result.serverName = typeof info?.name === 'string' ? info.name.slice(0, 100) : null;
    result.serverVersion = typeof info?.version === 'string' ? info.version.slice(0, 40) : null;
    result.protocolVersion = transport.protocolVersion ?? null;
    result.sessionIssued = !!transport.sessionId;
    if (client.getServerCapabilities()?.tools) {
      const { tools } = await client.listTools(undefined, { timeout });
      result.toolCount = tools.length;
      result.toolNames = tools.slice(0, TOOL_NAMES).map((t) => String(t.name).slice(0, 60));
    } else {
      result.toolCount = 0;
    }
    result.outcome = 'ok';
  } catch (e) {
    const last = exchanges.at(-1)?.probe;
    if (last?.status === 401) {
      result.outcome = 'auth-required';
      result.wwwAuthenticate = last.headers['www-authenticate'] ?? null;
      result.problem = `401 to ${exchanges.at(-1)!.rpc}`;
    } else {
      result.problem = describeFailure(e, last);
    }
  } finally {
    // Closing aborts the transport locally; nothing is sent (see the module comment).
    await client?.close().catch(() => {});
  }
  return result;
}

/** A short reason the handshake failed: the HTTP answer when there was one, else the SDK's error. */
function describeFailure(e: unknown, last: FetchResult | undefined): string {
  const message = String((e as Error)?.message ?? e).replace(/\s+/g, ' ').slice(0, 160);
  if (!last) return message;
  if (last.status === null) return last.error?.message ?? message;
  if (last.status < 200 || last.status >= 300) return `HTTP ${last.status}${last.contentType ? ` (${last.contentType})` : ''}`;
  if (last.contentType !== 'application/json' && last.contentType !== 'text/event-stream') {
    return `HTTP ${last.status} with ${last.contentType ?? 'no content type'}, not a JSON-RPC answer`;
  }
  return `not a valid MCP answer: ${message}`;
}

/**
 * The live A2A probe (A5): does the endpoint an agent card names answer the protocol?
 *
 * The least intrusive request that still proves a JSON-RPC A2A server is listening: one POST of a
 * JSON-RPC 2.0 request for a method no A2A version defines (`ai-ready/probe`). A conforming server
 * answers with a JSON-RPC error object (-32601 method not found); nothing can be created, sent or
 * cancelled by it, unlike message/send, SendMessage or tasks/* calls, which are never made. Only
 * JSONRPC bindings are probed (1.0 `supportedInterfaces[].protocolBinding`, 0.3 `preferredTransport`,
 * whose default is JSONRPC); gRPC, HTTP+JSON and custom-binding interfaces are reported as not probed.
 * A2A 1.0 §3.6: clients MUST send `A2A-Version` (Major.Minor) and agents read a request without it
 * as 0.3, so the probe of a 1.x interface names its version, as a 1.0 client's request would.
 */
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { isObject } from './classify.js';
import { LIVE_MAX_BYTES, LIVE_TIMEOUT_MS, budgetedSend, offSiteNote } from './live-scope.js';

export const A2A_PROBE_METHOD = 'ai-ready/probe';
export const A2A_PROBE_BODY = JSON.stringify({ jsonrpc: '2.0', id: 'ai-ready-probe', method: A2A_PROBE_METHOD, params: {} });

export type A2aProbeOutcome = 'json-rpc' | 'auth-required' | 'no-answer';

export interface A2aProbeResult {
  endpoint: string;
  /** The A2A-Version header sent (1.x interfaces), or null (none sent: the agent reads the request as 0.3). */
  a2aVersion?: string | null;
  outcome: A2aProbeOutcome;
  /** What came back: "JSON-RPC error -32601 Method not found", "HTTP 404 (text/html)", … */
  answer: string;
  probe: FetchResult;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export interface JsonRpcInterface {
  url: string;
  /** The `A2A-Version` to send (Major.Minor of the interface's protocolVersion), or null for a pre-1.0 interface. */
  a2aVersion: string | null;
}

/** Major.Minor of a 1.x-or-later protocolVersion ("1.0.2" → "1.0"); null for 0.x or no version (0.3 is assumed then). */
export function a2aVersionHeader(protocolVersion: unknown): string | null {
  const m = typeof protocolVersion === 'string' ? /^\s*([1-9]\d{0,3})\.(\d{1,4})(?:\.\d+)?\s*$/.exec(protocolVersion) : null;
  return m ? `${m[1]}.${m[2]}` : null;
}

/** The first JSONRPC interface of a card, or null (none, or only gRPC / HTTP+JSON / custom ones). */
export function jsonRpcInterface(card: Record<string, unknown>): JsonRpcInterface | null {
  if (Array.isArray(card.supportedInterfaces)) {
    for (const i of card.supportedInterfaces) {
      const url = isObject(i) ? str(i.url) : null;
      if (url && isObject(i) && String(i.protocolBinding ?? '').toUpperCase() === 'JSONRPC') return { url, a2aVersion: a2aVersionHeader(i.protocolVersion) };
    }
  }
  const transport = str(card.preferredTransport)?.toUpperCase() ?? 'JSONRPC';
  const top = str(card.url);
  if (top && transport === 'JSONRPC') return { url: top, a2aVersion: null };
  if (Array.isArray(card.additionalInterfaces)) {
    for (const i of card.additionalInterfaces) {
      const url = isObject(i) ? str(i.url) : null;
      if (url && isObject(i) && String(i.transport ?? '').toUpperCase() === 'JSONRPC') return { url, a2aVersion: null };
    }
  }
  return null;
}

/** The first JSONRPC endpoint of a card, or null (none, or only gRPC / HTTP+JSON / custom ones). */
export function jsonRpcEndpoint(card: Record<string, unknown>): string | null {
  return jsonRpcInterface(card)?.url ?? null;
}

/** Judges one answer to the probe (pure: table tests call it). */
export function judgeA2aAnswer(probe: FetchResult): { outcome: A2aProbeOutcome; answer: string } {
  if (probe.status === null) return { outcome: 'no-answer', answer: probe.error?.message ?? 'no answer' };
  const head = `HTTP ${probe.status}${probe.contentType ? ` (${probe.contentType})` : ''}`;
  if (probe.status === 401 || probe.status === 403) return { outcome: 'auth-required', answer: `${head}: the agent asks for credentials` };
  let msg: unknown = null;
  try {
    msg = JSON.parse(probe.text);
  } catch {
    return { outcome: 'no-answer', answer: `${head}, not JSON` };
  }
  if (isObject(msg) && msg.jsonrpc === '2.0' && ('result' in msg || isObject(msg.error))) {
    const err = isObject(msg.error) ? msg.error : null;
    const what = err ? `JSON-RPC error ${typeof err.code === 'number' ? err.code : '?'}${str(err.message) ? ` ${str(err.message)!.slice(0, 60)}` : ''}` : 'a JSON-RPC result';
    return { outcome: 'json-rpc', answer: `${head}: ${what}` };
  }
  return { outcome: 'no-answer', answer: `${head}: JSON but not a JSON-RPC 2.0 response` };
}

/** Sends the probe once per scan, endpoint and version; `a2aVersion` becomes the A2A-Version header. */
export function probeA2aEndpoint(ctx: GatherContext, endpoint: string, a2aVersion: string | null = null): Promise<A2aProbeResult> {
  return ctx.memo(`a2a-probe ${endpoint} ${a2aVersion ?? '0.3'}`, async () => {
    const probe = await budgetedSend((url, opts) => ctx.send(url, opts), ctx.origin)(endpoint, {
      method: 'POST',
      accept: 'application/json',
      headers: { 'content-type': 'application/json', ...(a2aVersion ? { 'a2a-version': a2aVersion } : {}) },
      body: A2A_PROBE_BODY,
      maxBytes: LIVE_MAX_BYTES,
      timeoutMs: LIVE_TIMEOUT_MS,
    });
    const judged = judgeA2aAnswer(probe);
    return { endpoint, a2aVersion, probe, ...judged, answer: judged.answer + offSiteNote(endpoint, ctx.origin) };
  });
}

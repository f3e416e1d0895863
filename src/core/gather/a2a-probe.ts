/**
 * The live A2A probe (A5): does the interface an agent card names answer A2A in its own binding?
 *
 * Which interface: the card's version decides where interfaces are read (A2A 1.0
 * `supportedInterfaces[]` only, since 1.0's AgentCard has no top-level `url`; 0.3 the top-level
 * `url` with `preferredTransport`, default JSONRPC, then `additionalInterfaces[]`), and the probe
 * takes the first one ai-ready can speak, as a client selects "the first supported transport"
 * (1.0 §8.3.2). Each probe is the least intrusive request that still proves the binding is served:
 * - JSONRPC: one POST of a JSON-RPC 2.0 request for a method no A2A version defines
 *   (`ai-ready/probe`); a conforming server answers a JSON-RPC error object (-32601).
 * - HTTP+JSON: one GET of a task that does not exist (1.0 §11.3.2 `GET /tasks/{id}`, 0.3
 *   `GET /v1/tasks/{id}`); a conforming server answers TaskNotFoundError, HTTP 404 with a JSON
 *   error body (1.0 §11.6: google.rpc.Status, ErrorInfo reason TASK_NOT_FOUND).
 * Nothing can be created, sent or cancelled by either. gRPC (HTTP/2 framing, `host:port`
 * addresses since 1.0.1) and custom bindings are not spoken: such an interface is unmeasured.
 * A2A 1.0 §3.6: clients MUST send `A2A-Version` (Major.Minor) and agents read a request without
 * it as 0.3, so the probe of a 1.x interface names its version, as a 1.0 client's request would.
 */
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import type { A2aCardVersion } from './a2a-card.js';
import { isObject } from './classify.js';
import { LIVE_MAX_BYTES, LIVE_TIMEOUT_MS, budgetedSend } from './live-scope.js';

export const A2A_PROBE_METHOD = 'ai-ready/probe';
export const A2A_PROBE_BODY = JSON.stringify({ jsonrpc: '2.0', id: 'ai-ready-probe', method: A2A_PROBE_METHOD, params: {} });
/** The task id the HTTP+JSON probe asks for: no agent holds it, so the answer is TaskNotFoundError. */
export const A2A_PROBE_TASK_ID = 'ai-ready-probe-no-such-task';

/** The bindings ai-ready probes; every other binding (GRPC, custom URIs) is unmeasured. */
export const PROBED_BINDINGS = ['JSONRPC', 'HTTP+JSON'] as const;

export type A2aProbeOutcome = 'json-rpc' | 'http-json' | 'auth-required' | 'no-answer';

/**
 * What came back, as facts (gather/a2a-live-facts.ts words it): the kind of answer, the HTTP status
 * and media type, and what an error object named (its code, message or A2A reason).
 */
export type A2aReplyKind =
  | 'no-answer'
  | 'auth-required'
  | 'not-json'
  | 'json-rpc-error'
  | 'json-rpc-result'
  | 'not-json-rpc'
  | 'server-error'
  | 'not-object'
  | 'a2a-error'
  | 'error'
  | 'task'
  | 'not-a2a';

export interface A2aReply {
  kind: A2aReplyKind;
  status?: number;
  contentType?: string;
  /** The error object's code (a number, or google.rpc.Status's status name). */
  code?: number | string;
  /** The error object's message, or the network error's. */
  message?: string;
  /** The A2A ErrorInfo reason (HTTP+JSON, domain a2a-protocol.org). */
  reason?: string;
}

export interface A2aProbeResult {
  endpoint: string;
  /** The binding spoken: JSONRPC or HTTP+JSON. */
  binding: string;
  /** The URL asked: the endpoint (JSON-RPC POST) or the task URL under it (HTTP+JSON GET). */
  url: string;
  /** The A2A-Version header sent (1.x interfaces), or null (none sent: the agent reads the request as 0.3). */
  a2aVersion?: string | null;
  outcome: A2aProbeOutcome;
  /** What came back. */
  reply: A2aReply;
  probe: FetchResult;
}

/** One interface a card declares, read from the members its version has. */
export interface A2aInterface {
  /** Where it was declared: "supportedInterfaces[0]", "url", "additionalInterfaces[1]". */
  from: string;
  url: string;
  /** As written: JSONRPC, GRPC, HTTP+JSON, or a custom binding's URI (the names are case-sensitive: "jsonrpc" is none of the core ones). */
  binding: string;
  /** The interface's protocolVersion (1.0) or the card's (0.3), as written; null when absent. */
  protocolVersion: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function bindingName(v: unknown, dflt: string): string {
  return str(v) ?? dflt;
}

/**
 * The interfaces of a card, in the card's order (the first is the preferred one). A 1.0 card is
 * read from supportedInterfaces[] alone: a leftover top-level `url` is not a 1.0 member.
 */
export function a2aInterfaces(card: Record<string, unknown>, version: A2aCardVersion | null): A2aInterface[] {
  const out: A2aInterface[] = [];
  const add = (i: A2aInterface) => {
    if (!out.some((o) => o.url === i.url && o.binding === i.binding)) out.push(i);
  };
  if (version === '1.0') {
    if (Array.isArray(card.supportedInterfaces)) {
      card.supportedInterfaces.forEach((i, n) => {
        const url = isObject(i) ? str(i.url) : null;
        if (url && isObject(i))
          add({
            from: `supportedInterfaces[${n}]`,
            url,
            binding: bindingName(i.protocolBinding, 'no protocolBinding'),
            protocolVersion: str(i.protocolVersion),
          });
      });
    }
    return out;
  }
  const pv = str(card.protocolVersion);
  const top = str(card.url);
  if (top) add({ from: 'url', url: top, binding: bindingName(card.preferredTransport, 'JSONRPC'), protocolVersion: pv });
  if (Array.isArray(card.additionalInterfaces)) {
    card.additionalInterfaces.forEach((i, n) => {
      const url = isObject(i) ? str(i.url) : null;
      if (url && isObject(i)) add({ from: `additionalInterfaces[${n}]`, url, binding: bindingName(i.transport, 'no transport'), protocolVersion: pv });
    });
  }
  return out;
}

/** Major.Minor of a 1.x-or-later protocolVersion ("1.0.2" → "1.0"); null for 0.x or no version (0.3 is assumed then). */
export function a2aVersionHeader(protocolVersion: unknown): string | null {
  const m = typeof protocolVersion === 'string' ? /^\s*([1-9]\d{0,3})\.(\d{1,4})(?:\.\d+)?\s*$/.exec(protocolVersion) : null;
  return m ? `${m[1]}.${m[2]}` : null;
}

/** The interface the probe speaks to: the first JSONRPC or HTTP+JSON one with an http(s) URL, or null. */
export function probeTarget(interfaces: A2aInterface[]): A2aInterface | null {
  return interfaces.find((i) => (PROBED_BINDINGS as readonly string[]).includes(i.binding) && /^https?:\/\//i.test(i.url)) ?? null;
}

/** The first JSONRPC endpoint of a card, or null (none, or only gRPC / HTTP+JSON / custom ones). */
export function jsonRpcEndpoint(card: Record<string, unknown>, version: A2aCardVersion | null): string | null {
  return a2aInterfaces(card, version).find((i) => i.binding === 'JSONRPC')?.url ?? null;
}

/** The status and media type of an answer, the head of every reply. */
function head(probe: FetchResult): Pick<A2aReply, 'status' | 'contentType'> {
  return { status: probe.status ?? undefined, ...(probe.contentType ? { contentType: probe.contentType } : {}) };
}

/** Judges one answer to the JSON-RPC probe (pure: table tests call it). */
export function judgeA2aAnswer(probe: FetchResult): { outcome: A2aProbeOutcome; reply: A2aReply } {
  if (probe.status === null) return { outcome: 'no-answer', reply: { kind: 'no-answer', ...(probe.error ? { message: probe.error.message } : {}) } };
  const h = head(probe);
  if (probe.status === 401 || probe.status === 403) return { outcome: 'auth-required', reply: { kind: 'auth-required', ...h } };
  let msg: unknown = null;
  try {
    msg = JSON.parse(probe.text);
  } catch {
    return { outcome: 'no-answer', reply: { kind: 'not-json', ...h } };
  }
  if (isObject(msg) && msg.jsonrpc === '2.0' && ('result' in msg || isObject(msg.error))) {
    const err = isObject(msg.error) ? msg.error : null;
    if (!err) return { outcome: 'json-rpc', reply: { kind: 'json-rpc-result', ...h } };
    const message = str(err.message);
    const reply: A2aReply = {
      kind: 'json-rpc-error',
      ...h,
      code: typeof err.code === 'number' ? err.code : '?',
      ...(message ? { message: message.slice(0, 60) } : {}),
    };
    return { outcome: 'json-rpc', reply };
  }
  return { outcome: 'no-answer', reply: { kind: 'not-json-rpc', ...h } };
}

/**
 * Judges one answer to the HTTP+JSON probe (pure). An A2A error body (1.0 §11.6 google.rpc.Status:
 * `error` with a numeric `code` or a `message`; 0.3 "a consistent JSON format" for errors, read the
 * same way) or a task counts; a bare 404, an HTML page or JSON of another shape does not.
 */
export function judgeA2aRestAnswer(probe: FetchResult): { outcome: A2aProbeOutcome; reply: A2aReply } {
  if (probe.status === null) return { outcome: 'no-answer', reply: { kind: 'no-answer', ...(probe.error ? { message: probe.error.message } : {}) } };
  const h = head(probe);
  if (probe.status === 401 || probe.status === 403) return { outcome: 'auth-required', reply: { kind: 'auth-required', ...h } };
  if (probe.status >= 500) return { outcome: 'no-answer', reply: { kind: 'server-error', ...h } };
  let msg: unknown = null;
  try {
    msg = JSON.parse(probe.text);
  } catch {
    return { outcome: 'no-answer', reply: { kind: 'not-json', ...h } };
  }
  if (!isObject(msg)) return { outcome: 'no-answer', reply: { kind: 'not-object', ...h } };
  const err = isObject(msg.error) ? msg.error : null;
  if (err && (typeof err.code === 'number' || str(err.message) || str(err.status))) {
    const details = Array.isArray(err.details) ? err.details.filter(isObject) : [];
    const info = details.find((d) => str(d.reason) && d.domain === 'a2a-protocol.org');
    if (info) return { outcome: 'http-json', reply: { kind: 'a2a-error', ...h, reason: str(info.reason)!.slice(0, 40) } };
    const code = typeof err.code === 'number' ? err.code : (str(err.status)?.slice(0, 30) ?? '');
    const message = str(err.message);
    return { outcome: 'http-json', reply: { kind: 'error', ...h, code, ...(message ? { message: message.slice(0, 60) } : {}) } };
  }
  if (probe.status < 300 && str(msg.id) && isObject(msg.status)) return { outcome: 'http-json', reply: { kind: 'task', ...h } };
  return { outcome: 'no-answer', reply: { kind: 'not-a2a', ...h } };
}

/** Where the HTTP+JSON probe goes: {base}/tasks/{id} for 1.x, {base}/v1/tasks/{id} for 0.3 (its URL patterns kept the /v1 prefix 1.0 removed). */
export function restProbeUrl(base: string, a2aVersion: string | null): string {
  const u = new URL(base);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}${a2aVersion ? '' : '/v1'}/tasks/${A2A_PROBE_TASK_ID}`;
  u.hash = '';
  return u.href;
}

/** Sends the probe of one interface once per scan; a 1.x interface's version becomes the A2A-Version header. */
export function probeA2aInterface(ctx: GatherContext, target: A2aInterface): Promise<A2aProbeResult> {
  const endpoint = new URL(target.url).href;
  const a2aVersion = a2aVersionHeader(target.protocolVersion);
  return ctx.memo(`a2a-probe ${target.binding} ${endpoint} ${a2aVersion ?? '0.3'}`, async () => {
    const send = budgetedSend((url, opts) => ctx.send(url, opts), ctx.origin);
    const versionHeader: Record<string, string> = a2aVersion ? { 'a2a-version': a2aVersion } : {};
    const rest = target.binding === 'HTTP+JSON';
    const url = rest ? restProbeUrl(endpoint, a2aVersion) : endpoint;
    const probe = rest
      ? await send(url, {
          method: 'GET',
          accept: 'application/a2a+json, application/json',
          headers: versionHeader,
          maxBytes: LIVE_MAX_BYTES,
          timeoutMs: LIVE_TIMEOUT_MS,
        })
      : await send(url, {
          method: 'POST',
          accept: 'application/json',
          headers: { 'content-type': 'application/json', ...versionHeader },
          body: A2A_PROBE_BODY,
          maxBytes: LIVE_MAX_BYTES,
          timeoutMs: LIVE_TIMEOUT_MS,
        });
    const judged = rest ? judgeA2aRestAnswer(probe) : judgeA2aAnswer(probe);
    return { endpoint, binding: target.binding, url, a2aVersion, probe, ...judged };
  });
}

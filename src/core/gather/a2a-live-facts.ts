/**
 * The live A2A probe as template data (as mcp-live-facts.ts does for MCP): flat fields under a
 * prefix (`liveBinding`, `liveUrl`, `liveReply`, `liveStatus`, ...), so `data` carries values, not a
 * sentence. A template reads them with `{live:agent}` (checks/messages.ts), which renders the clause
 * people read ("; live (JSONRPC): POST https://x/a2a (JSON-RPC method ai-ready/probe) → HTTP 200
 * (application/json): JSON-RPC error -32601 Method not found") at the edge, or nothing when no probe
 * was made.
 */
import { excerpt } from './classify.js';
import { OFF_SITE_PROBES_PER_HOST_PER_MINUTE, probedHost } from './live-scope.js';
import { A2A_PROBE_METHOD, type A2aProbeResult, type A2aReply, type A2aReplyKind } from './a2a-probe.js';

type Data = Readonly<Record<string, string | number | undefined>>;

/** The fields of one probe, by their name after the prefix. */
export interface A2aLiveFields {
  Binding: string;
  Url: string;
  /** The A2A-Version header sent, when one was. */
  Version?: string;
  Reply: A2aReplyKind;
  Status?: number;
  Type?: string;
  Code?: number | string;
  Message?: string;
  Reason?: string;
  /** The probed host when it is another site than the scanned one. */
  OffSiteHost?: string;
}

/** The keys under `prefix` that quote what the agent sent (its error code, message and reason). */
export function a2aLiveQuoted(prefix = 'live'): string[] {
  return ['Code', 'Message', 'Reason'].map((k) => `${prefix}${k}`);
}

/** The facts of `live` under `prefix` (`live` unless told); the off-site host is judged against `origin`. */
export function a2aLiveData(live: A2aProbeResult, origin: string, prefix = 'live'): Record<string, string | number> {
  const r: A2aReply = live.reply;
  const f: A2aLiveFields = {
    Binding: excerpt(live.binding, 40),
    Url: excerpt(live.url, 120),
    Version: live.a2aVersion ?? undefined,
    Reply: r.kind,
    Status: r.status,
    Type: r.contentType,
    Code: r.code,
    Message: r.message,
    Reason: r.reason,
  };
  const host = probedHost(live.endpoint, origin);
  if (host.offSite) f.OffSiteHost = host.host;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined) out[`${prefix}${k}`] = v;
  return out;
}

/** What came back, in words: "HTTP 404 (text/html), not JSON", "JSON-RPC error -32601 Method not found", … */
export function a2aReplyText(r: A2aReply): string {
  if (r.kind === 'no-answer') return r.message ?? 'no answer';
  const head = `HTTP ${r.status}${r.contentType ? ` (${r.contentType})` : ''}`;
  const message = r.message ? ` ${r.message}` : '';
  switch (r.kind) {
    case 'auth-required':
      return `${head}: the agent asks for credentials`;
    case 'not-json':
      return `${head}, not JSON`;
    case 'json-rpc-error':
      return `${head}: JSON-RPC error ${r.code ?? '?'}${message}`;
    case 'json-rpc-result':
      return `${head}: a JSON-RPC result`;
    case 'not-json-rpc':
      return `${head}: JSON but not a JSON-RPC 2.0 response`;
    case 'server-error':
      return `${head}: a server error`;
    case 'not-object':
      return `${head}: JSON but not an object`;
    case 'a2a-error':
      return `${head}: A2A error ${r.reason}`;
    case 'error':
      return `${head}: ${`error ${r.code ?? ''}${message}`.trim()}`;
    case 'task':
      return `${head}: a task`;
    case 'not-a2a':
      return `${head}: JSON but not an A2A HTTP+JSON answer (no error object)`;
  }
}

/** The clause people read for the probe under `prefix` (with its leading "; "), or '' when there was none. */
export function renderA2aLive(data: Data, prefix = 'live'): string {
  const at = (k: keyof A2aLiveFields) => data[`${prefix}${k}`];
  const binding = at('Binding');
  if (binding === undefined) return '';
  const url = at('Url');
  const request = binding === 'HTTP+JSON' ? `GET ${url} (HTTP+JSON, a task that does not exist)` : `POST ${url} (JSON-RPC method ${A2A_PROBE_METHOD})`;
  const version = at('Version') === undefined ? '' : ` with A2A-Version ${at('Version')}`;
  const num = (k: keyof A2aLiveFields) => (at(k) === undefined ? undefined : Number(at(k)));
  const str = (k: keyof A2aLiveFields) => (at(k) === undefined ? undefined : String(at(k)));
  const reply: A2aReply = {
    kind: at('Reply') as A2aReplyKind,
    status: num('Status'),
    contentType: str('Type'),
    code: at('Code'),
    message: str('Message'),
    reason: str('Reason'),
  };
  const host = at('OffSiteHost');
  const note =
    host === undefined
      ? ''
      : ` [probed host ${host}: another site than the one scanned, within a budget of ${OFF_SITE_PROBES_PER_HOST_PER_MINUTE} requests per minute]`;
  return `; live (${binding}): ${request}${version} → ${a2aReplyText(reply)}${note}`;
}

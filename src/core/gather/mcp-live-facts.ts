/**
 * The live MCP handshake as template data (as probe-facts.ts does for one probe): flat fields under
 * a prefix (`liveEndpoint`, `liveOutcome`, `liveRpcs`, ...), so `data` carries values, not a
 * sentence. A template reads them with `{live:mcp}` (checks/messages.ts), which renders the clause
 * people read ("; live: https://x/mcp answered MCP [initialize → 200, ...]: server ...") at the
 * edge, or nothing when no handshake was made.
 */
import { excerpt } from './classify.js';
import { OFF_SITE_PROBES_PER_HOST_PER_MINUTE, probedHost } from './live-scope.js';
import type { McpFailure, McpProbeResult } from './mcp-probe.js';

type Data = Readonly<Record<string, string | number | undefined>>;

/** The fields of one handshake, by their name after the prefix. */
export interface McpLiveFields {
  Endpoint: string;
  Outcome: McpProbeResult['outcome'];
  /** The JSON-RPC methods sent, in order, and what each got (a status or a network error code), comma-joined. */
  Rpcs: string;
  Answers: string;
  Server?: string;
  ServerVersion?: string;
  Protocol?: string;
  Tools?: number;
  ToolNames?: string;
  WwwAuthenticate?: string;
  /** Why the handshake stopped (McpFailure's kind) and its facts. */
  Failure?: McpFailure['kind'];
  FailureRpc?: string;
  FailureStatus?: number;
  FailureType?: string;
  FailureMessage?: string;
  /** The probed host when it is another site than the scanned one. */
  OffSiteHost?: string;
}

/** The keys under `prefix` that quote what the server sent (names, versions, headers, error messages). */
export function mcpLiveQuoted(prefix = 'live'): string[] {
  return ['Server', 'ServerVersion', 'ToolNames', 'WwwAuthenticate', 'FailureMessage'].map((k) => `${prefix}${k}`);
}

/** The facts of `live` under `prefix` (`live` unless told); the off-site host is judged against `origin`. */
export function mcpLiveData(live: McpProbeResult, origin: string, prefix = 'live'): Record<string, string | number> {
  const f: McpLiveFields = {
    Endpoint: excerpt(live.endpoint, 80),
    Outcome: live.outcome,
    Rpcs: live.exchanges.map((x) => x.rpc).join(', '),
    Answers: live.exchanges.map((x) => x.probe.status ?? x.probe.error?.code ?? 'none').join(', '),
  };
  if (live.outcome === 'ok') {
    f.Server = excerpt(live.serverName ?? '?', 60);
    f.ServerVersion = excerpt(live.serverVersion ?? '?', 20);
    f.Protocol = live.protocolVersion ?? '?';
    if (live.toolCount !== null) f.Tools = live.toolCount;
    if (live.toolNames.length) f.ToolNames = live.toolNames.map((n) => excerpt(n, 40)).join(', ');
  }
  if (live.wwwAuthenticate) f.WwwAuthenticate = excerpt(live.wwwAuthenticate, 120);
  const failure = live.failure;
  if (failure) {
    f.Failure = failure.kind;
    if ('rpc' in failure) f.FailureRpc = failure.rpc;
    if ('status' in failure) f.FailureStatus = failure.status;
    if ('contentType' in failure && failure.contentType) f.FailureType = failure.contentType;
    if ('message' in failure) f.FailureMessage = failure.message;
  }
  const host = probedHost(live.endpoint, origin);
  if (host.offSite) f.OffSiteHost = host.host;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined) out[`${prefix}${k}`] = v;
  return out;
}

/** Why the handshake stopped, in words. */
function failureText(at: (k: keyof McpLiveFields) => string | number | undefined): string {
  const type = at('FailureType');
  switch (at('Failure')) {
    case 'unauthorized':
      return `401 to ${at('FailureRpc')}`;
    case 'http-status':
      return `HTTP ${at('FailureStatus')}${type ? ` (${type})` : ''}`;
    case 'not-json-rpc':
      return `HTTP ${at('FailureStatus')} with ${type ?? 'no content type'}, not a JSON-RPC answer`;
    case 'invalid-answer':
      return `not a valid MCP answer: ${at('FailureMessage')}`;
    case 'error':
      return String(at('FailureMessage'));
    default:
      return 'unknown error';
  }
}

/** The clause people read for the handshake under `prefix` (with its leading "; "), or '' when there was none. */
export function renderMcpLive(data: Data, prefix = 'live'): string {
  const at = (k: keyof McpLiveFields) => data[`${prefix}${k}`];
  const endpoint = at('Endpoint');
  if (endpoint === undefined) return '';
  const rpcs = String(at('Rpcs') ?? '')
    .split(', ')
    .filter(Boolean);
  const answers = String(at('Answers') ?? '').split(', ');
  const steps = rpcs.map((rpc, i) => `${rpc} → ${answers[i]}`).join(', ');
  const host = at('OffSiteHost');
  const note =
    host === undefined
      ? ''
      : ` [probed host ${host}: another site than the one scanned, within a budget of ${OFF_SITE_PROBES_PER_HOST_PER_MINUTE} requests per minute]`;
  const outcome = at('Outcome');
  if (outcome === 'ok') {
    const names = at('ToolNames');
    const tools = at('Tools') === undefined ? '' : `, ${at('Tools')} tool(s)${names === undefined ? '' : ` (${names})`}`;
    return `; live: ${endpoint} answered MCP [${steps}]: server "${at('Server')}" ${at('ServerVersion')}, protocol ${at('Protocol')}${tools}${note}`;
  }
  if (outcome === 'auth-required') {
    const auth = at('WwwAuthenticate');
    return `; live: ${endpoint} asks for authorization [${steps}]${auth === undefined ? ', without WWW-Authenticate' : `, WWW-Authenticate: ${auth}`}${note}`;
  }
  return `; live: ${endpoint} did not complete an MCP handshake [${steps || 'no request'}]: ${failureText(at)}${note}`;
}

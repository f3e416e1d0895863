/**
 * The two HTTP MCP endpoints over the SDK's web-standard Streamable HTTP transport, stateless
 * (one McpServer per request, so no session state to share between processes):
 *   /mcp      OAuth 2.1 bearer tokens (401 + WWW-Authenticate resource_metadata without one);
 *   /api/mcp  API key as Bearer token; anonymous callers get only the read-only scan tools
 *             (and the REST rate limit); a wrong key is 401, never anonymous.
 * Only POST carries messages: a stateless server has no stream to offer on GET (405).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Account, Store } from '../store/types.js';
import type { MonitorStore } from '../store/types.js';
import type { MonitorPolicy } from '../monitor/admin.js';
import type { OAuthServer } from '../oauth/server.js';
import { CORS } from '../oauth/http.js';
import { createMcpServer } from './server.js';
import type { Scanner } from './context.js';

export interface McpHttpOptions {
  store: Store;
  monitors: MonitorStore | null;
  oauth: OAuthServer;
  /** The scanner for one caller (rate limits are per caller). */
  scannerFor(account: Account | null, clientIp: string): Scanner;
  baseUrl: () => string;
  monitorPolicy?: MonitorPolicy;
  onInternalError?: (error: unknown, tool: string) => void;
}

export interface McpHttp {
  /** /mcp (OAuth). */
  oauthEndpoint(req: Request, clientIp: string): Promise<Response>;
  /** /api/mcp (API key or anonymous). */
  keyEndpoint(req: Request, clientIp: string): Promise<Response>;
}

const MCP_CORS = {
  ...CORS,
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version, mcp-session-id, last-event-id',
  'access-control-expose-headers': 'www-authenticate, mcp-session-id',
};

function withHeaders(res: Response, headers: Record<string, string>): Response {
  const h = new Headers(res.headers);
  for (const [k, v] of Object.entries(headers)) if (!h.has(k)) h.set(k, v);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: h });
}

/** Calls `done` once the response body has been fully sent or abandoned. */
function onBodyDone(res: Response, done: () => void): Response {
  if (!res.body) {
    done();
    return res;
  }
  const reader = res.body.getReader();
  let finished = false;
  const finish = () => {
    if (!finished) {
      finished = true;
      done();
    }
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: end } = await reader.read();
        if (end) {
          controller.close();
          finish();
        } else controller.enqueue(value);
      } catch (e) {
        controller.error(e);
        finish();
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...MCP_CORS, ...headers },
  });
}

export function createMcpHttp(opts: McpHttpOptions): McpHttp {
  async function serve(req: Request, account: Account | null, clientIp: string): Promise<Response> {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: MCP_CORS });
    if (req.method !== 'POST') return jsonRpcError(405, 'Method not allowed: this stateless MCP server takes POST only.', { allow: 'POST, OPTIONS' });
    const server = createMcpServer({
      scanner: opts.scannerFor(account, clientIp),
      account,
      store: opts.store,
      monitors: opts.monitors,
      monitorPolicy: opts.monitorPolicy,
      baseUrl: opts.baseUrl(),
      onInternalError: opts.onInternalError,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, maxRequestBodySize: 1024 * 1024 });
    await server.connect(transport);
    let res: Response;
    try {
      res = await transport.handleRequest(req);
    } catch (e) {
      await server.close().catch(() => {});
      throw e;
    }
    return onBodyDone(withHeaders(res, MCP_CORS), () => void server.close().catch(() => {}));
  }

  return {
    async oauthEndpoint(req, clientIp) {
      if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: MCP_CORS });
      const auth = await opts.oauth.verifyBearer(req);
      if (!auth.ok) return withHeaders(auth.response, MCP_CORS);
      return serve(req, auth.grant.account, clientIp);
    },

    async keyEndpoint(req, clientIp) {
      if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: MCP_CORS });
      const header = req.headers.get('authorization');
      let account: Account | null = null;
      if (header !== null) {
        const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
        account = m ? await opts.store.verifyApiKey(m[1]) : null;
        if (!account) {
          return jsonRpcError(401, 'The Bearer token is not a valid API key. Send no Authorization header to use the scan tools anonymously.', {
            'www-authenticate': 'Bearer realm="ai-ready", error="invalid_token"',
          });
        }
      }
      return serve(req, account, clientIp);
    },
  };
}

/**
 * A3's live probe: one unauthenticated request to the protected resource, expecting 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"` (RFC 9728 §5.1, MCP authorization).
 *
 * The target, in order: the MCP endpoint a card on this site names, when A4's live probe met a 401
 * there (that answer is reused, no new request); else the metadata's own `resource` URL, when it
 * is on the origin that served the metadata (a GET; the page's response is reused when `resource`
 * is the page). A 401 whose resource_metadata names a document not fetched yet is followed once.
 */
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { liveMcpProbe } from './mcp-probe.js';
import { LIVE_MAX_BYTES, LIVE_TIMEOUT_MS, servedBySite } from './live-scope.js';
import {
  JSON_ACCEPT,
  JSON_MAX_BYTES,
  PRM_PATH,
  httpUrl,
  readJsonDocument,
  resourceMetadataParam,
  type JsonDocument,
  type PrmArtifact,
} from './oauth-metadata.js';

export interface ResourceChallenge {
  url: string;
  source: 'mcp' | 'resource';
  probe: FetchResult;
}

const sameUrl = (a: string, b: string) => new URL(a).href === new URL(b).href;

export async function probeProtectedResource(
  ctx: GatherContext,
  prm: PrmArtifact,
): Promise<{ challenge: ResourceChallenge | null; followed: JsonDocument | null }> {
  const mcp = await liveMcpProbe(ctx);
  let challenge: ResourceChallenge | null = null;
  const mcp401 = mcp?.outcome === 'auth-required' ? mcp.exchanges.at(-1)?.probe : undefined;
  if (mcp && mcp401) challenge = { url: mcp.endpoint, source: 'mcp', probe: mcp401 };
  else if (prm.chosen.doc && servedBySite(prm.chosen.probe, ctx.origin)) {
    const resource = httpUrl(prm.chosen.doc.resource);
    if (resource && resource.origin === new URL(prm.chosen.probe.url).origin) {
      const page = ctx.page();
      const probe =
        sameUrl(resource.href, page.requestedUrl) || sameUrl(resource.href, page.url)
          ? page
          : await ctx.fetch(resource.href, { accept: JSON_ACCEPT, maxBytes: LIVE_MAX_BYTES, timeoutMs: LIVE_TIMEOUT_MS });
      challenge = { url: resource.href, source: 'resource', probe };
    }
  }
  let followed: JsonDocument | null = null;
  if (challenge?.probe.status === 401) {
    const pointed = httpUrl(resourceMetadataParam(challenge.probe.headers['www-authenticate']), challenge.probe.url);
    const known = [ctx.resolve(PRM_PATH), prm.linked?.probe.requestedUrl].filter(Boolean) as string[];
    if (pointed && !known.some((k) => sameUrl(k, pointed.href))) {
      followed = readJsonDocument(await ctx.fetch(pointed.href, { accept: JSON_ACCEPT, maxBytes: JSON_MAX_BYTES }));
    }
  }
  return { challenge, followed };
}

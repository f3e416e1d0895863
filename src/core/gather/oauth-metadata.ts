/**
 * OAuth discovery documents shared by A2 and A3: the RFC 9728 protected-resource metadata (PRM)
 * of the origin, fetched once per scan, whose `authorization_servers` A2 then follows.
 */
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { isFound, isObject, parseJson, type JsonDocumentProblem } from './classify.js';

export const PRM_PATH = '/.well-known/oauth-protected-resource';
export const AS_METADATA_PATH = '/.well-known/oauth-authorization-server';
export const OIDC_CONFIG_PATH = '/.well-known/openid-configuration';
export const JSON_ACCEPT = 'application/json, */*;q=0.1';
export const JSON_MAX_BYTES = 1024 * 1024;
/** The origin's protected-resource metadata as it is fetched, declared by the checks that read it. */
export const PRM_REQUEST = { path: PRM_PATH, options: { accept: JSON_ACCEPT, maxBytes: JSON_MAX_BYTES } };
/** The origin's own authorization-server metadata (RFC 8414) and OpenID configuration, as A2 asks for them. */
export const AS_METADATA_REQUEST = { path: AS_METADATA_PATH, options: { accept: JSON_ACCEPT, maxBytes: JSON_MAX_BYTES } };
export const OIDC_CONFIG_REQUEST = { path: OIDC_CONFIG_PATH, options: { accept: JSON_ACCEPT, maxBytes: JSON_MAX_BYTES } };

export interface JsonDocument {
  probe: FetchResult;
  /** The JSON object, when the probe found one. */
  doc: Record<string, unknown> | null;
  /** Why a 2xx, non-HTML answer was not accepted (checks/capabilities/json-problem.ts words it). */
  problem?: JsonDocumentProblem;
}

export function readJsonDocument(probe: FetchResult): JsonDocument {
  if (!isFound(probe)) return { probe, doc: null };
  const parsed = parseJson(probe);
  if (!parsed.ok) return { probe, doc: null, problem: { kind: 'not-json', error: parsed.error } };
  if (!isObject(parsed.value)) return { probe, doc: null, problem: { kind: 'not-object' } };
  return { probe, doc: parsed.value };
}

/** `resource_metadata="…"` from a WWW-Authenticate header (RFC 9728 §5.1), or null. */
export function resourceMetadataParam(header: string | undefined): string | null {
  if (!header) return null;
  const m = header.match(/resource_metadata\s*=\s*(?:"([^"]*)"|([^\s,]+))/i);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

export interface PrmArtifact {
  /** The document at /.well-known/oauth-protected-resource on the origin. */
  wellKnown: JsonDocument;
  /** WWW-Authenticate of the page response, when it sent one. */
  pageWwwAuthenticate: string | null;
  /** The resource_metadata URL the page pointed at, when it differs from the well-known URL. */
  linked: JsonDocument | null;
  /** The document A3 judges: the page-linked one when valid, else the well-known one. */
  chosen: JsonDocument;
}

/** Absolute http(s) URL or null. */
export function httpUrl(value: unknown, base?: string): URL | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const u = new URL(value, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
}

/** The protected-resource metadata of the scanned origin, memoised per scan. */
export function protectedResourceMetadata(ctx: GatherContext): Promise<PrmArtifact> {
  return ctx.memo('oauth-prm', async () => {
    const page = ctx.page();
    const www = page.headers['www-authenticate'] ?? null;
    const pointed = httpUrl(resourceMetadataParam(www ?? undefined), page.url);
    const wellKnownUrl = ctx.resolve(PRM_PATH);
    const [wk, linkedProbe] = await Promise.all([
      ctx.fetch(PRM_REQUEST.path, PRM_REQUEST.options),
      pointed && pointed.href !== wellKnownUrl ? ctx.fetch(pointed.href, { accept: JSON_ACCEPT, maxBytes: JSON_MAX_BYTES }) : Promise.resolve(null),
    ]);
    const wellKnown = readJsonDocument(wk);
    const linked = linkedProbe ? readJsonDocument(linkedProbe) : null;
    return { wellKnown, pageWwwAuthenticate: www, linked, chosen: linked?.doc ? linked : wellKnown };
  });
}

/**
 * Metadata URLs of an issuer: RFC 8414 inserts the well-known segment before the issuer's path,
 * OpenID Connect Discovery appends it.
 */
export function issuerMetadataUrls(issuer: URL): { rfc8414: string; oidc: string } {
  const path = issuer.pathname.replace(/\/$/, '');
  return {
    rfc8414: `${issuer.origin}${AS_METADATA_PATH}${path}`,
    oidc: `${issuer.origin}${path}${OIDC_CONFIG_PATH}`,
  };
}

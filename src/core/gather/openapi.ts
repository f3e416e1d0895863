/**
 * The site's OpenAPI description, found once per scan and shared by A8 (the document itself),
 * M5 (MPP `x-payment-info` on operations) and M3 (payable endpoints to knock for 402s).
 * Advertised locations come first (the page's `Link: rel="service-desc"`, then the API catalog's
 * service-desc links), then the usual paths.
 */
import { parseYamlBounded } from './parsers.js';
import { NestingTooDeepError, parseJsonBounded } from './nesting.js';
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { bodyLooksLikeHtml, isFound, isObject, parseJson } from './classify.js';
import { parseLinkHeader } from './link-header.js';
// Same path and Accept as A1's gather, so the memoised fetch is shared (one request per scan).
import { API_CATALOG_OPTIONS, API_CATALOG_PATH } from './api-catalog.js';

export const OPENAPI_PATHS = ['/openapi.json', '/openapi.yaml', '/.well-known/openapi.json', '/swagger.json', '/api/openapi.json'];
export const OPENAPI_ACCEPT = 'application/openapi+json, application/json, application/openapi+yaml;q=0.9, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.1';
/** OpenAPI documents are often several MiB (large public APIs); bounded all the same. */
export const OPENAPI_MAX_BYTES = 4 * 1024 * 1024;
/** Advertised links tried at most (a hostile Link header may list hundreds). */
const MAX_ADVERTISED = 3;

export type OpenApiSource = 'link-header' | 'api-catalog' | 'well-known-path';

export interface OpenApiCandidate {
  url: string;
  source: OpenApiSource;
}

export interface OpenApiDocument {
  url: string;
  source: OpenApiSource;
  probe: FetchResult;
  doc: Record<string, unknown>;
  format: 'json' | 'yaml';
  /** `openapi` value ("3.1.0") or "2.0" for Swagger. */
  version: string;
  family: 'OpenAPI 3' | 'Swagger 2.0' | 'unknown';
  /** Number of path items (0 when `paths` is missing or empty). */
  pathCount: number;
}

/** What is wrong with a candidate, as data (A8 words it): one of these, or two (a version and paths). */
export type OpenApiIssue =
  | { kind: 'unparsable'; error: string; capMiB?: number }
  | { kind: 'not-openapi' }
  | { kind: 'unsupported-version'; version: string }
  /** `paths` absent or empty; `optional`: the 3.1+ document may omit it, but then describes no operation. */
  | { kind: 'no-paths' | 'empty-paths'; optional: boolean };

export interface OpenApiProblem {
  url: string;
  source: OpenApiSource;
  issues: OpenApiIssue[];
}

export interface OpenApiArtifact {
  candidates: OpenApiCandidate[];
  /** Every probe made, in candidate order. */
  probes: FetchResult[];
  /** The first usable description (valid version and non-empty paths), else the first defective one. */
  found: OpenApiDocument | null;
  /** Candidates that answered with something that is not a usable OpenAPI description. */
  problems: OpenApiProblem[];
}

/** `rel="service-desc"` http(s) targets of a Link header, resolved against `base`. */
export function serviceDescLinks(linkHeader: string | undefined, base: string): string[] {
  return parseLinkHeader(linkHeader, base)
    .filter((l) => l.rels.includes('service-desc') && l.target && /^https?:/i.test(l.target))
    .map((l) => l.target!);
}

/** `service-desc` targets listed in an RFC 9727 API catalog (a Linkset), resolved against it. */
export function catalogServiceDescs(catalog: FetchResult): string[] {
  if (!isFound(catalog)) return [];
  const parsed = parseJson(catalog);
  if (!parsed.ok || !isObject(parsed.value) || !Array.isArray(parsed.value.linkset)) return [];
  const out: string[] = [];
  for (const entry of parsed.value.linkset.slice(0, 100)) {
    if (!isObject(entry)) continue;
    const targets = Array.isArray(entry['service-desc']) ? entry['service-desc'] : [entry['service-desc']];
    for (const t of targets) {
      const href = typeof t === 'string' ? t : isObject(t) && typeof t.href === 'string' ? t.href : null;
      if (!href) continue;
      try {
        const u = new URL(href, catalog.url);
        if (u.protocol === 'http:' || u.protocol === 'https:') out.push(u.href);
      } catch {
        // Unresolvable targets are skipped.
      }
    }
  }
  return out;
}

type Parsed = { ok: true; value: unknown; format: 'json' | 'yaml' } | { ok: false; error: string };

/** JSON first; YAML when the type or extension says so, or the text reads like a YAML OpenAPI file. */
export function parseOpenApiText(res: FetchResult): Parsed {
  const text = res.text.replace(/^\uFEFF/, '');
  const yamlish = /yaml/.test(res.contentType ?? '') || /\.ya?ml($|\?)/i.test(res.requestedUrl) || /^\s*(openapi|swagger)\s*:/m.test(text.slice(0, 4000));
  try {
    return { ok: true, value: parseJsonBounded(text), format: 'json' };
  } catch (e) {
    if (e instanceof NestingTooDeepError) return { ok: false, error: `not readable JSON (${e.message})` };
    if (!yamlish) return { ok: false, error: `not JSON (${(e as Error).message.slice(0, 120)})` };
  }
  try {
    // yaml caps alias expansion by default (billion-laughs safe).
    return { ok: true, value: parseYamlBounded(text, 100), format: 'yaml' };
  } catch (e) {
    return { ok: false, error: `not valid YAML (${(e as Error).message.split('\n')[0].slice(0, 120)})` };
  }
}

/**
 * Reads one candidate. `document` is set when it is an OpenAPI/Swagger object (maybe defective);
 * `issues` say what is wrong; both null/undefined means "nothing here".
 */
export function readOpenApi(res: FetchResult, candidate: OpenApiCandidate): { document: OpenApiDocument | null; issues?: OpenApiIssue[] } {
  if (!isFound(res)) return { document: null };
  if (bodyLooksLikeHtml(res.text)) return { document: null };
  const parsed = parseOpenApiText(res);
  const advertised = candidate.source !== 'well-known-path';
  const cap = res.truncated ? { capMiB: OPENAPI_MAX_BYTES / 1024 / 1024 } : {};
  if (!parsed.ok) {
    // At a guessed path only a JSON/YAML-typed answer is an attempt; anything advertised counts.
    const typed = /json|yaml/.test(res.contentType ?? '');
    return { document: null, ...(advertised || typed ? { issues: [{ kind: 'unparsable' as const, error: parsed.error, ...cap }] } : {}) };
  }
  const v = parsed.value;
  if (!isObject(v) || (typeof v.openapi !== 'string' && v.swagger === undefined)) {
    return { document: null, ...(advertised ? { issues: [{ kind: 'not-openapi' as const }] } : {}) };
  }
  const version = typeof v.openapi === 'string' ? v.openapi : String(v.swagger);
  const family = /^3\.\d+(\.\d+)?/.test(version) && typeof v.openapi === 'string' ? 'OpenAPI 3' : version === '2.0' ? 'Swagger 2.0' : 'unknown';
  const pathCount = isObject(v.paths) ? Object.keys(v.paths).length : 0;
  const doc: OpenApiDocument = { url: res.requestedUrl, source: candidate.source, probe: res, doc: v, format: parsed.format, version, family, pathCount };
  const problems: OpenApiIssue[] = [];
  if (family === 'unknown') problems.push({ kind: 'unsupported-version', version });
  // OpenAPI 3.1+ documents may hold only components or webhooks (valid, but nothing an agent can call).
  const pathsOptional = family === 'OpenAPI 3' && !/^3\.0(\.|$)/.test(version);
  if (!pathCount) problems.push({ kind: isObject(v.paths) ? 'empty-paths' : 'no-paths', optional: pathsOptional });
  return { document: doc, ...(problems.length ? { issues: problems } : {}) };
}

/** Builds the artifact from candidates and their probes (pure: unit tests call it directly). */
export function openApiFromProbes(candidates: OpenApiCandidate[], probes: FetchResult[]): OpenApiArtifact {
  let usable = null as OpenApiDocument | null;
  let defective = null as OpenApiDocument | null;
  const problems: OpenApiProblem[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i];
    const res = probes[i];
    if (!res) continue;
    const { document, issues } = readOpenApi(res, c);
    if (issues) problems.push({ url: c.url, source: c.source, issues });
    if (document && !issues && !usable) usable = document;
    if (document && issues && !defective) defective = document;
  }
  return { candidates, probes, found: usable ?? defective, problems };
}

/** Candidate URLs in priority order, deduplicated; advertised links are capped. */
export function openApiCandidates(origin: string, linkTargets: string[], catalogTargets: string[]): OpenApiCandidate[] {
  const seen = new Set<string>();
  const out: OpenApiCandidate[] = [];
  const add = (url: string, source: OpenApiSource) => {
    if (seen.has(url)) return;
    seen.add(url);
    out.push({ url, source });
  };
  linkTargets.slice(0, MAX_ADVERTISED).forEach((u) => add(u, 'link-header'));
  catalogTargets.slice(0, MAX_ADVERTISED).forEach((u) => add(u, 'api-catalog'));
  OPENAPI_PATHS.forEach((p) => add(new URL(p, origin).href, 'well-known-path'));
  return out;
}

/**
 * The OpenAPI description of the scanned origin, memoised per scan under "openapi". Advertised
 * candidates are fetched first; the guessed paths only when none of them is usable. Each group is
 * fetched in parallel to keep the scan's round trips low.
 */
export function openApiDoc(ctx: GatherContext): Promise<OpenApiArtifact> {
  return ctx.memo('openapi', async () => {
    const links = serviceDescLinks(ctx.page().headers.link, ctx.page().url);
    const get = (c: OpenApiCandidate) => ctx.fetch(c.url, { accept: OPENAPI_ACCEPT, maxBytes: OPENAPI_MAX_BYTES });
    // Targets the page advertises are requested now, beside the catalog (requests are memoised).
    for (const c of openApiCandidates(ctx.origin, links, []).filter((x) => x.source === 'link-header')) void get(c);
    const catalog = await ctx.fetch(API_CATALOG_PATH, API_CATALOG_OPTIONS);
    const catalogTargets = catalogServiceDescs(catalog);
    const candidates = openApiCandidates(ctx.origin, links, catalogTargets);
    const advertised = candidates.filter((c) => c.source !== 'well-known-path');
    const guessed = candidates.filter((c) => c.source === 'well-known-path');
    const first = await Promise.all(advertised.map(get));
    const early = openApiFromProbes(advertised, first);
    if (early.found && !early.problems.some((p) => p.url === early.found!.url)) return early;
    const rest = await Promise.all(guessed.map(get));
    return openApiFromProbes(candidates, [...first, ...rest]);
  });
}

/** HTTP methods that are operations in a path item (`query`, RFC 10008's QUERY, since OpenAPI 3.2). */
export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

export interface OpenApiOperation {
  path: string;
  /** A fixed field's name (lower case), or an OpenAPI 3.2 `additionalOperations` key as written (e.g. "COPY"). */
  method: string;
  operation: Record<string, unknown>;
}

/** An HTTP method token (RFC 9110 §9.1: a token), so a hostile key cannot pose as one. */
const METHOD_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/;
const FIXED = new Set<string>(OPERATION_METHODS);

/**
 * Every operation of a document, bounded (hostile documents may list thousands): the fixed method
 * fields, then OpenAPI 3.2's `additionalOperations` map (keys are the method as sent; entries that
 * repeat a fixed field's method are not allowed by the spec and skipped).
 */
export function openApiOperations(doc: Record<string, unknown>, max = 2000): OpenApiOperation[] {
  const out: OpenApiOperation[] = [];
  if (!isObject(doc.paths)) return out;
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    for (const method of OPERATION_METHODS) {
      const op = item[method];
      if (isObject(op)) out.push({ path, method, operation: op });
      if (out.length >= max) return out;
    }
    if (!isObject(item.additionalOperations)) continue;
    for (const [method, op] of Object.entries(item.additionalOperations)) {
      if (!isObject(op) || !METHOD_TOKEN.test(method) || FIXED.has(method.toLowerCase())) continue;
      out.push({ path, method, operation: op });
      if (out.length >= max) return out;
    }
  }
  return out;
}

/** Base URL of the API: first `servers[].url` (OpenAPI 3) or host+basePath (Swagger 2), resolved against the document URL. */
export function openApiBaseUrl(found: Pick<OpenApiDocument, 'doc' | 'url'>): string {
  const { doc, url } = found;
  try {
    if (Array.isArray(doc.servers) && isObject(doc.servers[0]) && typeof doc.servers[0].url === 'string') {
      const base = new URL(doc.servers[0].url.replace(/\{[^}]*\}/g, ''), url).href;
      return base.endsWith('/') ? base : `${base}/`;
    }
    if (typeof doc.host === 'string') {
      const scheme = Array.isArray(doc.schemes) && doc.schemes.includes('https') ? 'https' : new URL(url).protocol.replace(':', '');
      const basePath = typeof doc.basePath === 'string' ? doc.basePath : '/';
      const base = new URL(`${scheme}://${doc.host}${basePath}`).href;
      return base.endsWith('/') ? base : `${base}/`;
    }
  } catch {
    // Fall through to the document's origin.
  }
  return new URL('/', url).href;
}

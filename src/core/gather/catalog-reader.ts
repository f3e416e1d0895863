/**
 * The one reader of the site's agent catalogs, once per scan (issue 27): every location of
 * ai-catalog.ts's catalogCandidates (ARD's names, then the AI Catalog's, then the removed MCP
 * Catalog's) is asked, each answer is parsed once, and every entry is typed by its media type, so
 * each check takes its own: A4 the MCP server-card entries, A5 the A2A agent-card entries, A6 the
 * agent-skills entries, A10 the catalog as a whole. This module returns artifacts only; the checks
 * turn them into verdicts and codes.
 */
import type { FetchResult } from '../net/http.js';
import { excerpt, isFound, isObject, parseJson, type JsonDocumentProblem } from './classify.js';
import type { GatherContext } from './context.js';
import { parseLinkHeader } from './link-header.js';
import { servedBySite } from './live-scope.js';
import {
  A2A_CARD_MEDIA_TYPE,
  AI_CATALOG_OPTIONS,
  ARD_REL,
  LEGACY_REL,
  MCP_CARD_MEDIA_TYPE,
  MCP_CATALOG_OPTIONS,
  agentmapOf,
  catalogCandidates,
  lighthouseShippedUrl,
  resolveCatalogHref,
  type CatalogCandidate,
  type CatalogSignals,
} from './ai-catalog.js';

/** What an entry's `type` names, for the check that reads it (null: no type). */
export type EntryKind = 'mcp-server-card' | 'a2a-agent-card' | 'agent-skills' | 'other';

/** Entries read per catalog: a catalog of thousands is judged on its first ones. */
export const MAX_CATALOG_ENTRIES = 500;

export interface CatalogEntry {
  index: number;
  identifier: string | null;
  displayName: string | null;
  /** The `type` member as written (trimmed). */
  type: string | null;
  kind: EntryKind | null;
  /** The `url` member is present (whatever its value). */
  hasUrl: boolean;
  /** The `data` member is present (whatever its value). */
  hasData: boolean;
  /** `url` resolved against the catalog's URL, when it is an http(s) URL. */
  url: string | null;
  /** `data` when it is a JSON object (an inline artifact). */
  data: Record<string, unknown> | null;
  /** Length of `representativeQueries` when it is an array, else null. */
  queries: number | null;
  /** The older MCP Catalog's `mediaType` member, present instead of (or beside) `type`. */
  mediaType: string | null;
}

export interface CatalogDocument {
  at: CatalogCandidate;
  probe: FetchResult;
  /** The answer is a JSON object. */
  ok: boolean;
  /** Why an answer is not a catalog (not JSON, not an object). */
  problem?: JsonDocumentProblem;
  /** A well-known location answered through a redirect to another site: it speaks for nobody here. */
  offSite: boolean;
  specVersion: string | null;
  /** A top-level `version` (older AI Card catalogs name their version so). */
  version: string | null;
  /** The `host` member: present (an object), and its displayName / identifier. */
  host: { displayName: string | null; identifier: string | null } | null;
  /** `entries` is an array, and its length (entries holds the first MAX_CATALOG_ENTRIES objects read). */
  entriesArray: boolean;
  entryCount: number;
  entries: CatalogEntry[];
  /** Length of an AI Card catalog's `agents[]`, when present. */
  agentCount: number;
}

export interface AgentCatalogArtifact {
  signals: CatalogSignals;
  /** Every location, in the order they are read. */
  candidates: CatalogCandidate[];
  /** The answer of each candidate, same order. */
  probes: FetchResult[];
  /** The candidates that answered with a document (2xx, not a soft 404), same order. */
  documents: CatalogDocument[];
  /** The one URL Lighthouse's ARD gatherer (branches only) reads, and whether a catalog answered there. */
  lighthouse: { url: string; found: boolean };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function httpUrl(v: unknown, base: string): string | null {
  if (typeof v !== 'string' || !v.trim()) return null;
  try {
    const u = new URL(v.trim(), base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The kind of artifact a media type names (parameters ignored, but for the skills profile). */
export function entryKind(type: string | null): EntryKind | null {
  if (!type) return null;
  const t = type.toLowerCase().replace(/\s+/g, '');
  const bare = t.split(';')[0];
  // application/mcp-server+json: the MCP Catalog's media type before the draft renamed it (commit 877e626).
  if (bare === MCP_CARD_MEDIA_TYPE || bare === 'application/mcp-server+json') return 'mcp-server-card';
  if (bare === A2A_CARD_MEDIA_TYPE) return 'a2a-agent-card';
  if (/^application\/(agent-skills|ai-skill)\+/.test(bare) || t.includes('profile="urn:air:agent-skills"')) return 'agent-skills';
  return 'other';
}

function readEntry(e: Record<string, unknown>, index: number, base: string): CatalogEntry {
  const type = str(e.type);
  return {
    index,
    identifier: str(e.identifier),
    displayName: str(e.displayName),
    type,
    kind: entryKind(type ?? str(e.mediaType)),
    hasUrl: e.url !== undefined,
    hasData: e.data !== undefined,
    url: httpUrl(e.url, base),
    data: isObject(e.data) ? e.data : null,
    queries: Array.isArray(e.representativeQueries) ? e.representativeQueries.length : null,
    mediaType: str(e.mediaType),
  };
}

/** Reads one answer of one location (pure). */
export function readCatalogDocument(probe: FetchResult, at: CatalogCandidate, origin: string): CatalogDocument {
  const doc: CatalogDocument = {
    at,
    probe,
    ok: false,
    offSite: at.via === 'well-known' && !servedBySite(probe, origin),
    specVersion: null,
    version: null,
    host: null,
    entriesArray: false,
    entryCount: 0,
    entries: [],
    agentCount: 0,
  };
  const parsed = parseJson(probe);
  if (!parsed.ok) return { ...doc, problem: { kind: 'not-json', error: excerpt(parsed.error, 80) } };
  if (!isObject(parsed.value)) return { ...doc, problem: { kind: 'not-object' } };
  const v = parsed.value;
  const entries = Array.isArray(v.entries) ? v.entries : [];
  return {
    ...doc,
    ok: true,
    specVersion: str(v.specVersion),
    version: str(v.version),
    host: isObject(v.host) ? { displayName: str(v.host.displayName), identifier: str(v.host.identifier) } : null,
    entriesArray: Array.isArray(v.entries),
    entryCount: entries.length,
    entries: entries.slice(0, MAX_CATALOG_ENTRIES).flatMap((e, i) => (isObject(e) ? [readEntry(e, i, probe.url)] : [])),
    agentCount: Array.isArray(v.agents) ? v.agents.length : 0,
  };
}

/** Where the page and robots.txt name a catalog (ARD §5.1 and its predecessor's relation). */
export async function catalogSignals(ctx: GatherContext): Promise<CatalogSignals> {
  const [robots, $] = await Promise.all([ctx.robots(), ctx.html()]);
  const page = ctx.page();
  const links = parseLinkHeader(page.headers.link, page.url);
  const header = (rel: string) => links.find((l) => l.rels.includes(rel) && l.target)?.target ?? null;
  const element = (rel: string) => ($ ? resolveCatalogHref($(`link[rel~="${rel}" i][href]`).first().attr('href'), page.url) : null);
  return {
    agentmap: robots.found ? agentmapOf(robots.text, robots.probe.url) : null,
    htmlLink: element(ARD_REL),
    linkHeader: header(ARD_REL),
    legacyHtmlLink: element(LEGACY_REL),
    legacyLinkHeader: header(LEGACY_REL),
  };
}

/** The request options of a location: the MCP Catalog keeps the request the prefetch sends. */
export const optionsOf = (c: CatalogCandidate) => (c.name === 'mcp-catalog' ? MCP_CATALOG_OPTIONS : AI_CATALOG_OPTIONS);

/** Reads every location (pure but for `fetch`): the well-known ones went out with the page. */
export async function readCatalogs(
  signals: CatalogSignals,
  origin: string,
  fetch: (c: CatalogCandidate) => Promise<FetchResult>,
): Promise<AgentCatalogArtifact> {
  const candidates = catalogCandidates(signals, origin);
  const probes = await Promise.all(candidates.map(fetch));
  const documents = candidates.flatMap((at, i) => (isFound(probes[i]) ? [readCatalogDocument(probes[i], at, origin)] : []));
  const lhUrl = lighthouseShippedUrl(signals, origin);
  const lhIndex = candidates.findIndex((c) => c.url === lhUrl);
  return { signals, candidates, probes, documents, lighthouse: { url: lhUrl, found: lhIndex >= 0 && isFound(probes[lhIndex]) } };
}

const AGENT_CATALOG_MEMO = 'agent-catalog';

/** The site's catalogs, read once per scan whoever asks (A4, A5, A6, A10, the live MCP probe). */
export function agentCatalog(ctx: GatherContext): Promise<AgentCatalogArtifact> {
  return ctx.memo(AGENT_CATALOG_MEMO, async () => readCatalogs(await catalogSignals(ctx), ctx.origin, (c) => ctx.fetch(c.url, optionsOf(c))));
}

/** Entries of one kind, from every catalog this site speaks for, in reading order, each with its catalog. */
export function entriesOf(artifact: AgentCatalogArtifact | null | undefined, kind: EntryKind): Array<{ entry: CatalogEntry; document: CatalogDocument }> {
  return (artifact?.documents ?? [])
    .filter((d) => d.ok && !d.offSite)
    .flatMap((document) => document.entries.filter((e) => e.kind === kind).map((entry) => ({ entry, document })));
}

/** The first URL an entry of this kind names on any catalog (A5, A6: their document found through a catalog). */
export function firstEntryUrl(artifact: AgentCatalogArtifact | null | undefined, kind: EntryKind): string | null {
  return entriesOf(artifact, kind).find(({ entry }) => entry.url)?.entry.url ?? null;
}

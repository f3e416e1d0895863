/**
 * A10 AI catalog, in either of its two live shapes, the AI Card catalog (`host`, `agents[]`
 * pointing at cards) and the Agentic Resource Discovery manifest (`host{displayName, identifier}`,
 * `entries[]`). Found where ARD v0.91 (§5.1) and Lighthouse's documented audit look: robots.txt
 * `Agentmap:`, `<link rel="ard">`, a `Link: <…>; rel="ard"` header, /.well-known/ard.json; then the
 * predecessor names (`rel="ai-catalog"`, /.well-known/ai-catalog.json), which Lighthouse's ARD
 * gatherer (on branches only: not on main f8eac394 nor in v13.4.1) reads alone: the evidence says which readers find the catalog where.
 */
import { defineCheck, type SubFinding } from '../types.js';
import { renderFindings } from '../messages.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { excerpt, isFound, isObject, isSoft404, parseJson } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { pageHtmlStep, serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { PLACEHOLDER_DOMAIN, siteDomain } from '../../fixes/site.js';
import { agentCatalog } from '../../gather/catalog-reader.js';
import {
  A2A_CARD_MEDIA_TYPE,
  AI_CATALOG_MEDIA_TYPE,
  MCP_CARD_MEDIA_TYPE,
  ARD_DISCOVERY_TYPES,
  AIR_URN_RE,
  MEDIA_TYPE_RE,
  AI_CATALOG_PATH,
  ARD_PATH,
  ARD_REL,
  LEGACY_REL,
  type CatalogCandidate,
  type CatalogSignals,
  CATALOG_REQUESTS,
} from '../../gather/ai-catalog.js';
import { ROBOTS_REQUEST } from '../../gather/robots.js';

const SPEC = [
  'https://github.com/ards-project/ard-spec/blob/main/spec/ard.md',
  'https://github.com/Agent-Card/ai-card',
  'https://agenticresourcediscovery.org',
];
export { AI_CATALOG_PATH, ARD_PATH };
const URN_RE = AIR_URN_RE;

/** Who reads which location (ledger `aiCatalog`; docs/checks-capabilities-a6-a10-and-commerce.md). */
const READERS_NOTE =
  `ARD v0.91 consumers must read ${ARD_PATH} and rel="${ARD_REL}" and need not read the predecessor names; ` +
  `Lighthouse's documented audit reads those first and warns when only ${AI_CATALOG_PATH} or rel="${LEGACY_REL}" answers; ` +
  `Lighthouse's ARD gatherer, which exists only on branches (not on main f8eac394 nor in v13.4.1), reads only ` +
  `robots.txt Agentmap, rel="${LEGACY_REL}" and ${AI_CATALOG_PATH}`;

/** What a publisher at a predecessor location does next (an advisory, and the remediation's tail). */
const MOVE =
  `move it to ${ARD_PATH} (ARD v0.91 §5.1) and name it with <link rel="${ARD_REL}" href="${ARD_PATH}">; a copy left at ` +
  `${AI_CATALOG_PATH} must stay identical (MCP clients and Lighthouse's ARD gatherer, on branches only, read that one)`;

/**
 * Tools that contradict each other: Lighthouse's SEO robots-txt audit throws "Unknown directive" on
 * any line outside its safelist (GoogleChrome/lighthouse core/audits/seo/robots-txt.js, unchanged on
 * main since 83f1c6f of 2026-06-18, read at f8eac39 of 2026-08-20: the safelist has content-signal,
 * not agentmap), while its agentic gatherer and ARD §5.1 read Agentmap.
 */
export const AGENTMAP_LIGHTHOUSE =
  `a robots.txt "Agentmap:" line fails Lighthouse's SEO robots-txt audit ("Unknown directive": its safelist, ` +
  `core/audits/seo/robots-txt.js at f8eac39, has content-signal but not agentmap); ` +
  `<link rel="${ARD_REL}" href="${ARD_PATH}"> in your pages, or a "Link: <${ARD_PATH}>; rel="${ARD_REL}"" ` +
  `response header, names the catalog to ARD readers without it`;

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A10/advertised-not-answering': '{location} names {url}, which did not answer with a catalog; readers that follow it (ARD consumers must) find nothing',
  'A10/advertised-not-answering-lighthouse':
    '{location} names {url}, which did not answer with a catalog; readers that follow it (Lighthouse does) find nothing',
  'A10/agentmap-only':
    `only robots.txt Agentmap names it: an ARD v0.91 consumer must read ${ARD_PATH} and rel="${ARD_REL}" (§5.1) and ` +
    `need not follow Agentmap; serve it at ${ARD_PATH} too, or name it with <link rel="${ARD_REL}">`,
  'A10/lighthouse-misses':
    `Lighthouse's ARD gatherer (core/gather/gatherers/agentic/ard.js, only on branches such as ` +
    `agentic-resource-discovery: not on main f8eac394 nor in v13.4.1) reads only {url} here (Agentmap, else ` +
    `rel="${LEGACY_REL}", else ${AI_CATALOG_PATH}) and finds no catalog there, though its docs page says the audit ` +
    `reads ${ARD_PATH} and rel="${ARD_REL}" first; the same file at ${AI_CATALOG_PATH} lets it find the catalog (a ` +
    `robots.txt Agentmap line would too, at the cost below)`,
  'A10/agentmap-lighthouse': AGENTMAP_LIGHTHOUSE,
  'A10/content-type': `served as {contentType} (application/json or ${AI_CATALOG_MEDIA_TYPE} expected)`,
  'A10/no-content-type': `served with no content type (application/json or ${AI_CATALOG_MEDIA_TYPE} expected)`,
  'A10/no-cors': 'no Access-Control-Allow-Origin: * (browser-based agents cannot read it)',
  'A10/no-spec-version':
    'no specVersion: ARD v0.91 does not require one (§5.1: members beside entries are transport-defined), the AI ' +
    'Catalog and Lighthouse\'s ARD port do ("specVersion": "1.0")',
  'A10/version-not-spec-version':
    'no specVersion (it has "version": "{version}"): ARD v0.91 does not require one (§5.1: members beside entries ' +
    'are transport-defined), the AI Catalog and Lighthouse\'s ARD port do ("specVersion": "1.0")',
  'A10/host-no-display-name': 'host has no displayName: the AI Catalog requires it when host is present; ARD v0.91 reads no host member',
  'A10/entry-not-object': 'entries[{index}] is not an object',
  'A10/entry-no-identifier': 'entries[{index}]: no identifier',
  'A10/entry-identifier-not-urn': 'entries[{index}]: identifier "{value}" is not urn:air:<fqdn>:<namespace>:<name>',
  'A10/entry-no-display-name': 'entries[{index}]: no displayName',
  'A10/entry-no-type': 'entries[{index}]: no type',
  'A10/entry-type-not-media-type':
    `entries[{index}]: type "{value}" is not a media type (${MCP_CARD_MEDIA_TYPE} for an MCP server card, ` + `${A2A_CARD_MEDIA_TYPE} for an A2A agent card)`,
  'A10/entry-type-not-discovery': 'entries[{index}]: type "{value}" is not one of ARD\'s discovery types (Lighthouse warns)',
  'A10/entry-url-or-data': 'entries[{index}]: needs exactly one of url and data',
  'A10/entry-url-not-absolute': 'entries[{index}]: url is not an absolute http(s) URL',
  'A10/entry-queries-count': 'entries[{index}]: representativeQueries should list 2-5 queries',
  'A10/agent-not-object': 'agents[{index}] is not an object',
  'A10/agent-no-card-url': 'agents[{index}] has no absolute cardUrl',
  'A10/display-name-ard-only':
    'displayName is required by ARD v0.91 §4.2 but optional in the AI Catalog and the MCP server-card draft (an ' +
    "entry need not repeat its artifact's name): ARD readers may drop those entries",
  'A10/legacy-incomplete': `found only at the predecessor location {location}: ${READERS_NOTE}; ${MOVE}`,
  'A10/legacy-move': `${MOVE[0].toUpperCase()}${MOVE.slice(1)}`,
} as const;
type A10Advisory = keyof typeof ADVISORIES;
type A10Note = SubFinding<A10Advisory>;

/** Sub-findings: each probe of A10/missing, and what A10/incomplete's catalog lacks. */
const FINDINGS = {
  'A10/not-found': '{seen:probe}',
  'A10/not-found-soft-404': '{seen:probe} (soft 404)',
  'A10/not-found-named': '{seen:probe} (named by {location})',
  'A10/not-found-named-soft-404': '{seen:probe} (soft 404) (named by {location})',
  'A10/lacks-member': '{member} on {lacking} of {total} entry(ies)',
  'A10/lacks-target': 'exactly one of url and data on {lacking} of {total} entry(ies)',
  'A10/lacks-entries': 'a non-empty entries[] (or agents[])',
  'A10/lacks-spec-version': 'specVersion',
  'A10/lacks-host': 'host',
} as const;
type A10Finding = SubFinding<keyof typeof FINDINGS>;

/** The catalog facts every outcome with a catalog starts with (catalogFacts gives its data). */
const FACTS =
  '{seen:probe} (found via {location}); specVersion "{specVersion}", version "{version}", host "{host}", ' + '{shape}: {agents} agent(s), {entries} entry(ies)';

export interface AiCatalogArtifact {
  probes: FetchResult[];
  /** How the catalog was looked for (absent: the probes alone, read by their paths, as in older tests). */
  discovery?: {
    signals: CatalogSignals;
    /** Every place the catalog could be read, in the order tried; probes holds the ones asked. */
    candidates: CatalogCandidate[];
    /** The one URL Lighthouse's ARD gatherer (branches only) reads, and whether a catalog answered there (null: not asked). */
    lighthouse?: { url: string; found: boolean | null };
  };
}

/** How a candidate location is named in the evidence: a token (the signal, or the well-known path). */
function label(c: Pick<CatalogCandidate, 'via' | 'legacy'>): string {
  const rel = c.legacy ? LEGACY_REL : ARD_REL;
  switch (c.via) {
    case 'robots-agentmap':
      return 'robots.txt Agentmap';
    case 'html-link':
      return `<link rel="${rel}">`;
    case 'link-header':
      return `Link header rel=${rel}`;
    default:
      return c.legacy ? AI_CATALOG_PATH : ARD_PATH;
  }
}

/** The candidate a probe answered for; without discovery, the well-known path it asked. */
function candidateOf(res: FetchResult, discovery: AiCatalogArtifact['discovery']): CatalogCandidate {
  const known = discovery?.candidates.find((c) => c.url === res.requestedUrl);
  if (known) return known;
  const legacy = !new URL(res.requestedUrl).pathname.endsWith(ARD_PATH);
  return { url: res.requestedUrl, via: 'well-known', legacy, name: legacy ? 'ai-catalog' : 'ard' };
}

/** The first answering probe in the order the candidates were tried. */
function located(probes: FetchResult[], discovery: AiCatalogArtifact['discovery']): { res: FetchResult; at: CatalogCandidate } | null {
  const order = discovery?.candidates.map((c) => c.url) ?? [];
  const rank = (p: FetchResult) => (order.includes(p.requestedUrl) ? order.indexOf(p.requestedUrl) : order.length);
  const res = probes.filter(isFound).sort((a, b) => rank(a) - rank(b))[0];
  return res ? { res, at: candidateOf(res, discovery) } : null;
}

/** Where the advertised locations and the readers disagree: advisories, never score. */
function discoveryAdvisories(probes: FetchResult[], discovery: AiCatalogArtifact['discovery'], at: CatalogCandidate): A10Note[] {
  if (!discovery) return [];
  const out: A10Note[] = [];
  const probeOf = (url: string) => probes.find((p) => p.requestedUrl === url);
  // A location a page or robots.txt advertises that does not answer: readers that follow it find nothing.
  for (const c of discovery.candidates) {
    if (c.url === at.url) break;
    const p = probeOf(c.url);
    if (c.via !== 'well-known' && p && !isFound(p)) {
      // Lighthouse follows Agentmap and the predecessor names; ARD v0.91 consumers must follow rel="ard".
      const lighthouse = c.via === 'robots-agentmap' || c.legacy;
      out.push({
        code: lighthouse ? 'A10/advertised-not-answering-lighthouse' : 'A10/advertised-not-answering',
        data: { location: label(c), url: excerpt(c.url, 100) },
      });
    }
  }
  if (at.legacy) return out;
  // ARD v0.91 §5.1 obliges consumers to read ard.json and rel="ard" only: Agentmap alone is not enough for them.
  const ardProbe = probeOf(discovery.candidates.find((c) => c.via === 'well-known' && !c.legacy)?.url ?? '');
  const namedByArdLink = discovery.signals.htmlLink === at.url || discovery.signals.linkHeader === at.url;
  if (at.via === 'robots-agentmap' && !namedByArdLink && ardProbe && !isFound(ardProbe)) {
    out.push({ code: 'A10/agentmap-only' });
  }
  const lh = discovery.lighthouse;
  if (lh && lh.found === false) {
    out.push({ code: 'A10/lighthouse-misses', data: { url: excerpt(lh.url, 100) } });
  }
  if (discovery.signals.agentmap) out.push({ code: 'A10/agentmap-lighthouse' });
  return out;
}

/**
 * Required members the ARD manifest's entries lack (spec/ard.md v0.91 §4.2, commit 04afa6cb0301:
 * identifier, displayName, type, exactly one of url and data). The manifest itself needs only
 * entries (§5.1: other top-level members are transport-defined; ArdManifest requires ["entries"]):
 * specVersion and host, with its displayName and identifier, are optional.
 */
function ardMissing(entries: unknown[]): A10Finding[] {
  const out: A10Finding[] = [];
  const objects = entries.filter(isObject);
  const total = entries.length;
  for (const member of ['identifier', 'displayName', 'type'] as const) {
    const lacking = objects.filter((e) => !str(e[member])).length;
    if (lacking) out.push({ code: 'A10/lacks-member', data: { member, lacking, total } });
  }
  const noTarget = objects.filter((e) => (e.url === undefined) === (e.data === undefined)).length;
  if (noTarget) out.push({ code: 'A10/lacks-target', data: { lacking: noTarget, total } });
  return out;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function isAbsoluteUrl(v: unknown): boolean {
  try {
    return typeof v === 'string' && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** What an ARD entry lacks or gets wrong (§4.2, and Lighthouse's warnings), as data. */
export type ArdEntryProblem =
  | { kind: 'no-identifier' | 'no-display-name' | 'no-type' | 'url-or-data' | 'url-not-absolute' | 'queries-count' }
  | { kind: 'identifier-not-urn' | 'type-not-media-type' | 'type-not-discovery'; value: string };

/** Problems of ARD entries (identifier urn, displayName, a media type as type, one of url/data, 2-5 queries), one per entry that has any. */
export function ardEntryProblems(entries: unknown[]): Array<{ index: number; problems: ArdEntryProblem[] | null }> {
  const out: Array<{ index: number; problems: ArdEntryProblem[] | null }> = [];
  entries.slice(0, 50).forEach((e, index) => {
    const p: ArdEntryProblem[] = [];
    if (!isObject(e)) {
      out.push({ index, problems: null });
      return;
    }
    if (!str(e.identifier)) p.push({ kind: 'no-identifier' });
    else if (!URN_RE.test(e.identifier as string)) p.push({ kind: 'identifier-not-urn', value: excerpt(String(e.identifier), 50) });
    if (!str(e.displayName)) p.push({ kind: 'no-display-name' });
    const type = str(e.type);
    if (!type) p.push({ kind: 'no-type' });
    else if (!MEDIA_TYPE_RE.test(type)) p.push({ kind: 'type-not-media-type', value: excerpt(type, 50) });
    else if (!ARD_DISCOVERY_TYPES.includes(type)) p.push({ kind: 'type-not-discovery', value: excerpt(type, 60) });
    const hasUrl = e.url !== undefined;
    const hasData = e.data !== undefined;
    if (hasUrl === hasData) p.push({ kind: 'url-or-data' });
    else if (hasUrl && !isAbsoluteUrl(e.url)) p.push({ kind: 'url-not-absolute' });
    const q = e.representativeQueries;
    if (!Array.isArray(q) || q.length < 2 || q.length > 5) p.push({ kind: 'queries-count' });
    if (p.length) out.push({ index, problems: p });
  });
  return out;
}

/** An entry's problems as advisories, one per problem (null problems: the entry is not an object). */
function entryAdvisories({ index, problems }: { index: number; problems: ArdEntryProblem[] | null }): A10Note[] {
  if (!problems) return [{ code: 'A10/entry-not-object', data: { index } }];
  return problems.map(({ kind, ...rest }) => ({ code: `A10/entry-${kind}` as const, data: { index, ...rest } }));
}

function agentProblems(agents: unknown[]): A10Note[] {
  const out: A10Note[] = [];
  agents.slice(0, 50).forEach((a, i) => {
    if (!isObject(a)) out.push({ code: 'A10/agent-not-object', data: { index: i } });
    else if (!isAbsoluteUrl(a.cardUrl) && !isObject(a.card)) out.push({ code: 'A10/agent-no-card-url', data: { index: i } });
  });
  return out;
}

/** A10/missing's sub-findings: each place asked, with how it was named when a signal named it. */
function notFoundFindings(probes: FetchResult[], discovery: AiCatalogArtifact['discovery'], origin: string): A10Finding[] {
  return probes.map((p) => {
    const c = discovery?.candidates.find((x) => x.url === p.requestedUrl);
    const seen = probeData(p, origin);
    const soft = isSoft404(p);
    if (!c || c.via === 'well-known') return { code: soft ? 'A10/not-found-soft-404' : 'A10/not-found', data: seen };
    return { code: soft ? 'A10/not-found-named-soft-404' : 'A10/not-found-named', data: { ...seen, location: label(c) } };
  });
}

/** The members a catalog reading gives (FACTS, the verdict and details read the same values). */
function readCatalog(doc: Record<string, unknown>) {
  const specVersion = str(doc.specVersion);
  const bareVersion = str(doc.version);
  const host = isObject(doc.host) ? doc.host : null;
  const hostDisplayName = host ? str(host.displayName) : null;
  const hostName = host ? (hostDisplayName ?? str(host.name) ?? str(host.identifier)) : null;
  const agents = Array.isArray(doc.agents) ? doc.agents : [];
  const entries = Array.isArray(doc.entries) ? doc.entries : [];
  const shapes = [agents.length && 'AI Card catalog', entries.length && 'ARD manifest'].filter(Boolean) as string[];
  return { specVersion, bareVersion, host, hostDisplayName, hostName, agents, entries, shapes };
}
type CatalogReading = ReturnType<typeof readCatalog>;

/** FACTS' data: the probe, where it was found and the catalog's members. */
function catalogFacts(res: FetchResult, at: CatalogCandidate, r: CatalogReading, origin: string) {
  return {
    ...probeData(res, origin),
    location: label(at),
    specVersion: r.specVersion ? excerpt(r.specVersion, 20) : '',
    version: r.bareVersion ? excerpt(r.bareVersion, 20) : '',
    host: r.hostName ? excerpt(r.hostName, 60) : '',
    shape: r.shapes.join(' + ') || 'none',
    agents: r.agents.length,
    entries: r.entries.length,
  };
}

/** Non-scoring notes on the catalog itself: media type, CORS, version, host, entries and agents. */
function catalogAdvisories(res: FetchResult, r: CatalogReading): A10Note[] {
  const out: A10Note[] = [];
  if (!res.contentType) out.push({ code: 'A10/no-content-type' });
  else if (res.contentType !== 'application/json' && res.contentType !== AI_CATALOG_MEDIA_TYPE) {
    out.push({ code: 'A10/content-type', data: { contentType: res.contentType } });
  }
  if (res.headers['access-control-allow-origin'] !== '*') out.push({ code: 'A10/no-cors' });
  // ARD v0.91 requires entries alone (§5.1); the AI Catalog and Lighthouse's ARD port (ai-catalog.schema.json) require specVersion: said, not scored.
  if (r.entries.length && !r.specVersion) {
    out.push(r.bareVersion ? { code: 'A10/version-not-spec-version', data: { version: excerpt(r.bareVersion, 20) } } : { code: 'A10/no-spec-version' });
  }
  if (r.host && !r.hostDisplayName) out.push({ code: 'A10/host-no-display-name' });
  out.push(...ardEntryProblems(r.entries).slice(0, 5).flatMap(entryAdvisories), ...agentProblems(r.agents).slice(0, 5));
  return out;
}

/** What the catalog lacks: an AI Card catalog (agents[]) keeps its own required members, a version and a host. */
function catalogMissing(r: CatalogReading): A10Finding[] {
  const out: A10Finding[] = [];
  if (!r.entries.length && r.agents.length) {
    if (!(r.specVersion ?? r.bareVersion)) out.push({ code: 'A10/lacks-spec-version' });
    if (!r.hostName) out.push({ code: 'A10/lacks-host' });
  }
  if (!r.shapes.length) out.push({ code: 'A10/lacks-entries' });
  if (r.entries.length) out.push(...ardMissing(r.entries));
  return out;
}

export const a10AiCatalog = defineCheck<AiCatalogArtifact>()({
  meta: {
    id: 'A10',
    name: 'AI catalog / ARD manifest',
    dimension: 'capabilities',
    requests: [...CATALOG_REQUESTS, ROBOTS_REQUEST],
    tier: 'bonus',
    weight: 1,
    // A content site is not marked down for an agent capability it does not run (not offered).
    contentProfile: 'offered',
    anchorKey: 'ard',
    specUrls: SPEC,
    standards: ['aiCatalog'],
    // ARD v0.91 names <link rel="ard">; Lighthouse's docs also follow a Link rel="ard" header (ledger: aiCatalog).
    offers: { resource: 'ardManifest', link: { rel: 'ard', defaultHref: '/.well-known/ard.json', label: 'the ARD manifest', onlyWhenFound: true } },
    summary:
      `An ARD manifest at ${ARD_PATH} (or named by robots.txt Agentmap, rel="${ARD_REL}"; the predecessor ` +
      `${AI_CATALOG_PATH} and rel="${LEGACY_REL}" still count, with a note) that is JSON with a non-empty entries[] ` +
      `whose entries carry identifier, displayName, type and exactly one of url and data (ARD v0.91 §4.2; specVersion ` +
      `and host are optional), or an AI Card catalog's agents[] with a version and host.`,
    why: 'One index of every agent, MCP server and API a host offers lets an agent discover all of them with a single request, whatever protocol each uses.',
    remediation:
      `Publish ${ARD_PATH} with one entry per agent or MCP server you expose (identifier, displayName, type, url), ` +
      `the same file at ${AI_CATALOG_PATH}, and name it with <link rel="${ARD_REL}">.`,
    remedies: {
      'A10/complete-catalog': 'Complete the catalog: add {add}.',
      'A10/complete-and-move': `Complete the catalog: add {add}; then ${MOVE}.`,
    },
    codes: {
      'A10/missing': 'no AI catalog at any advertised or well-known location',
      'A10/not-json': 'the catalog is not JSON',
      'A10/not-object': 'the catalog is JSON but not an object',
      'A10/incomplete':
        'partial: the catalog has no entries, or its entries lack required members (identifier, displayName, type, exactly one of url and data)',
      'A10/legacy-location':
        `a complete catalog found only at a predecessor location (${AI_CATALOG_PATH} or rel="${LEGACY_REL}"): ` +
        `Lighthouse's ARD gatherer (branches only) reads it, ARD v0.91 consumers need not (still pass)`,
      'A10/ok': 'a complete AI catalog at a current location (ARD v0.91)',
    },
    messages: {
      'A10/missing': 'No AI catalog: {findings}.',
      'A10/not-json': '{seen:probe}: not JSON ({error}). Starts: "{start}"',
      'A10/not-object': '{seen:probe}: JSON but not an object.',
      'A10/incomplete': `${FACTS}. Missing: {findings}.`,
      'A10/legacy-location': `${FACTS}. Found only at the predecessor location {legacy}: ${READERS_NOTE}.`,
      'A10/ok': `${FACTS}.`,
    },
    findings: FINDINGS,
    // The site's own words: its version strings and host name; the parser's message and the body's start.
    quoted: ['error', 'start', 'specVersion', 'version', 'host', 'value'],
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    // The scan's one catalog reading (catalog-reader.ts), without the MCP Catalog: it is no AI catalog.
    const read = await agentCatalog(ctx);
    const keep = read.candidates.map((c, i) => ({ c, p: read.probes[i] })).filter(({ c }) => c.name !== 'mcp-catalog');
    return { probes: keep.map(({ p }) => p), discovery: { signals: read.signals, candidates: keep.map(({ c }) => c), lighthouse: read.lighthouse } };
  },
  evaluate({ probes, discovery }, { origin }) {
    const hit = located(probes, discovery);
    if (!hit) return { status: 'fail', code: 'A10/missing', data: {}, findings: notFoundFindings(probes, discovery, origin), probes };
    const { res, at } = hit;
    const parsed = parseJson(res);
    if (!parsed.ok) {
      return { status: 'fail', code: 'A10/not-json', data: { ...probeData(res, origin), error: parsed.error, start: excerpt(res.text, 80) }, probes };
    }
    if (!isObject(parsed.value)) return { status: 'fail', code: 'A10/not-object', data: probeData(res, origin), probes };
    const r = readCatalog(parsed.value);
    const advisories: A10Note[] = [...discoveryAdvisories(probes, discovery, at), ...catalogAdvisories(res, r)];
    const missing = catalogMissing(r);
    const facts = catalogFacts(res, at, r, origin);
    const details = {
      url: res.url,
      via: at.via,
      legacy: at.legacy,
      specVersion: r.specVersion,
      version: r.bareVersion,
      host: r.hostName,
      agents: r.agents.length,
      entries: r.entries.length,
    };
    if (missing.some((m) => m.code === 'A10/lacks-member' && m.data?.member === 'displayName')) {
      advisories.push({ code: 'A10/display-name-ard-only' });
    }
    if (missing.length) {
      if (at.legacy) advisories.unshift({ code: 'A10/legacy-incomplete', data: { location: label(at) } });
      const add = renderFindings(FINDINGS, missing).join(', ');
      return {
        status: 'partial',
        code: 'A10/incomplete',
        data: facts,
        findings: missing,
        remedy: at.legacy ? 'A10/complete-and-move' : 'A10/complete-catalog',
        remedyData: { add },
        advisories,
        probes,
        details,
      };
    }
    const matched = `${r.shapes.join(' + ')}${r.specVersion ? ` ${r.specVersion}` : ''}`;
    if (at.legacy) {
      // Still a pass (docs: the predecessor is a MAY for consumers, a SHOULD-move for publishers); the move is the advisory.
      advisories.unshift({ code: 'A10/legacy-move' });
      return { status: 'pass', code: 'A10/legacy-location', data: { ...facts, legacy: label(at) }, matched, advisories, probes, details };
    }
    return { status: 'pass', code: 'A10/ok', data: facts, matched, advisories, probes, details };
  },
  fixGuide(fx) {
    const host = new URL(fx.origin).hostname;
    const domain = siteDomain(fx.origin) ?? PLACEHOLDER_DOMAIN;
    // List the MCP server card and A2A agent card the scan found (at their real URLs); a card the
    // scan looked for and did not find is left out, unless neither exists (then both are shown as
    // what to publish first).
    const mcp = fx.found?.mcpCard;
    const agent = fx.found?.agentCard;
    const none = mcp === null && agent === null;
    // Both cards are ARD entries typed by their media type (ard-spec §3.3); ARD's manifest schema
    // allows no other top-level member, so the AI Card `agents[]` would fail Lighthouse's audit.
    const mcpEntry = {
      identifier: `urn:air:${domain}:mcp:main`,
      displayName: `${host} MCP server`,
      type: MCP_CARD_MEDIA_TYPE,
      url: mcp ?? `${fx.origin}/mcp/server-card`,
      representativeQueries: ['check my order status', 'find a product by name'],
    };
    const agentEntry = {
      identifier: `urn:air:${domain}:agent:main`,
      displayName: `${host} agent`,
      type: A2A_CARD_MEDIA_TYPE,
      url: agent ?? `${fx.origin}/.well-known/agent-card.json`,
      representativeQueries: ['ask the store assistant a question', 'get help with my order'],
    };
    const catalog = {
      specVersion: '1.0',
      host: { displayName: host, identifier: domain },
      entries: [...(mcp !== null || none ? [mcpEntry] : []), ...(agent !== null || none ? [agentEntry] : [])],
    };
    const exists: FixStep = none
      ? {
          title: 'Publish the cards first',
          body:
            'This scan found no MCP server card (check A4) and no A2A agent card (A5): the catalog lists them, so publish ' +
            'what you serve first and keep only its entry.',
        }
      : {
          title: 'List only what exists',
          body: 'Keep one entry per MCP server, A2A agent or API you actually serve, each typed by its media type; remove the entries you do not need.',
        };
    const url = `${fx.origin}${ARD_PATH}`;
    // At most 6 steps (docs/platforms.md): serve (1-2), what to list, pointers, verify, spec.
    return [
      ...serveFileSteps(fx, {
        path: ARD_PATH,
        contentType: 'application/json',
        content: JSON.stringify(catalog, null, 2) + '\n',
        lang: 'json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The entries' names and representative queries are samples: the owner lists what exists.
        source: 'example',
      }),
      exists,
      pageHtmlStep(
        {
          title: 'Point readers to it',
          body:
            `ARD v0.91 readers look at ${ARD_PATH} and rel="${ARD_REL}": add the link element to your page head (or send the Link header). ` +
            `MCP clients (the server-card draft) and Lighthouse's ARD gatherer (on branches, not released) read ${AI_CATALOG_PATH} ` +
            `instead: serve the same file there too, as ${AI_CATALOG_MEDIA_TYPE}, and keep the two identical. ` +
            `A robots.txt "Agentmap: ${url}" line is a third way ARD names, but ${AGENTMAP_LIGHTHOUSE.replace(/^a robots\.txt "Agentmap:" line /, 'it ')}.`,
          code: `<link rel="${ARD_REL}" href="${ARD_PATH}">\n\nLink: <${ARD_PATH}>; rel="${ARD_REL}"`,
          lang: 'text',
        },
        { where: 'head', content: `<link rel="${ARD_REL}" href="${ARD_PATH}">`, source: 'example' },
      ),
      verifyStep(
        sh`curl -si ${url} | head -n 20\ncurl -si ${fx.origin}${AI_CATALOG_PATH} | head -n 20`,
        'Expect HTTP 200, application/json (ai-catalog.json: application/ai-catalog+json), Access-Control-Allow-Origin: *, and your entries.',
      ),
      specStep(SPEC),
    ];
  },
});

import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { excerpt, isFound, isObject, parseJson } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { checkLinks, isBrokenTarget, type LinkProbe } from '../../gather/link-check.js';
import { addHeaderSteps, serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { capabilityOrigin } from '../../fixes/capability.js';
import { isKnownRelation, isUri, isUriTemplate } from '../../gather/link-relations.js';

const SPEC = ['https://www.rfc-editor.org/rfc/rfc9727', 'https://www.rfc-editor.org/rfc/rfc9264'];
import { API_CATALOG_REQUEST, API_CATALOG_ACCEPT, API_CATALOG_OPTIONS, API_CATALOG_PATH } from '../../gather/api-catalog.js';
import { givenValue } from '../../fixes/owner-value-parse.js';

export { API_CATALOG_ACCEPT, API_CATALOG_PATH };
const PROFILE = 'https://www.rfc-editor.org/info/rfc9727';
const API_RELATIONS = ['item', 'service-desc', 'service-doc', 'service-meta', 'status'];

export interface ApiCatalogArtifact {
  get: FetchResult;
  head: FetchResult;
  /** The page's Link header, where any resource may advertise the catalog. */
  pageLink: string | null;
  /** HEAD probes of up to three same-origin API link targets of the catalog (absent: not checked). */
  targets?: LinkProbe[];
}

/** How many catalog link targets are checked (bounded: one HEAD each). */
const MAX_TARGET_CHECKS = 3;

/** Same-origin targets of the API relations, in catalog order. */
export function catalogApiTargets(value: unknown, catalogUrl: string): string[] {
  if (!isObject(value) || !Array.isArray(value.linkset)) return [];
  const origin = new URL(catalogUrl).origin;
  const out: string[] = [];
  for (const entry of value.linkset) {
    if (!isObject(entry)) continue;
    for (const rel of API_RELATIONS) {
      for (const href of targetsOf(entry[rel])) {
        try {
          const url = new URL(href, catalogUrl);
          if (url.origin === origin) out.push(url.href);
        } catch {
          // not a URL: inspectLinkset reports it
        }
      }
    }
  }
  return [...new Set(out)];
}

/** Whether a Link header value carries rel="api-catalog". */
export function hasApiCatalogRel(link: string | undefined | null): boolean {
  return !!link && /rel\s*=\s*"?[^";,]*(?<![\w-])api-catalog(?![\w-])/i.test(link);
}

interface LinksetFindings {
  entries: number;
  /** Entries without an absolute `anchor`. */
  anchorless: number;
  /** Entries whose anchor is a URI template (`{state}`): not a URI (RFC 3986 §3), so not an API endpoint either. */
  templated: string[];
  /** Entries anchored at a site's home page whose only link is a service-doc on that same site: a website, not an API. */
  siteOnly: string[];
  /** Entries linking to an API: an `item`, or an absolute anchor with service-desc/service-doc. */
  apiEntries: number;
  nested: number;
  relations: Set<string>;
  /** Relations neither registered nor URIs (RFC 8288 §2.1): readers ignore them. */
  unknownRelations: Set<string>;
  /** status links that point back at the catalog itself. */
  selfStatus: number;
  /** Entries that are not objects, or that have no link target, by their index. */
  problems: LinksetProblem[];
}

/** An entry of the linkset that carries nothing: its code (meta.findings) and index. */
export interface LinksetProblem {
  code: 'A1/entry-not-object' | 'A1/entry-no-targets';
  index: number;
}

function targetsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((t) => (typeof t === 'string' ? t : isObject(t) && typeof t.href === 'string' ? t.href : null)).filter((h): h is string => !!h);
}

/** Whether `anchor` is a host's home page and every service-doc target sits on that host. */
function documentsOnlyItself(anchor: URL, docs: string[]): boolean {
  if (anchor.pathname !== '/' || anchor.search) return false;
  return docs.every((d) => URL.canParse(d, anchor) && new URL(d, anchor).host === anchor.host);
}

export function inspectLinkset(linkset: unknown[], catalogUrl?: string): LinksetFindings {
  const f: LinksetFindings = {
    entries: linkset.length,
    anchorless: 0,
    templated: [],
    siteOnly: [],
    apiEntries: 0,
    nested: 0,
    relations: new Set(),
    unknownRelations: new Set(),
    selfStatus: 0,
    problems: [],
  };
  linkset.forEach((entry, i) => {
    if (!isObject(entry)) {
      f.problems.push({ code: 'A1/entry-not-object', index: i });
      return;
    }
    const anchor = typeof entry.anchor === 'string' ? entry.anchor : null;
    const templated = !!anchor && isUriTemplate(anchor);
    // RFC 9264 §4.2.2: the anchor is the link context, a URI; new URL() alone would accept `{state}`.
    const anchorUrl = anchor && !templated && isUri(anchor) && URL.canParse(anchor) ? new URL(anchor) : null;
    if (templated) f.templated.push(anchor);
    else if (!anchorUrl) f.anchorless++;
    const rels = Object.keys(entry).filter((k) => k !== 'anchor');
    for (const r of rels) {
      f.relations.add(r);
      if (!isKnownRelation(r)) f.unknownRelations.add(r);
    }
    const has = (r: string) => rels.includes(r) && targetsOf(entry[r]).length > 0;
    const siteOnly =
      !!anchorUrl &&
      has('service-doc') &&
      !['item', 'service-desc', 'service-meta', 'status'].some(has) &&
      documentsOnlyItself(anchorUrl, targetsOf(entry['service-doc']));
    if (siteOnly) f.siteOnly.push(anchor as string);
    if (has('item') || (anchorUrl && !siteOnly && (has('service-desc') || has('service-doc')))) f.apiEntries++;
    if (has('api-catalog')) f.nested++;
    if (catalogUrl && targetsOf(entry.status).some((t) => URL.canParse(t, catalogUrl) && new URL(t, catalogUrl).href === new URL(catalogUrl).href))
      f.selfStatus++;
    if (!rels.some((r) => targetsOf(entry[r]).length)) f.problems.push({ code: 'A1/entry-no-targets', index: i });
  });
  return f;
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A1/content-type': 'Served as {type}; RFC 9727 requires application/linkset+json.',
  'A1/no-content-type': 'Served without a content type; RFC 9727 requires application/linkset+json.',
  'A1/no-profile': `The content type lacks profile="${PROFILE}" (RFC 9727 SHOULD).`,
  'A1/head-without-link': `HEAD ${API_CATALOG_PATH} → {status} without Link: <…>; rel="api-catalog" (RFC 9727 §3 asks for it).`,
  'A1/page-not-linked': `The page does not advertise the catalog (Link: <${API_CATALOG_PATH}>; rel="api-catalog"), which also helps D3.`,
  'A1/no-known-relation': `No recognised relation (${API_RELATIONS.join(', ')}, api-catalog).`,
  'A1/templated-anchors':
    '{count} anchor(s) are URI templates (RFC 6570), not URIs (RFC 3986 §3; RFC 9264 §4.2.2 anchors are URIs): {anchors}. ' +
    "Name a concrete API base URL and leave the template to the API's description.",
  'A1/website-entries':
    "{anchors}: a host's home page whose only link is a service-doc on the same host, and nothing (service-desc, service-meta, status, item) " +
    'marks it as an API: as written it describes a website, not an API (RFC 9727 §4.1: the catalog MUST link to API endpoints). ' +
    'If it is an API root, add its service-desc.',
  'A1/unknown-relations':
    'Relation(s) {relations} neither registered (IANA Link Relation Types) nor a URI, as RFC 8288 §2.1.2 requires of an extension relation: ' +
    'readers ignore them.',
  'A1/self-status':
    "{count} status link(s) point back at the catalog itself, which says nothing of the API's status " +
    "(RFC 9727 Appendix A uses status for the API's own health resource).",
  'A1/nested-only': 'Only nested catalogs are listed; ai-ready does not follow them.',
  'A1/some-dead-links': 'Dead link target(s): {urls}.',
} as const;
type A1Advisory = keyof typeof ADVISORIES;

/** The parts of an outcome's text: which answer the probe got, why no entry is an API, the dead targets. */
const FINDINGS = {
  'A1/soft-404': 'an HTML page (soft 404)',
  'A1/absent': 'no API catalog',
  'A1/empty': 'the linkset is empty',
  'A1/anchorless': '{count} entry(ies) without an absolute anchor',
  'A1/website-only': 'nothing in the catalog is an API: {count} entry(ies) a home page documented only by its own pages (RFC 9727 §4.1)',
  'A1/templated-only': 'nothing in the catalog is an API: {count} anchor(s) are URI templates, not URIs (RFC 9727 §4.1)',
  'A1/no-api-links': 'no entry links to an API (item, or service-desc/service-doc)',
  'A1/entry-not-object': 'linkset[{index}] is not an object',
  'A1/entry-no-targets': 'linkset[{index}] has no link targets',
  'A1/dead-target': '{seen:probe}',
} as const;
type A1Finding = keyof typeof FINDINGS;

/** What the catalog holds, shared by the outcomes that parsed it. */
const FACTS = '{seen:probe}; {entries} linkset entry(ies), {apiEntries} linking to an API, {nested} nested catalog(s); relations: {relations}';

/** Why no entry of the catalog is an API: one finding, or one per kind of non-API entry. */
function whyNoApi(f: LinksetFindings): Array<SubFinding<A1Finding>> {
  if (!f.entries) return [{ code: 'A1/empty' }];
  if (f.anchorless) return [{ code: 'A1/anchorless', data: { count: f.anchorless } }];
  const out: Array<SubFinding<A1Finding>> = [];
  if (f.siteOnly.length) out.push({ code: 'A1/website-only', data: { count: f.siteOnly.length } });
  if (f.templated.length) out.push({ code: 'A1/templated-only', data: { count: f.templated.length } });
  return out.length ? out : [{ code: 'A1/no-api-links' }];
}

export const a1ApiCatalog = defineCheck<ApiCatalogArtifact>()({
  meta: {
    id: 'A1',
    name: 'API catalog (RFC 9727)',
    dimension: 'capabilities',
    requests: [API_CATALOG_REQUEST],
    tier: 'recommended',
    weight: 6,
    level: { rung: 4, arm: 'integrations' },
    anchorKey: 'apiCatalog',
    specUrls: SPEC,
    standards: ['rfc9727'],
    summary:
      `A Linkset (application/linkset+json) at ${API_CATALOG_PATH} listing the site's APIs ` +
      'with their OpenAPI description, docs and status links (RFC 9727).',
    why: 'Agents look for APIs in one well-known place; the catalog tells them which APIs exist and where their machine-readable descriptions are.',
    remediation: `Serve ${API_CATALOG_PATH} as application/linkset+json listing each API (anchor) with its service-desc (OpenAPI) and service-doc links.`,
    offers: {
      resource: 'apiCatalog',
      absentCodes: ['A1/not-json'],
      link: { rel: 'api-catalog', defaultHref: '/.well-known/api-catalog', label: 'the API catalog' },
    },
    profile: { appEvidence: 'API catalog found' },
    remedies: {
      'A1/wrap-in-linkset': 'Wrap the catalog in {"linkset": [ … ]} (RFC 9264 JSON format).',
      'A1/describe-each-api':
        'Give each linkset entry an absolute "anchor" (the API base URL, not the website) and a service-desc (its OpenAPI description) ' +
        'with service-doc links, or "item" links to the APIs.',
      'A1/point-at-live': 'Point the catalog at live resources: each service-desc, service-doc and status link must answer.',
    },
    codes: {
      'A1/missing': 'no API catalog at /.well-known/api-catalog (or an HTML page)',
      'A1/not-json': 'the catalog is not JSON',
      'A1/no-linkset': 'partial: JSON without a "linkset" array',
      'A1/no-api-entries':
        'partial: empty linkset, entries without an absolute anchor, or nothing in the catalog is an API (no item or service-desc/service-doc entry; ' +
        "a site's home page documented only by its own pages, or a URI-template anchor, is not one)",
      'A1/dead-links': 'partial: every checked link target is dead',
      'A1/ok': 'an RFC 9727 API catalog linking to live APIs',
    },
    messages: {
      'A1/missing': '{seen:probe}: {findings}.',
      'A1/not-json': '{seen:probe}: not JSON ({error}). Starts: "{start}"',
      'A1/no-linkset': '{seen:probe}: JSON without a "linkset" array. Starts: "{start}"',
      'A1/no-api-entries': `${FACTS}; {findings}.`,
      'A1/dead-links': `${FACTS}; every checked link target is dead: {findings}.`,
      'A1/ok': `${FACTS}.`,
    },
    findings: FINDINGS,
    // The parser's message, the catalog's opening, and relation names and anchors as the catalog wrote them.
    quoted: ['error', 'start', 'relations', 'anchors'],
    advisories: ADVISORIES,
    contentProfile: 'bonus',
  },
  async gather(ctx) {
    const headRequest = ctx.fetch(API_CATALOG_PATH, { accept: API_CATALOG_ACCEPT, method: 'HEAD' });
    const get = await ctx.fetch(API_CATALOG_PATH, API_CATALOG_OPTIONS);
    // Target checks follow the GET alone (the prefetched one): the HEAD is not on their path.
    const parsed = isFound(get) ? parseJson(get) : null;
    const targets = parsed?.ok ? await checkLinks(ctx, catalogApiTargets(parsed.value, get.url), MAX_TARGET_CHECKS) : [];
    return { get, head: await headRequest, pageLink: ctx.page().headers['link'] ?? null, targets };
  },
  evaluate({ get, head, pageLink, targets = [] }, ctx) {
    const probes = [get];
    const seen = probeData(get, ctx.origin);
    if (!isFound(get)) {
      const answer: A1Finding = get.status === 200 ? 'A1/soft-404' : 'A1/absent';
      return { status: 'fail', code: 'A1/missing', data: seen, findings: [{ code: answer }], probes };
    }
    const parsed = parseJson(get);
    if (!parsed.ok) return { status: 'fail', code: 'A1/not-json', data: { ...seen, error: parsed.error, start: excerpt(get.text, 80) }, probes };
    const advisories: Array<SubFinding<A1Advisory>> = [];
    const ct = get.headers['content-type'] ?? '';
    if (!get.contentType) advisories.push({ code: 'A1/no-content-type' });
    else if (get.contentType !== 'application/linkset+json') advisories.push({ code: 'A1/content-type', data: { type: get.contentType } });
    else if (!/profile\s*=\s*"?https:\/\/www\.rfc-editor\.org\/info\/rfc9727/i.test(ct)) advisories.push({ code: 'A1/no-profile' });
    if (!head.error && !hasApiCatalogRel(head.headers['link'])) advisories.push({ code: 'A1/head-without-link', data: { status: head.status ?? 'none' } });
    if (!hasApiCatalogRel(pageLink)) advisories.push({ code: 'A1/page-not-linked' });
    const value = parsed.value;
    if (!isObject(value) || !Array.isArray(value.linkset)) {
      return {
        status: 'partial',
        code: 'A1/no-linkset',
        data: { ...seen, start: excerpt(get.text, 80) },
        remedy: 'A1/wrap-in-linkset',
        advisories,
        probes,
      };
    }
    const f = inspectLinkset(value.linkset, get.url);
    const relations = [...f.relations].slice(0, 8).join(', ') || 'none';
    const facts = { ...seen, entries: f.entries, apiEntries: f.apiEntries, nested: f.nested, relations };
    const details = {
      entries: f.entries,
      apiEntries: f.apiEntries,
      nested: f.nested,
      relations: [...f.relations],
      templatedAnchors: f.templated.length,
      websiteEntries: f.siteOnly.length,
      unknownRelations: [...f.unknownRelations],
    };
    if (f.relations.size && ![...f.relations].some((r) => API_RELATIONS.includes(r) || r === 'api-catalog')) {
      advisories.push({ code: 'A1/no-known-relation' });
    }
    // RFC 9727 §4.1 (draft -08 = the RFC, ietf-wg-httpapi/api-catalog at 5601ec5): the catalog MUST link to API endpoints.
    const list = (xs: string[]) =>
      xs
        .slice(0, 3)
        .map((x) => `"${excerpt(x, 60)}"`)
        .join(', ') + (xs.length > 3 ? ', …' : '');
    if (f.templated.length) advisories.push({ code: 'A1/templated-anchors', data: { count: f.templated.length, anchors: list(f.templated) } });
    if (f.siteOnly.length) {
      advisories.push({ code: 'A1/website-entries', data: { anchors: list(f.siteOnly) } });
    }
    if (f.unknownRelations.size)
      advisories.push({
        code: 'A1/unknown-relations',
        data: {
          relations: [...f.unknownRelations]
            .slice(0, 5)
            .map((r) => `"${excerpt(r, 40)}"`)
            .join(', '),
        },
      });
    if (f.selfStatus) advisories.push({ code: 'A1/self-status', data: { count: f.selfStatus } });
    if (!f.entries || (!f.apiEntries && !f.nested) || f.anchorless) {
      return {
        status: 'partial',
        code: 'A1/no-api-entries',
        data: facts,
        findings: [...whyNoApi(f), ...f.problems.slice(0, 3).map((p) => ({ code: p.code, data: { index: p.index } }))],
        remedy: 'A1/describe-each-api',
        matched: 'RFC 9727 (Linkset RFC 9264)',
        advisories,
        probes,
        details,
      };
    }
    if (!f.apiEntries && f.nested) advisories.push({ code: 'A1/nested-only' });
    const dead = targets.filter((t) => isBrokenTarget(t.probe));
    if (targets.length && dead.length === targets.length) {
      return {
        status: 'partial',
        code: 'A1/dead-links',
        data: facts,
        findings: dead.map((t) => ({ code: 'A1/dead-target', data: probeData(t.probe, ctx.origin) })),
        remedy: 'A1/point-at-live',
        matched: 'RFC 9727 (Linkset RFC 9264)',
        advisories,
        probes: [get, ...dead.map((t) => t.probe)],
        details,
      };
    }
    if (dead.length) advisories.push({ code: 'A1/some-dead-links', data: { urls: dead.map((t) => t.url).join(', ') } });
    return { status: 'pass', code: 'A1/ok', data: facts, matched: 'RFC 9727 (Linkset RFC 9264)', advisories, probes, details };
  },
  fixGuide(fx) {
    // The owner's API base (validated http(s)): its OpenAPI description is expected at <base>/openapi.json,
    // which the check follows (a wrong guess shows as a dead link, never as a pass).
    const own = givenValue(fx, 'apiBaseUrl')?.replace(/\/+$/, '');
    const api = own ?? `${fx.origin}/api/v1`;
    const entry = own
      ? { anchor: api, 'service-desc': [{ href: `${api}/openapi.json`, type: 'application/openapi+json' }] }
      : {
          anchor: api,
          'service-desc': [{ href: `${api}/openapi.json`, type: 'application/openapi+json' }],
          'service-doc': [{ href: `${fx.origin}/docs/api`, type: 'text/html' }],
          status: [{ href: `${api}/health`, type: 'application/json' }],
        };
    const content = JSON.stringify({ linkset: [entry] }, null, 2);
    return [
      ...serveFileSteps(fx, {
        path: API_CATALOG_PATH,
        contentType: `application/linkset+json; profile="${PROFILE}"`,
        content,
        lang: 'json',
        headers: { Link: `<${API_CATALOG_PATH}>; rel="api-catalog"` },
        // The anchor, description and docs are the owner's API: the sample's /api/v1 links are placeholders.
        ...capabilityOrigin(fx, own ? 'owner' : null, ['apiBaseUrl']),
      }),
      ...addHeaderSteps(fx, { name: 'Link', value: `<${API_CATALOG_PATH}>; rel="api-catalog"`, ...capabilityOrigin(fx, own ? 'owner' : null, ['apiBaseUrl']) }),
      verifyStep(
        sh`curl -si -H 'Accept: application/linkset+json' ${fx.origin}${API_CATALOG_PATH} | head -n 20`,
        'Expect 200, Content-Type: application/linkset+json with the RFC 9727 profile, and a linkset whose entries link to your APIs.',
      ),
      specStep(SPEC),
    ];
  },
});

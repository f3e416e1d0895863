/**
 * A10 AI catalog, in either of its two live shapes, the AI Card catalog (`host`, `agents[]`
 * pointing at cards) and the Agentic Resource Discovery manifest (`host{displayName, identifier}`,
 * `entries[]`). Found the way Lighthouse's agentic gatherer looks for it: robots.txt `Agentmap:`,
 * `<link rel="ai-catalog">`, a `Link: <…>; rel=ai-catalog` header, then
 * /.well-known/ai-catalog.json; /.well-known/ard.json is read as a last fallback.
 */
import { defineCheck } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { describeProbe, excerpt, isFound, isObject, isSoft404, parseJson } from '../../gather/classify.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { PLACEHOLDER_DOMAIN, siteDomain } from '../../fixes/site.js';
import { MCP_CARD_MEDIA_TYPE } from '../../gather/mcp-catalog.js';
import { A2A_CARD_MEDIA_TYPE, ARD_DISCOVERY_TYPES, AIR_URN_RE, MEDIA_TYPE_RE, AI_CATALOG_OPTIONS, AI_CATALOG_PATH, ARD_PATH, agentmapOf, chooseCatalog, resolveCatalogHref, type CatalogSignal, type CatalogSignals } from '../../gather/ai-catalog.js';
import { parseLinkHeader } from '../../gather/link-header.js';

const SPEC = ['https://github.com/Agent-Card/ai-card', 'https://agenticresourcediscovery.org'];
export { AI_CATALOG_PATH, ARD_PATH };
const URN_RE = AIR_URN_RE;

export interface AiCatalogArtifact {
  probes: FetchResult[];
  /** How the catalog was looked for (absent: the well-known path alone, as in older tests). */
  discovery?: { signals: CatalogSignals; via: CatalogSignal; url: string };
}

const SIGNAL_TEXT: Record<CatalogSignal, string> = {
  'robots-agentmap': 'robots.txt Agentmap',
  'html-link': '<link rel="ai-catalog"> in the page',
  'link-header': 'the page\'s Link: rel=ai-catalog header',
  'well-known': AI_CATALOG_PATH,
};

/** Required members the ARD manifest lacks: host.displayName/identifier, and each entry's identifier, displayName, type, url or data. */
function ardMissing(host: Record<string, unknown> | null, entries: unknown[]): string[] {
  const out: string[] = [];
  if (host && !str(host.displayName)) out.push('host.displayName');
  if (host && !str(host.identifier)) out.push('host.identifier');
  const objects = entries.filter(isObject);
  for (const member of ['identifier', 'displayName', 'type'] as const) {
    const lacking = objects.filter((e) => !str(e[member])).length;
    if (lacking) out.push(`${member} on ${lacking} of ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`);
  }
  const noTarget = objects.filter((e) => e.url === undefined && e.data === undefined).length;
  if (noTarget) out.push(`url or data on ${noTarget} of ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`);
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

/** Problems of ARD entries (each: identifier urn, displayName, a media type as type, one of url/data, 2-5 queries). */
export function ardEntryProblems(entries: unknown[]): string[] {
  const out: string[] = [];
  entries.slice(0, 50).forEach((e, i) => {
    const p: string[] = [];
    if (!isObject(e)) {
      out.push(`entries[${i}] is not an object`);
      return;
    }
    if (!str(e.identifier)) p.push('no identifier');
    else if (!URN_RE.test(e.identifier as string)) p.push(`identifier "${excerpt(String(e.identifier), 50)}" is not urn:air:<fqdn>:<namespace>:<name>`);
    if (!str(e.displayName)) p.push('no displayName');
    const type = str(e.type);
    if (!type) p.push('no type');
    else if (!MEDIA_TYPE_RE.test(type)) p.push(`type "${excerpt(type, 50)}" is not a media type (${MCP_CARD_MEDIA_TYPE} for an MCP server card, ${A2A_CARD_MEDIA_TYPE} for an A2A agent card)`);
    else if (!ARD_DISCOVERY_TYPES.includes(type)) p.push(`type "${excerpt(type, 60)}" is not one of ARD's discovery types (Lighthouse warns)`);
    const hasUrl = e.url !== undefined;
    const hasData = e.data !== undefined;
    if (hasUrl === hasData) p.push('needs exactly one of url and data');
    else if (hasUrl && !isAbsoluteUrl(e.url)) p.push('url is not an absolute http(s) URL');
    const q = e.representativeQueries;
    if (!Array.isArray(q) || q.length < 2 || q.length > 5) p.push('representativeQueries should list 2-5 queries');
    if (p.length) out.push(`entries[${i}]: ${p.join(', ')}`);
  });
  return out;
}

function agentProblems(agents: unknown[]): string[] {
  const out: string[] = [];
  agents.slice(0, 50).forEach((a, i) => {
    if (!isObject(a)) out.push(`agents[${i}] is not an object`);
    else if (!isAbsoluteUrl(a.cardUrl) && !isObject(a.card)) out.push(`agents[${i}] has no absolute cardUrl`);
  });
  return out;
}

export const a10AiCatalog = defineCheck<AiCatalogArtifact>()({
  meta: {
    id: 'A10',
    name: 'AI catalog / ARD manifest',
    dimension: 'capabilities',
    tier: 'bonus',
    weight: 1,
    anchorKey: 'ard',
    specUrls: SPEC,
    standards: ['aiCatalog'],
    summary: `${AI_CATALOG_PATH} (fallback ${ARD_PATH}) is JSON with a spec version, a host and a non-empty agents[] (AI Card) or entries[] (Agentic Resource Discovery).`,
    why: 'One index of every agent, MCP server and API a host offers lets an agent discover all of them with a single request, whatever protocol each uses.',
    remediation: `Publish ${AI_CATALOG_PATH} with specVersion, host {displayName, identifier} and one entry per agent or MCP server you expose.`,
    codes: {
      'A10/missing': 'no AI catalog',
      'A10/not-json': 'the catalog is not JSON',
      'A10/not-object': 'the catalog is JSON but not an object',
      'A10/incomplete': 'partial: the catalog lacks required members',
      'A10/ok': 'a complete AI catalog',
    },
    messages: {
      'A10/missing': 'No AI catalog: {probes}.',
      'A10/not-json': '{seen}: not JSON ({error}). Starts: "{start}"',
      'A10/not-object': '{seen}: JSON but not an object.',
      'A10/incomplete': '{facts}. Missing: {missing}.',
      'A10/ok': '{facts}.',
    },
  },
  async gather(ctx) {
    // Lighthouse's order: robots.txt Agentmap, the page's link element, its Link header, the well-known path.
    const [robots, $] = await Promise.all([ctx.robots(), ctx.html()]);
    const page = ctx.page();
    const signals: CatalogSignals = {
      agentmap: robots.found ? agentmapOf(robots.text, robots.probe.url) : null,
      htmlLink: $ ? resolveCatalogHref($('link[rel~="ai-catalog" i][href]').first().attr('href'), page.url) : null,
      linkHeader: parseLinkHeader(page.headers.link, page.url).find((l) => l.rels.includes('ai-catalog') && l.target)?.target ?? null,
    };
    const chosen = chooseCatalog(signals, ctx.origin);
    const discovery = { signals, ...chosen };
    const probes: FetchResult[] = [];
    if (chosen.via !== 'well-known') {
      const pointed = await ctx.fetch(chosen.url, AI_CATALOG_OPTIONS);
      probes.push(pointed);
      if (isFound(pointed)) return { probes, discovery };
    }
    // The signal's URL did not answer (or there was none): the well-known path, then ard.json.
    const wellKnown = await ctx.fetch(AI_CATALOG_PATH, AI_CATALOG_OPTIONS);
    if (!probes.some((p) => p.requestedUrl === wellKnown.requestedUrl)) probes.push(wellKnown);
    if (isFound(wellKnown)) return { probes, discovery };
    return { probes: [...probes, await ctx.fetch(ARD_PATH, AI_CATALOG_OPTIONS)], discovery };
  },
  evaluate({ probes, discovery }, { origin }) {
    const res = probes.find(isFound);
    if (!res) {
      return {
        status: 'fail',
        code: 'A10/missing',
        data: { probes: probes.map((p) => `${describeProbe(p, origin)}${isSoft404(p) ? ' (soft 404)' : ''}`).join('; ') + (discovery && discovery.via !== 'well-known' ? ` (named by ${SIGNAL_TEXT[discovery.via]})` : '') },
        probes,
      };
    }
    // Which signal led to the catalog: the one whose URL answered.
    const via: CatalogSignal | 'ard' = res.requestedUrl.endsWith(ARD_PATH) ? 'ard' : discovery && res.requestedUrl === discovery.url ? discovery.via : 'well-known';
    const seen = describeProbe(res, origin);
    const parsed = parseJson(res);
    if (!parsed.ok) return { status: 'fail', code: 'A10/not-json', data: { seen, error: parsed.error, start: excerpt(res.text, 80) }, probes };
    if (!isObject(parsed.value)) return { status: 'fail', code: 'A10/not-object', data: { seen }, probes };
    const doc = parsed.value;
    const advisories: string[] = [];
    if (res.requestedUrl.endsWith(ARD_PATH)) advisories.push(`found at ${ARD_PATH}; agents and the reference scanner read ${AI_CATALOG_PATH}`);
    if (discovery && discovery.via !== 'well-known' && via !== discovery.via) {
      advisories.push(`${SIGNAL_TEXT[discovery.via]} names ${excerpt(discovery.url, 100)}, which did not answer with a catalog; readers that follow it (Lighthouse does) find nothing`);
    }
    if (via === 'well-known' && !discovery?.signals.agentmap && !discovery?.signals.htmlLink && !discovery?.signals.linkHeader && discovery) {
      advisories.push(`no robots.txt Agentmap, <link rel="ai-catalog"> or Link rel=ai-catalog names it; the well-known path is the last place Lighthouse looks`);
    }
    if (res.contentType !== 'application/json') advisories.push(`served as ${res.contentType ?? 'no content type'} (application/json expected)`);
    if (res.headers['access-control-allow-origin'] !== '*') advisories.push('no Access-Control-Allow-Origin: * (browser-based agents cannot read it)');

    const version = str(doc.specVersion) ?? str(doc.version);
    const host = isObject(doc.host) ? doc.host : null;
    const hostName = host ? (str(host.displayName) ?? str(host.name) ?? str(host.identifier)) : null;
    const agents = Array.isArray(doc.agents) ? doc.agents : [];
    const entries = Array.isArray(doc.entries) ? doc.entries : [];
    const shapes = [agents.length && `AI Card catalog (${agents.length} agent(s))`, entries.length && `ARD manifest (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'})`].filter(
      Boolean,
    ) as string[];
    if (!str(doc.specVersion) && version) advisories.push('uses `version`; both formats name it `specVersion`');
    advisories.push(...ardEntryProblems(entries).slice(0, 5), ...agentProblems(agents).slice(0, 5));

    const missing = [!version && 'specVersion', !hostName && 'host', !shapes.length && 'a non-empty agents[] or entries[]', ...(entries.length ? ardMissing(host, entries) : [])].filter(Boolean) as string[];
    const found = via === 'ard' ? ARD_PATH : SIGNAL_TEXT[via];
    const facts = `${seen} (found via ${found}); ${version ? `specVersion ${version}` : 'no specVersion'}, host ${hostName ? `"${excerpt(hostName, 60)}"` : 'missing'}, ${shapes.join(' + ') || 'no agents or entries'}`;
    const details = { url: res.url, via, version, host: hostName, agents: agents.length, entries: entries.length };
    if (missing.length) {
      return {
        status: 'partial',
        code: 'A10/incomplete',
        data: { facts, missing: missing.join(', ') },
        remediation: `Complete ${AI_CATALOG_PATH}: add ${missing.join(', ')}.`,
        advisories,
        probes,
        details,
      };
    }
    return { status: 'pass', code: 'A10/ok', data: { facts }, matched: `${shapes.map((s) => s.replace(/ \(.*\)$/, '')).join(' + ')} ${version}`, advisories, probes, details };
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
      url: mcp ?? `${fx.origin}/.well-known/mcp/server-card.json`,
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
      ? { title: 'Publish the cards first', body: 'This scan found no MCP server card (check A4) and no A2A agent card (A5): the catalog lists them, so publish what you serve first and keep only its entry.' }
      : { title: 'List only what exists', body: 'Keep one entry per MCP server, A2A agent or API you actually serve, each typed by its media type; remove the entries you do not need.' };
    return [
      ...serveFileSteps(fx, {
        path: AI_CATALOG_PATH,
        contentType: 'application/json',
        content: JSON.stringify(catalog, null, 2) + '\n',
        lang: 'json',
        headers: { 'Access-Control-Allow-Origin': '*' },
      }),
      exists,
      {
        title: 'Point readers to it',
        body: 'Lighthouse\'s agentic audit looks for the catalog in this order: a robots.txt Agentmap line, a <link rel="ai-catalog"> in the page, a Link header with rel=ai-catalog, then the well-known path. Name it in robots.txt (and, if you like, in the page head):',
        code: `Agentmap: ${fx.origin}${AI_CATALOG_PATH}\n\n<link rel="ai-catalog" href="${AI_CATALOG_PATH}">`,
        lang: 'text',
      },
      verifyStep(`curl -si ${fx.origin}${AI_CATALOG_PATH} | head -n 20`, 'Expect HTTP 200, application/json, Access-Control-Allow-Origin: *, and your entries.'),
      specStep(SPEC),
    ];
  },
});

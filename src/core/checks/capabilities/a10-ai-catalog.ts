/**
 * A10 AI catalog: /.well-known/ai-catalog.json in either of its two live shapes, the AI Card
 * catalog (`host`, `agents[]` pointing at cards) and the Agentic Resource Discovery manifest
 * (`host{displayName, identifier}`, `entries[]`). /.well-known/ard.json is read as a fallback.
 */
import { defineCheck } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { describeProbe, excerpt, isFound, isObject, isSoft404, parseJson } from '../../gather/classify.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { PLACEHOLDER_DOMAIN, siteDomain } from '../../fixes/site.js';
import { AI_CATALOG_OPTIONS, AI_CATALOG_PATH, ARD_PATH } from '../../gather/ai-catalog.js';

const SPEC = ['https://github.com/Agent-Card/ai-card', 'https://agenticresourcediscovery.org'];
export { AI_CATALOG_PATH, ARD_PATH };
const URN_RE = /^urn:air:[a-z0-9.-]+\.[a-z]{2,}:[^:\s]+:[^:\s]+$/i;

export interface AiCatalogArtifact {
  probes: FetchResult[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

function isAbsoluteUrl(v: unknown): boolean {
  try {
    return typeof v === 'string' && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** Problems of ARD entries (each: identifier urn, displayName, type, one of url/data, 2-5 queries). */
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
    if (!str(e.type)) p.push('no type');
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
    const first = await ctx.fetch(AI_CATALOG_PATH, AI_CATALOG_OPTIONS);
    if (isFound(first)) return { probes: [first] };
    return { probes: [first, await ctx.fetch(ARD_PATH, AI_CATALOG_OPTIONS)] };
  },
  evaluate({ probes }, { origin }) {
    const res = probes.find(isFound);
    if (!res) {
      return {
        status: 'fail',
        code: 'A10/missing',
        data: { probes: probes.map((p) => `${describeProbe(p, origin)}${isSoft404(p) ? ' (soft 404)' : ''}`).join('; ') },
        probes,
      };
    }
    const seen = describeProbe(res, origin);
    const parsed = parseJson(res);
    if (!parsed.ok) return { status: 'fail', code: 'A10/not-json', data: { seen, error: parsed.error, start: excerpt(res.text, 80) }, probes };
    if (!isObject(parsed.value)) return { status: 'fail', code: 'A10/not-object', data: { seen }, probes };
    const doc = parsed.value;
    const advisories: string[] = [];
    if (res.requestedUrl.endsWith(ARD_PATH)) advisories.push(`found at ${ARD_PATH}; agents and the reference scanner read ${AI_CATALOG_PATH}`);
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
    if (entries.length && host && (!str(host.displayName) || !str(host.identifier))) advisories.push('ARD host should carry displayName and identifier');
    advisories.push(...ardEntryProblems(entries).slice(0, 5), ...agentProblems(agents).slice(0, 5));

    const missing = [!version && 'specVersion', !hostName && 'host', !shapes.length && 'a non-empty agents[] or entries[]'].filter(Boolean) as string[];
    const facts = `${seen}; ${version ? `specVersion ${version}` : 'no specVersion'}, host ${hostName ? `"${excerpt(hostName, 60)}"` : 'missing'}, ${shapes.join(' + ') || 'no agents or entries'}`;
    const details = { version, host: hostName, agents: agents.length, entries: entries.length };
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
    const mcpEntry = {
      identifier: `urn:air:${domain}:mcp:main`,
      displayName: `${host} MCP server`,
      type: 'mcp',
      url: mcp ?? `${fx.origin}/.well-known/mcp/server-card.json`,
      representativeQueries: ['check my order status', 'find a product by name'],
    };
    const agentEntry = { name: `${host} agent`, cardUrl: agent ?? `${fx.origin}/.well-known/agent-card.json` };
    const catalog = {
      specVersion: '1.0',
      host: { displayName: host, identifier: domain },
      entries: mcp !== null || none ? [mcpEntry] : [],
      ...(agent !== null || none ? { agents: [agentEntry] } : {}),
    };
    const exists: FixStep = none
      ? { title: 'Publish the cards first', body: 'This scan found no MCP server card (check A4) and no A2A agent card (A5): the catalog lists them, so publish what you serve first and keep only its entry.' }
      : { title: 'List only what exists', body: 'Keep one entry per MCP server, A2A agent or API you actually serve; remove the agents[] or entries[] block you do not need.' };
    return [
      ...serveFileSteps(fx, {
        path: AI_CATALOG_PATH,
        contentType: 'application/json',
        content: JSON.stringify(catalog, null, 2) + '\n',
        lang: 'json',
        headers: { 'Access-Control-Allow-Origin': '*' },
      }),
      exists,
      verifyStep(`curl -si ${fx.origin}${AI_CATALOG_PATH} | head -n 20`, 'Expect HTTP 200, application/json, Access-Control-Allow-Origin: *, and your entries.'),
      specStep(SPEC),
    ];
  },
});

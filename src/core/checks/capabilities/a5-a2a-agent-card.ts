import { defineCheck } from '../types.js';
import { describeProbe, excerpt, isObject } from '../../gather/classify.js';
import { A2A_CARD_PATH, A2A_LEGACY_CARD_PATH, a2aCard, type A2aCardArtifact } from '../../gather/a2a-card.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { A2A_PROBE_METHOD, jsonRpcInterface, probeA2aEndpoint, type A2aProbeResult } from '../../gather/a2a-probe.js';
import { servedBySite } from '../../gather/live-scope.js';
import { a2aSchemaFindings } from '../../gather/a2a-schema.js';
import { renderFindings } from '../messages.js';
import type { SubFinding } from '../types.js';

export interface A5Artifact extends A2aCardArtifact {
  /** The live JSON-RPC probe of the card's endpoint; null when not probed (see liveSkipped). */
  live?: A2aProbeResult | null;
  /** Why a card with endpoints was not probed (only gRPC / HTTP+JSON interfaces). */
  liveSkipped?: string;
}

const SPEC = ['https://a2a-protocol.org/latest/specification/', 'https://github.com/a2aproject/A2A/blob/main/docs/topics/agent-discovery.md'];

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/**
 * A2A interface URLs are absolute http(s) URLs, or ws(s) for a custom binding (1.0 §5.8 shows
 * wss://); "TODO" or javascript: is nothing to connect to.
 */
function isAgentUrl(v: string): boolean {
  try {
    const u = new URL(v.trim());
    return ['https:', 'http:', 'wss:', 'ws:'].includes(u.protocol);
  } catch {
    return false;
  }
}

/** Every endpoint value the card gives, usable or not. */
function endpointValues(card: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (Array.isArray(card.supportedInterfaces)) for (const i of card.supportedInterfaces) if (isObject(i) && str(i.url)) out.push(i.url as string);
  if (str(card.url)) out.push(card.url as string);
  if (Array.isArray(card.additionalInterfaces)) for (const i of card.additionalInterfaces) if (isObject(i) && str(i.url)) out.push(i.url as string);
  return [...new Set(out)];
}

/** The agent's endpoint(s): v1.0 supportedInterfaces[].url, else the pre-1.0 top-level url (absolute http(s)/ws(s) URLs only). */
export function a2aEndpoints(card: Record<string, unknown>): string[] {
  return endpointValues(card).filter(isAgentUrl);
}

/** Sub-findings of A5/incomplete and A5/legacy (meta.findings). */
const FINDINGS = {
  'A5/no-member': 'no "{member}" (required by A2A {version})',
  'A5/empty-member': '"{member}" is empty (A2A 1.0 §5.7: a required list holds at least one entry)',
  'A5/bad-member': '"{member}" has the wrong type',
  'A5/bad-interface': 'supportedInterfaces[{index}] lacks a valid "{member}" (url, protocolBinding JSONRPC/GRPC/HTTP+JSON or a custom binding URI, protocolVersion)',
  'A5/skills-incomplete': '{bad} of {total} skill(s) lack id, name, description or tags',
  'A5/mode-not-media-type': '{field} has "{value}", not a media type (text/plain, application/json, …)',
  'A5/no-endpoint': 'no endpoint: "{value}" is not an absolute http(s) (or, for a custom binding, ws(s)) URL',
} as const;
type A5Finding = keyof typeof FINDINGS;

/** The card against the schema of its version (gather/a2a-schema.ts), plus an endpoint no client can reach. */
export function a2aCardFindings(card: Record<string, unknown>, version: A2aCardArtifact['version']): Array<SubFinding<A5Finding>> {
  // An unrecognised shape is held to the current version's schema.
  const findings: Array<SubFinding<A5Finding>> = a2aSchemaFindings(card, version ?? '1.0');
  const bad = endpointValues(card).find((v) => !isAgentUrl(v));
  if (!a2aEndpoints(card).length && bad) findings.push({ code: 'A5/no-endpoint', data: { value: excerpt(bad, 60) } });
  return findings;
}

/** The findings as text (the legacy outcome's note, tests). */
export function a2aCardProblems(card: Record<string, unknown>, version: A2aCardArtifact['version']): string[] {
  return renderFindings(FINDINGS, a2aCardFindings(card, version));
}

const SHAPE: Record<string, string> = {
  '1.0': 'A2A 1.0 (supportedInterfaces)',
  '0.3': 'A2A 0.3 (top-level url / preferredTransport)',
  '0.2': 'A2A ≤0.2 (legacy card)',
};

export const a5A2aAgentCard = defineCheck<A5Artifact>()({
  meta: {
    id: 'A5',
    name: 'A2A agent card',
    dimension: 'capabilities',
    tier: 'bonus',
    weight: 3,
    level: { rung: 4, arm: 'integrations' },
    anchorKey: 'a2aAgentCard',
    specUrls: SPEC,
    standards: ['a2a'],
    summary: `An A2A AgentCard at ${A2A_CARD_PATH} (name, version, endpoint, skills); the ≤0.2 path ${A2A_LEGACY_CARD_PATH} counts half.`,
    why: 'Other agents discover what your agent can do, and how to talk to it, from its card (Agent2Agent protocol).',
    remediation: `Publish an A2A AgentCard at ${A2A_CARD_PATH} with name, description, version, supportedInterfaces[] (url, protocolBinding, protocolVersion), capabilities, default modes and skills.`,
    offers: { resource: 'agentCard' },
    codes: {
      'A5/missing': 'no A2A agent card',
      'A5/legacy': 'partial: only a legacy (A2A ≤0.2) card or the legacy path',
      'A5/incomplete': 'partial: the card does not meet the schema of its version (0.3: protocolVersion, url, name, description, version, capabilities, default modes as media types, skills; 1.0: supportedInterfaces[] instead of url, and non-empty skills and default modes) or has an unrecognised shape',
      'A5/endpoint-no-answer': 'partial: a complete card whose JSON-RPC endpoint answered, but not JSON-RPC (404, HTML, timeout, not JSON-RPC); a probe that could not be made (DNS failure, connection refused) is unmeasured instead',
      'A5/ok': 'a current A2A agent card whose JSON-RPC endpoint answers (an error object to an unknown method counts; a 1.x interface is asked with its A2A-Version)',
    },
    messages: {
      'A5/missing': 'No A2A agent card: {seenAll}{note}.',
      'A5/legacy': '{facts}; {legacy}{note}.',
      'A5/incomplete': '{facts}; {findings}.',
      'A5/endpoint-no-answer': '{facts}{liveText}.',
      'A5/ok': '{facts}{liveText}.',
    },
    findings: FINDINGS,
  },
  async gather(ctx) {
    const art = await a2aCard(ctx);
    if (!art.card || !art.probe || !servedBySite(art.probe, ctx.origin)) return art;
    const card = art.card;
    const rpc = jsonRpcInterface(card);
    if (rpc && /^https?:/i.test(rpc.url) && a2aEndpoints(card).includes(rpc.url)) return { ...art, live: await probeA2aEndpoint(ctx, new URL(rpc.url).href, rpc.a2aVersion) };
    return a2aEndpoints(card).length ? { ...art, live: null, liveSkipped: 'no JSONRPC interface (gRPC, HTTP+JSON and custom-binding endpoints are not probed)' } : art;
  },
  evaluate(art, ctx) {
    const seenAll = art.probes.map((p) => describeProbe(p, ctx.origin)).join('; ');
    if (!art.card || !art.probe) {
      return {
        status: 'fail',
        code: 'A5/missing',
        data: { seenAll, note: art.problem ? ` (${A2A_CARD_PATH}: ${art.problem})` : '' },
        probes: art.probes,
      };
    }
    const card = art.card;
    const res = art.probe;
    const findings = a2aCardFindings(card, art.version);
    const problems = renderFindings(FINDINGS, findings);
    const advisories: string[] = [];
    if (res.contentType !== 'application/json') advisories.push(`Served as ${res.contentType ?? 'no content type'} instead of application/json.`);
    const endpoints = a2aEndpoints(card);
    if (endpoints.some((e) => !/^(https|wss):\/\//i.test(e))) advisories.push('An agent endpoint is not an https URL.');
    if (art.version === '0.3') advisories.push('A2A 1.0 lists endpoints in supportedInterfaces[]; add it beside url for 1.0 clients.');
    const exts = isObject(card.capabilities) && Array.isArray(card.capabilities.extensions) ? card.capabilities.extensions.filter(isObject) : [];
    const skills = Array.isArray(card.skills) ? card.skills.length : 0;
    const matched = art.version ? SHAPE[art.version] : undefined;
    const facts = `${describeProbe(res, ctx.origin)}: ${matched ?? 'unrecognised AgentCard shape'}, "${excerpt(str(card.name) ?? '(no name)', 60)}" ${str(card.version) ? `v${excerpt(String(card.version), 20)}` : '(no version)'}, ${endpoints.length} endpoint(s)${endpoints.length ? ` (${excerpt(endpoints[0], 80)})` : ''}, ${skills} skill(s)${exts.length ? `, ${exts.length} extension(s)` : ''}`;
    const details = { path: art.path, version: art.version, endpoints, skills, extensions: exts.map((e) => e.uri).filter((u) => typeof u === 'string') };
    if (art.path === A2A_LEGACY_CARD_PATH || art.version === '0.2') {
      const legacy = art.path === A2A_LEGACY_CARD_PATH ? 'found only at the legacy path (A2A ≤0.2)' : 'a legacy A2A ≤0.2 card';
      return {
        status: 'partial',
        code: 'A5/legacy',
        data: { facts, legacy, note: problems.length ? `; ${problems.join('; ')}` : '' },
        remediation: `Move the card to ${A2A_CARD_PATH} (current A2A discovery path) and update it to the 1.0 shape.`,
        ...(matched ? { matched } : {}),
        advisories,
        probes: [res],
        details,
      };
    }
    if (findings.length || !art.version) {
      return {
        status: 'partial',
        code: 'A5/incomplete',
        data: { facts },
        findings: findings.length ? findings : [{ code: 'A5/no-member', data: { member: 'supportedInterfaces', version: '1.0' } }],
        remediation: `Complete the AgentCard: ${problems.join('; ') || 'add supportedInterfaces[]'}.`,
        ...(matched ? { matched } : {}),
        advisories,
        probes: [res],
        details,
      };
    }
    const live = art.live;
    if (art.liveSkipped) advisories.push(`Endpoint not probed: ${art.liveSkipped}.`);
    const liveText = live ? `; live: POST ${excerpt(live.endpoint, 80)} (JSON-RPC method ${A2A_PROBE_METHOD}${live.a2aVersion ? `, A2A-Version ${live.a2aVersion}` : ''}) → ${live.answer}` : '';
    const liveDetails = live ? { live: { endpoint: live.endpoint, outcome: live.outcome, answer: live.answer } } : {};
    if (live?.outcome === 'auth-required') advisories.push('The endpoint asks for credentials; agents need the card\'s securitySchemes to call it.');
    if (live?.outcome === 'no-answer') {
      return {
        status: 'partial',
        code: 'A5/endpoint-no-answer',
        data: { facts, liveText },
        remediation: `Make ${live.endpoint} answer A2A JSON-RPC (a JSON-RPC error object for unknown methods), or fix the endpoint URL in the card.`,
        matched,
        advisories,
        probes: [res, live.probe],
        details: { ...details, ...liveDetails },
      };
    }
    return { status: 'pass', code: 'A5/ok', data: { facts, liveText }, matched, advisories, probes: live ? [res, live.probe] : [res], details: { ...details, ...liveDetails } };
  },
  fixGuide(fx) {
    const content = JSON.stringify(
      {
        name: 'Example Agent',
        description: 'What your agent does for other agents',
        version: '1.0.0',
        supportedInterfaces: [{ url: `${fx.origin}/a2a/v1`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        provider: { organization: 'Example Inc.', url: fx.origin },
        // Declare only what the agent supports: a true capability obliges it (1.0 §3.3.4).
        capabilities: { streaming: false, pushNotifications: false },
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain', 'application/json'],
        skills: [{ id: 'search', name: 'Search the catalog', description: 'Finds items matching a query', tags: ['search'] }],
      },
      null,
      2,
    );
    return [
      ...serveFileSteps(fx, { path: A2A_CARD_PATH, contentType: 'application/json', content, lang: 'json', headers: { 'Access-Control-Allow-Origin': '*' } }),
      { title: 'Keep the legacy path only as a redirect', body: `If you published ${A2A_LEGACY_CARD_PATH} for A2A ≤0.2 clients, keep it pointing at the same card; new clients read ${A2A_CARD_PATH}.` },
      verifyStep(`curl -s ${fx.origin}${A2A_CARD_PATH}`, 'Expect JSON with name, version, supportedInterfaces[0].url and a skills array whose entries have id, name, description and tags.'),
      specStep(SPEC),
    ];
  },
});

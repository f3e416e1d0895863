import { defineCheck } from '../types.js';
import { excerpt, isObject } from '../../gather/classify.js';
import type { FetchResult } from '../../net/http.js';
import { probeData } from '../../gather/probe-facts.js';
import { a2aLiveData, a2aLiveQuoted } from '../../gather/a2a-live-facts.js';
import { A2A_CARD_REQUEST, A2A_CARD_PATH, A2A_LEGACY_CARD_PATH, a2aCard, type A2aCardArtifact } from '../../gather/a2a-card.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { capabilityOrigin, showsApp } from '../../fixes/capability.js';
import { a2aInterfaces, probeA2aInterface, probeTarget, type A2aInterface, type A2aProbeResult } from '../../gather/a2a-probe.js';
import { servedBySite } from '../../gather/live-scope.js';
import { a2aSchemaProblems, type A2aSchemaProblemKind } from '../../gather/a2a-schema.js';
import { renderFindings } from '../messages.js';
import type { SubFinding } from '../types.js';
import { givenValue } from '../../fixes/owner-value-parse.js';
import type { OwnerValue } from '../../fixes/owner-values.js';

export interface A5Artifact extends A2aCardArtifact {
  /** The live probe of the interface a client would select, in its binding; null when not probed (see unprobedBindings). */
  live?: A2aProbeResult | null;
  /** The bindings of a card with endpoints that was not probed (only gRPC or custom-binding interfaces). */
  unprobedBindings?: string[];
}

const SPEC = ['https://a2a-protocol.org/latest/specification/', 'https://github.com/a2aproject/A2A/blob/main/docs/topics/agent-discovery.md'];

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/**
 * Whether a client can connect to an interface's address, by binding: JSONRPC and HTTP+JSON need an
 * absolute http(s) URL; GRPC a `hostname:port` address (a2a.proto since 1.0.1, cfc9d34b) or, as
 * the spec's older examples write it, an https URL; a custom binding any http(s) or ws(s) URL
 * (1.0 §5.8 shows wss://). "TODO", a relative path or javascript: is nothing to connect to.
 */
export function isUsableAddress(i: Pick<A2aInterface, 'url' | 'binding'>): boolean {
  const v = i.url.trim();
  if (i.binding === 'GRPC' && /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?):\d{1,5}$/i.test(v)) return true;
  try {
    const u = new URL(v);
    const http = u.protocol === 'https:' || u.protocol === 'http:';
    if (i.binding === 'JSONRPC' || i.binding === 'HTTP+JSON' || i.binding === 'GRPC') return http;
    return http || u.protocol === 'wss:' || u.protocol === 'ws:';
  } catch {
    return false;
  }
}

/** The interfaces of the card's version whose address a client can use. */
export function usableInterfaces(card: Record<string, unknown>, version: A2aCardArtifact['version']): A2aInterface[] {
  return a2aInterfaces(card, version).filter(isUsableAddress);
}

/** The agent's endpoints: the usable interface addresses of the card's version, each once. */
export function a2aEndpoints(card: Record<string, unknown>, version: A2aCardArtifact['version']): string[] {
  return [...new Set(usableInterfaces(card, version).map((i) => i.url))];
}

/** Sub-findings of A5/incomplete and A5/legacy (meta.findings). */
const FINDINGS = {
  'A5/no-member': 'no "{member}" (required by A2A {version})',
  'A5/empty-member': '"{member}" is empty (A2A 1.0 §5.7: a required list holds at least one entry)',
  'A5/bad-member': '"{member}" has the wrong type',
  'A5/bad-interface':
    'supportedInterfaces[{index}] lacks a valid "{member}" (url, protocolBinding JSONRPC/GRPC/HTTP+JSON or a custom ' + 'binding URI, protocolVersion)',
  'A5/bad-protocol-version': '{field} is "{value}": not an A2A Major.Minor version (0.3, 1.0)',
  'A5/date-protocol-version': '{field} is "{value}": a date, the form of MCP protocol revisions, not an A2A Major.Minor version',
  'A5/provider-incomplete': 'provider lacks "{members}" (A2A {version}: a provider names its organization and url)',
  'A5/skills-incomplete': '{bad} of {total} skill(s) lack id, name, description or tags',
  'A5/mode-not-media-type': '{field} has "{value}", not a media type (text/plain, application/json, …)',
  'A5/no-endpoint': 'no endpoint: "{value}" is not an address a client can use for its binding (http(s) URL; gRPC host:port; ws(s) ' + 'for a custom binding)',
} as const;
type A5Finding = keyof typeof FINDINGS;

/** Sub-findings of A5/missing (each place asked), A5/legacy (which legacy) and A5/endpoint-unmeasured (why). */
const OUTCOME_FINDINGS = {
  'A5/seen': '{seen:probe}',
  'A5/seen-not-json': '{seen:probe} ({path}: not JSON ({error}))',
  'A5/seen-not-object': '{seen:probe} ({path}: JSON but not an object)',
  'A5/seen-no-card-object': '{seen:probe} ({path}: JSON without a card object)',
  'A5/legacy-path': 'found only at the legacy path (A2A ≤0.2)',
  'A5/legacy-card': 'a legacy A2A ≤0.2 card',
  'A5/unprobed-bindings': 'its interfaces are {bindings} only, which ai-ready does not probe (it speaks JSONRPC and HTTP+JSON)',
  'A5/cross-site-card': "the card came through a redirect to another site ({url}), whose endpoints are not probed on this site's behalf",
} as const;
type A5OutcomeFinding = keyof typeof OUTCOME_FINDINGS;

/** The card facts every outcome with a card starts with (cardFacts gives its data). */
const FACTS =
  '{seen:probe}: {shape}, name "{name}", version "{version}", {endpointCount} endpoint(s) ({endpoints}), ' + '{skills} skill(s), {extensions} extension(s)';

/** The sub-finding code of each kind of schema problem gather/a2a-schema.ts reports. */
const SCHEMA_CODE: Record<A2aSchemaProblemKind, A5Finding> = {
  'no-member': 'A5/no-member',
  'bad-protocol-version': 'A5/bad-protocol-version',
  'date-protocol-version': 'A5/date-protocol-version',
  'provider-incomplete': 'A5/provider-incomplete',
  'empty-member': 'A5/empty-member',
  'bad-member': 'A5/bad-member',
  'bad-interface': 'A5/bad-interface',
  'skills-incomplete': 'A5/skills-incomplete',
  'mode-not-media-type': 'A5/mode-not-media-type',
};

/** The card against the schema of its version (gather/a2a-schema.ts), plus an endpoint no client can reach. */
export function a2aCardFindings(card: Record<string, unknown>, version: A2aCardArtifact['version']): Array<SubFinding<A5Finding>> {
  // An unrecognised shape is held to the current version's schema.
  const findings: Array<SubFinding<A5Finding>> = a2aSchemaProblems(card, version ?? '1.0').map(({ problem, data }) => ({
    code: SCHEMA_CODE[problem],
    ...(data ? { data } : {}),
  }));
  const all = a2aInterfaces(card, version);
  const bad = all.find((i) => !isUsableAddress(i));
  if (!all.some(isUsableAddress) && bad) findings.push({ code: 'A5/no-endpoint', data: { value: excerpt(bad.url, 60) } });
  return findings;
}

/** The findings as text (the legacy outcome's note, tests). */
export function a2aCardProblems(card: Record<string, unknown>, version: A2aCardArtifact['version']): string[] {
  return renderFindings(FINDINGS, a2aCardFindings(card, version));
}

/** "JSONRPC https://…, GRPC host:443": the interfaces named in the evidence, at most three ('none' when none). */
function interfaceList(interfaces: A2aInterface[]): string {
  return (
    interfaces
      .slice(0, 3)
      .map((i) => `${excerpt(i.binding, 40)} ${excerpt(i.url, 80)}`)
      .join(', ') || 'none'
  );
}

/** A5/missing's sub-finding for one probe; the card path's answer says why it held no card. */
function seenFinding(p: FetchResult, art: A5Artifact, origin: string): SubFinding<A5OutcomeFinding> {
  const seen = probeData(p, origin);
  const problem = p === art.probes[0] ? art.problem : undefined;
  if (!problem) return { code: 'A5/seen', data: seen };
  if (problem.kind === 'not-json') return { code: 'A5/seen-not-json', data: { ...seen, path: A2A_CARD_PATH, error: problem.error } };
  return { code: problem.kind === 'not-object' ? 'A5/seen-not-object' : 'A5/seen-no-card-object', data: { ...seen, path: A2A_CARD_PATH } };
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A5/content-type': 'Served as {contentType} instead of application/json.',
  'A5/no-content-type': 'Served with no content type instead of application/json.',
  'A5/endpoint-not-https': 'An agent endpoint is not an https URL.',
  'A5/add-supported-interfaces': 'A2A 1.0 lists endpoints in supportedInterfaces[]; add it beside url for 1.0 clients.',
  'A5/top-level-url-ignored': 'The top-level "url" ({url}) is not an A2A 1.0 member: 1.0 clients read supportedInterfaces[] only, so it was not used.',
  'A5/patch-protocol-version': '{field}.protocolVersion is "{version}": A2A 1.0 §3.6 says patch numbers SHOULD NOT be used (write Major.Minor, e.g. "1.0").',
  'A5/endpoint-auth-required': "The endpoint asks for credentials; agents need the card's securitySchemes to call it.",
} as const;
type A5Advisory = keyof typeof ADVISORIES;

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
    requests: [A2A_CARD_REQUEST],
    tier: 'bonus',
    weight: 3,
    // A content site is not marked down for an agent capability it does not run (not offered).
    contentProfile: 'offered',
    level: { rung: 4, arm: 'integrations' },
    anchorKey: 'a2aAgentCard',
    specUrls: SPEC,
    standards: ['a2a'],
    summary: `An A2A AgentCard at ${A2A_CARD_PATH} (name, version, endpoint, skills); the ≤0.2 path ${A2A_LEGACY_CARD_PATH} counts half.`,
    why: 'Other agents discover what your agent can do, and how to talk to it, from its card (Agent2Agent protocol).',
    remediation:
      `Publish an A2A AgentCard at ${A2A_CARD_PATH} with name, description, version, supportedInterfaces[] (url, ` +
      `protocolBinding, protocolVersion), capabilities, default modes and skills.`,
    offers: { resource: 'agentCard' },
    remedies: {
      'A5/move-card': `Move the card to ${A2A_CARD_PATH} (current A2A discovery path) and update it to the 1.0 shape.`,
      'A5/complete-card': 'Complete the AgentCard: {findings}.',
      'A5/answer-http-json':
        'Make {endpoint} answer A2A over HTTP+JSON (an A2A error body, e.g. 404 TASK_NOT_FOUND, for a task that does not exist), or fix the interface in the card.',
      'A5/answer-json-rpc': 'Make {endpoint} answer A2A JSON-RPC (a JSON-RPC error object for unknown methods), or fix the interface in the card.',
    },
    codes: {
      'A5/missing': 'no A2A agent card',
      'A5/legacy': 'partial: only a legacy (A2A ≤0.2) card or the legacy path',
      'A5/incomplete':
        'partial: the card does not meet the schema of its version (0.3: protocolVersion, url, name, description, ' +
        'version, capabilities, default modes as media types, skills; 1.0: supportedInterfaces[] instead of url, and ' +
        'non-empty skills and default modes) or has an unrecognised shape',
      'A5/endpoint-no-answer':
        'partial: a complete card whose selected interface answered, but not A2A in its binding (JSON-RPC: no JSON-RPC ' +
        'response; HTTP+JSON: a 404 or other answer without an A2A error body; HTML, timeout); a probe that could not ' +
        'be made (DNS failure, connection refused) is unmeasured instead',
      'A5/endpoint-unmeasured':
        'info: a complete card whose interfaces are all gRPC or custom bindings, which ai-ready does not speak, or a ' +
        "card reached through a redirect to another site (whose endpoints are not probed on this site's behalf): the " +
        'card is read, its endpoint is not measured',
      'A5/ok':
        'a current A2A agent card whose selected interface answers A2A in its binding (JSON-RPC: an error object to an ' +
        'unknown method; HTTP+JSON: an A2A error body for a task that does not exist; a 1.x interface is asked with its A2A-Version)',
    },
    messages: {
      'A5/missing': 'No A2A agent card: {findings}.',
      'A5/legacy': `${FACTS}; {findings}.`,
      'A5/incomplete': `${FACTS}; {findings}.`,
      'A5/endpoint-no-answer': `${FACTS}{live:agent}.`,
      'A5/endpoint-unmeasured': `Could not be measured: {findings}. ${FACTS}.`,
      'A5/ok': `${FACTS}{live:agent}.`,
    },
    findings: { ...FINDINGS, ...OUTCOME_FINDINGS },
    // The card's own words (name, version, interfaces, members it names), a parser's message, what the agent answered.
    quoted: ['name', 'version', 'endpoints', 'value', 'url', 'error', 'bindings', 'members', 'field', ...a2aLiveQuoted()],
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    const art = await a2aCard(ctx);
    if (!art.card || !art.probe || !servedBySite(art.probe, ctx.origin)) return art;
    const card = art.card;
    const interfaces = usableInterfaces(card, art.version);
    const target = probeTarget(interfaces);
    if (target) return { ...art, live: await probeA2aInterface(ctx, target) };
    if (!interfaces.length) return art;
    return { ...art, live: null, unprobedBindings: [...new Set(interfaces.map((i) => excerpt(i.binding, 60)))] };
  },
  evaluate(art, ctx) {
    if (!art.card || !art.probe) {
      return { status: 'fail', code: 'A5/missing', data: {}, findings: art.probes.map((p) => seenFinding(p, art, ctx.origin)), probes: art.probes };
    }
    const card = art.card;
    const res = art.probe;
    const findings = a2aCardFindings(card, art.version);
    const advisories: Array<SubFinding<A5Advisory>> = [];
    // application/a2a+json (1.0 §14.1.1, preferred by the HTTP binding since 1.0.1) is A2A's own JSON type.
    if (!res.contentType) advisories.push({ code: 'A5/no-content-type' });
    else if (res.contentType !== 'application/json' && res.contentType !== 'application/a2a+json')
      advisories.push({ code: 'A5/content-type', data: { contentType: res.contentType } });
    // The interfaces of the card's version that a client can use: the same list the probe chose from.
    const interfaces = usableInterfaces(card, art.version);
    const endpoints = [...new Set(interfaces.map((i) => i.url))];
    if (endpoints.some((e) => /^(http|ws):\/\//i.test(e))) advisories.push({ code: 'A5/endpoint-not-https' });
    if (art.version === '0.3') advisories.push({ code: 'A5/add-supported-interfaces' });
    // 1.0 removed the top-level url (a2a.proto AgentCard has none): clients never read it.
    if (art.version === '1.0' && str(card.url)) advisories.push({ code: 'A5/top-level-url-ignored', data: { url: excerpt(String(card.url), 80) } });
    if (art.version === '1.0') {
      const patched = a2aInterfaces(card, '1.0').filter((i) => i.protocolVersion && /^\d+\.\d+\.\d+$/.test(i.protocolVersion));
      if (patched.length)
        advisories.push({ code: 'A5/patch-protocol-version', data: { field: patched[0].from, version: excerpt(patched[0].protocolVersion!, 20) } });
    }
    const exts = isObject(card.capabilities) && Array.isArray(card.capabilities.extensions) ? card.capabilities.extensions.filter(isObject) : [];
    const skills = Array.isArray(card.skills) ? card.skills.length : 0;
    const matched = art.version ? SHAPE[art.version] : undefined;
    const facts = {
      ...probeData(res, ctx.origin),
      shape: matched ?? 'unrecognised AgentCard shape',
      name: excerpt(str(card.name) ?? '', 60),
      version: str(card.version) ? excerpt(String(card.version), 20) : '',
      endpointCount: interfaces.length,
      endpoints: interfaceList(interfaces),
      skills,
      extensions: exts.length,
    };
    const details = {
      path: art.path,
      version: art.version,
      endpoints,
      interfaces: interfaces.map((i) => ({ from: i.from, url: i.url, binding: i.binding, protocolVersion: i.protocolVersion })),
      skills,
      extensions: exts.map((e) => e.uri).filter((u) => typeof u === 'string'),
    };
    if (art.path === A2A_LEGACY_CARD_PATH || art.version === '0.2') {
      const legacy: SubFinding<A5OutcomeFinding> = { code: art.path === A2A_LEGACY_CARD_PATH ? 'A5/legacy-path' : 'A5/legacy-card' };
      return {
        status: 'partial',
        code: 'A5/legacy',
        data: facts,
        findings: [legacy, ...findings],
        remedy: 'A5/move-card',
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
        data: facts,
        findings: findings.length ? findings : [{ code: 'A5/no-member', data: { member: 'supportedInterfaces', version: '1.0' } }],
        remedy: 'A5/complete-card',
        ...(matched ? { matched } : {}),
        advisories,
        probes: [res],
        details,
      };
    }
    const live = art.live;
    // A card reached through a redirect to another site names nothing on this site's behalf, so
    // gather probed nothing (docs/live-probes.md): unmeasured, never a pass on an unprobed endpoint.
    const skipped: SubFinding<A5OutcomeFinding> | null = art.unprobedBindings?.length
      ? { code: 'A5/unprobed-bindings', data: { bindings: art.unprobedBindings.join(', ') } }
      : !live && !servedBySite(res, ctx.origin)
        ? { code: 'A5/cross-site-card', data: { url: excerpt(res.url, 80) } }
        : null;
    if (skipped) {
      return { status: 'info', code: 'A5/endpoint-unmeasured', data: facts, findings: [skipped], matched, advisories, probes: [res], details };
    }
    const liveData = live ? a2aLiveData(live, ctx.origin) : {};
    const liveDetails = live ? { live: { endpoint: live.endpoint, binding: live.binding, outcome: live.outcome, reply: live.reply } } : {};
    if (live?.outcome === 'auth-required') advisories.push({ code: 'A5/endpoint-auth-required' });
    if (live?.outcome === 'no-answer') {
      return {
        status: 'partial',
        code: 'A5/endpoint-no-answer',
        data: { ...facts, ...liveData },
        remedy: live.binding === 'HTTP+JSON' ? 'A5/answer-http-json' : 'A5/answer-json-rpc',
        remedyData: { endpoint: live.endpoint },
        matched,
        advisories,
        probes: [res, live.probe],
        details: { ...details, ...liveDetails },
      };
    }
    return {
      status: 'pass',
      code: 'A5/ok',
      data: { ...facts, ...liveData },
      matched,
      advisories,
      probes: live ? [res, live.probe] : [res],
      details: { ...details, ...liveDetails },
    };
  },
  fixGuide(fx) {
    // The owner's agent URL (validated http(s)) replaces the placeholder interface; its name the sample's.
    const endpoint = givenValue(fx, 'a2aEndpoint');
    const siteName = givenValue(fx, 'siteName');
    const needs: OwnerValue[] = endpoint ? [] : ['a2aEndpoint'];
    const content = JSON.stringify(
      {
        name: siteName ? `${siteName} agent` : 'Example Agent',
        description: 'What your agent does for other agents',
        version: '1.0.0',
        supportedInterfaces: [{ url: endpoint ?? `${fx.origin}/a2a/v1`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        provider: { organization: siteName ?? 'Example Inc.', url: fx.origin },
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
      // The interface URL is the owner's own agent, which a file cannot stand in for.
      ...serveFileSteps(fx, {
        path: A2A_CARD_PATH,
        contentType: 'application/json',
        content,
        lang: 'json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The description and skills are samples even with the owner's endpoint: an example to adapt.
        ...capabilityOrigin(fx, null, needs),
      }),
      {
        title: 'Make the interface answer in its binding',
        body:
          'This step needs your own A2A server: agents (and this check) call the first interface they speak. A JSONRPC ' +
          'interface answers every POST with a JSON-RPC 2.0 response (an error object, -32601, for an unknown method). ' +
          'If your server speaks HTTP+JSON instead, declare it as below: it answers GET {url}/tasks/{id} for a task it ' +
          'does not hold with 404 and an A2A error body (A2A 1.0 §11.6). gRPC interfaces use a host:port address. Write ' +
          'protocolVersion as Major.Minor ("1.0"), the A2A version, not an MCP revision date.',
        code:
          JSON.stringify({ supportedInterfaces: [{ url: `${fx.origin}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' }] }, null, 2) +
          '\n\n' +
          `GET ${fx.origin}/a2a/rest/tasks/no-such-task\nA2A-Version: 1.0\n\nHTTP/1.1 404 Not Found\nContent-Type: application/a2a+json\n\n` +
          JSON.stringify({
            error: {
              code: 404,
              status: 'NOT_FOUND',
              message: 'Task not found',
              details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }],
            },
          }),
        lang: 'http',
        ...(needs.length && showsApp(fx) ? { needs } : {}),
      },
      {
        title: 'Keep the legacy path only as a redirect',
        body: `If you published ${A2A_LEGACY_CARD_PATH} for A2A ≤0.2 clients, keep it pointing at the same card; new clients read ${A2A_CARD_PATH}.`,
      },
      verifyStep(
        sh`curl -s ${fx.origin}${A2A_CARD_PATH}`,
        'Expect JSON with name, version, supportedInterfaces[0].url and a skills array whose entries have id, name, description and tags.',
      ),
      specStep(SPEC),
    ];
  },
});

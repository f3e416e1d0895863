import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { excerpt, isFound, isObject, isSoft404, parseJson } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { renderFindings } from '../messages.js';
import { platformHook, serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { givenValue } from '../../fixes/owner-value-parse.js';

const SPEC = ['https://agenticcommerce.dev', 'https://github.com/agentic-commerce-protocol/agentic-commerce-protocol/blob/main/rfcs/rfc.discovery.md'];
export const ACP_PATH = '/.well-known/acp.json';
const ACCEPT = 'application/json, */*;q=0.1';
/** The discovery document as gather asks for it (declared: it goes out with the page). */
const ACP_REQUEST = { path: ACP_PATH, options: { accept: ACCEPT, maxBytes: 256 * 1024 } };
const TRANSPORTS = ['rest', 'mcp'];
// `carts` joined the closed enum with the Cart capability (rfcs/rfc.discovery.md 7641c71, 2026-04-16; spec/2026-04-17 schema).
const SERVICES = ['checkout', 'orders', 'delegate_payment', 'carts'];
const INTERVENTIONS = ['3ds', 'biometric', 'address_verification'];
/** The latest released ACP API version (spec/2026-04-17 in the protocol repository), which the fix guide writes. */
export const ACP_LATEST = '2026-04-17';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function isUrl(v: unknown): boolean {
  try {
    return typeof v === 'string' && /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** What can be wrong with an ACP discovery document (M2/invalid's sub-findings, meta.findings). */
const FINDINGS = {
  'M2/no-protocol': 'no `protocol` object',
  'M2/version-not-date': '`protocol.version` is not a YYYY-MM-DD date',
  'M2/versions-not-dates': '`protocol.supported_versions` is not a non-empty list of YYYY-MM-DD dates',
  'M2/version-not-supported': '`protocol.supported_versions` does not include `protocol.version`',
  'M2/versions-unordered': '`protocol.supported_versions` is not in chronological order (oldest first)',
  'M2/version-not-latest': '`protocol.version` is not the latest of `protocol.supported_versions`',
  'M2/documentation-not-url': '`protocol.documentation_url` is not a URL',
  'M2/no-api-base-url': 'no `api_base_url`',
  'M2/api-base-url-not-absolute': '`api_base_url` is not an absolute URL',
  'M2/no-transports': 'no `transports` list',
  'M2/transports-outside-enum': 'transports {values} outside the enum (rest, mcp)',
  'M2/no-rest': '`transports` lacks "rest" (the RFC requires at least rest)',
  'M2/no-capabilities': 'no `capabilities` object',
  'M2/no-services': 'no `capabilities.services` list',
  'M2/services-outside-enum': `services {values} outside the enum (${SERVICES.join(', ')})`,
  'M2/capability-not-list': '`capabilities.{key}` is not a list',
  'M2/extension-without-name': '`capabilities.extensions` has an entry without a `name`',
  'M2/interventions-outside-enum': 'intervention_types {values} outside the enum (3ds, biometric, address_verification)',
  'M2/absent': 'no ACP discovery document',
  'M2/soft-404': 'an HTML page (soft 404)',
} as const;
type M2Finding = keyof typeof FINDINGS;

/** The values outside an enum, as the site wrote them (JSON), cut to 80 characters. */
function outside(values: unknown[], allowed: readonly string[]): string | null {
  const bad = values.filter((x) => !allowed.includes(x as string));
  return bad.length
    ? bad
        .map((x) => JSON.stringify(x))
        .join(', ')
        .slice(0, 80)
    : null;
}

/** Problems with the required fields of an ACP discovery document (RFC discovery, proposal), as sub-findings. */
export function acpFindings(doc: Record<string, unknown>): Array<SubFinding<M2Finding>> {
  const p: Array<SubFinding<M2Finding>> = [];
  const proto = isObject(doc.protocol) ? doc.protocol : null;
  if (!proto) p.push({ code: 'M2/no-protocol' });
  else {
    if (typeof proto.version !== 'string' || !DATE_RE.test(proto.version)) p.push({ code: 'M2/version-not-date' });
    const sv = proto.supported_versions;
    if (!Array.isArray(sv) || !sv.length || !sv.every((v) => typeof v === 'string' && DATE_RE.test(v))) p.push({ code: 'M2/versions-not-dates' });
    else if (typeof proto.version === 'string' && !sv.includes(proto.version)) p.push({ code: 'M2/version-not-supported' });
    else {
      // Oldest first, and the last element is the latest version, which `protocol.version` names.
      if (sv.some((v, i) => i > 0 && (v as string) <= (sv[i - 1] as string))) p.push({ code: 'M2/versions-unordered' });
      else if (sv.at(-1) !== proto.version) p.push({ code: 'M2/version-not-latest' });
    }
    if (proto.documentation_url !== undefined && !isUrl(proto.documentation_url)) p.push({ code: 'M2/documentation-not-url' });
  }
  if (!isUrl(doc.api_base_url)) p.push({ code: doc.api_base_url === undefined ? 'M2/no-api-base-url' : 'M2/api-base-url-not-absolute' });
  const t = doc.transports;
  if (!Array.isArray(t) || !t.length) p.push({ code: 'M2/no-transports' });
  else {
    const bad = outside(t, TRANSPORTS);
    if (bad) p.push({ code: 'M2/transports-outside-enum', data: { values: bad } });
    if (!t.includes('rest')) p.push({ code: 'M2/no-rest' });
  }
  const caps = isObject(doc.capabilities) ? doc.capabilities : null;
  if (!caps) p.push({ code: 'M2/no-capabilities' });
  else {
    const s = caps.services;
    if (!Array.isArray(s) || !s.length) p.push({ code: 'M2/no-services' });
    else {
      const bad = outside(s, SERVICES);
      if (bad) p.push({ code: 'M2/services-outside-enum', data: { values: bad } });
    }
    for (const key of ['extensions', 'intervention_types', 'supported_currencies', 'supported_locales']) {
      if (caps[key] !== undefined && !Array.isArray(caps[key])) p.push({ code: 'M2/capability-not-list', data: { key } });
    }
    if (Array.isArray(caps.extensions) && caps.extensions.some((e) => !isObject(e) || typeof e.name !== 'string' || !e.name))
      p.push({ code: 'M2/extension-without-name' });
    if (Array.isArray(caps.intervention_types)) {
      const bad = outside(caps.intervention_types, INTERVENTIONS);
      if (bad) p.push({ code: 'M2/interventions-outside-enum', data: { values: bad } });
    }
  }
  return p;
}

/** The problems as people read them (the remediation, and callers that want text). */
export function acpProblems(doc: Record<string, unknown>): string[] {
  return renderFindings(FINDINGS, acpFindings(doc));
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'M2/content-type': 'served as {type} (application/json expected)',
  'M2/cache-control': 'Cache-Control is "{value}" (the RFC recommends public, max-age=3600)',
  'M2/no-cache-control': 'no Cache-Control header (the RFC recommends public, max-age=3600)',
  'M2/untyped': 'served with no Content-Type (application/json expected)',
  'M2/merchant-id': 'contains a merchant identifier; the discovery document is meant to be platform-scoped',
} as const;
type M2Advisory = keyof typeof ADVISORIES;

/** The document's facts as M2's templates word them. */
const FACTS = '{seen:probe}; ACP {version}, api_base_url {apiBaseUrl}, transports {transports}, services {services}';

export const m2Acp = defineCheck<FetchResult>()({
  meta: {
    id: 'M2',
    name: 'ACP discovery document',
    dimension: 'commerce',
    requests: [ACP_REQUEST],
    tier: 'recommended',
    weight: 6,
    anchorKey: 'acp',
    specUrls: SPEC,
    standards: ['acp'],
    summary:
      `GET ${ACP_PATH} returns an Agentic Commerce Protocol discovery document: protocol {name "acp", version, supported_versions}, ` +
      `api_base_url, transports (rest|mcp) and capabilities.services (checkout|orders|delegate_payment|carts).`,
    why: 'ACP (OpenAI and Stripe) is how ChatGPT-style agents check out on a merchant; the discovery document tells them which API and services you support.',
    remediation:
      `Publish ${ACP_PATH} with protocol, api_base_url, transports and capabilities.services, or sell through a platform that integrates ` + `ACP for you.`,
    remedies: {
      'M2/fix-document': `Fix ${ACP_PATH}: {problems}.`,
    },
    codes: {
      'M2/missing': 'no ACP discovery document',
      'M2/not-json': 'the document is not JSON',
      'M2/not-acp': 'JSON without protocol.name "acp"',
      'M2/invalid': 'partial: an ACP document with problems',
      'M2/ok': 'a valid ACP discovery document',
    },
    messages: {
      'M2/missing':
        '{seen:probe}: {findings}. Absence does not prove "no ACP": ' + 'merchants often integrate through their platform (Stripe, Shopify) and product feeds.',
      'M2/not-json': '{seen:probe}: not JSON ({error}).',
      'M2/not-acp': '{seen:probe}: JSON without protocol.name "acp". Starts: "{start}"',
      'M2/invalid': `${FACTS}. Problems: {findings}.`,
      'M2/ok': `${FACTS}.`,
    },
    findings: FINDINGS,
    // The site's own values (a header, the body's start, its version, URL, lists) and the JSON parser's message.
    quoted: ['value', 'start', 'error', 'values', 'version', 'apiBaseUrl', 'transports', 'services'],
    advisories: ADVISORIES,
  },
  gather: (ctx) => ctx.fetch(ACP_REQUEST.path, ACP_REQUEST.options),
  evaluate(res, { origin }) {
    const seen = probeData(res, origin);
    const probes = [res];
    if (!isFound(res)) return { status: 'fail', code: 'M2/missing', data: seen, findings: [{ code: isSoft404(res) ? 'M2/soft-404' : 'M2/absent' }], probes };
    const parsed = parseJson(res);
    if (!parsed.ok) return { status: 'fail', code: 'M2/not-json', data: { ...seen, error: parsed.error }, probes };
    const doc = parsed.value;
    if (!isObject(doc) || !isObject(doc.protocol) || doc.protocol.name !== 'acp') {
      return { status: 'fail', code: 'M2/not-acp', data: { ...seen, start: excerpt(res.text, 100) }, probes };
    }
    const advisories: Array<SubFinding<M2Advisory>> = [];
    if (!res.contentType) advisories.push({ code: 'M2/untyped' });
    else if (res.contentType !== 'application/json') advisories.push({ code: 'M2/content-type', data: { type: res.contentType } });
    const cc = res.headers['cache-control'] ?? '';
    if (!cc.trim()) advisories.push({ code: 'M2/no-cache-control' });
    else if (!/public/i.test(cc) || !/max-age=\d+/i.test(cc)) advisories.push({ code: 'M2/cache-control', data: { value: excerpt(cc, 60) } });
    if (Object.keys(doc).some((k) => /merchant_?id|account_?id|seller_?id/i.test(k))) advisories.push({ code: 'M2/merchant-id' });
    const problems = acpFindings(doc);
    const proto = doc.protocol as Record<string, unknown>;
    const caps = isObject(doc.capabilities) ? doc.capabilities : {};
    const facts = {
      ...seen,
      version: typeof proto.version === 'string' ? excerpt(proto.version, 20) : 'missing',
      apiBaseUrl: typeof doc.api_base_url === 'string' ? excerpt(doc.api_base_url, 80) : 'missing',
      transports: Array.isArray(doc.transports) ? doc.transports.join(', ').slice(0, 60) : 'missing',
      services: Array.isArray(caps.services) ? caps.services.join(', ').slice(0, 80) : 'missing',
    };
    const matched = `ACP discovery (RFC proposal)${typeof proto.version === 'string' ? ` ${excerpt(proto.version, 20)}` : ''}`;
    if (problems.length) {
      return {
        status: 'partial',
        code: 'M2/invalid',
        data: facts,
        findings: problems,
        remedy: 'M2/fix-document',
        // The first three problems, from their templates.
        remedyData: { problems: renderFindings(FINDINGS, problems.slice(0, 3)).join('; ') },
        matched,
        advisories,
        probes,
      };
    }
    return { status: 'pass', code: 'M2/ok', data: facts, matched, advisories, probes };
  },
  fixGuide(fx) {
    // The owner's ACP base URL (validated http(s)): the document then claims only checkout over REST,
    // without the sample's guessed docs page and currency (both optional).
    const endpoint = givenValue(fx, 'commerceEndpoint');
    const doc = endpoint
      ? {
          protocol: { name: 'acp', version: ACP_LATEST, supported_versions: ['2026-01-30', ACP_LATEST] },
          api_base_url: endpoint,
          transports: ['rest'],
          capabilities: { services: ['checkout'] },
        }
      : {
          protocol: { name: 'acp', version: ACP_LATEST, supported_versions: ['2026-01-30', ACP_LATEST], documentation_url: `${fx.origin}/docs/acp` },
          api_base_url: `${fx.origin}/acp`,
          transports: ['rest'],
          capabilities: { services: ['checkout', 'orders'], supported_currencies: ['usd'] },
        };
    const platformNote = platformHook(fx, 'agenticCheckout')?.(fx) ?? [];
    return [
      ...platformNote,
      ...serveFileSteps(fx, {
        path: ACP_PATH,
        contentType: 'application/json',
        content: JSON.stringify(doc, null, 2) + '\n',
        lang: 'json',
        headers: { 'Cache-Control': 'public, max-age=3600' },
        ...(endpoint ? { source: 'owner' as const } : { source: 'example' as const, needs: ['commerceEndpoint' as const] }),
      }),
      verifyStep(
        sh`curl -si ${fx.origin}${ACP_PATH} | head -n 20`,
        'Expect HTTP 200, application/json, Cache-Control: public, max-age=3600, and protocol.name "acp".',
      ),
      specStep(SPEC),
    ];
  },
});

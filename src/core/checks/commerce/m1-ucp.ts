import { defineCheck, type SubFinding } from '../types.js';
import { ucpProfile, UCP_PATH, UCP_REQUEST, type UcpArtifact, type UcpCapability } from '../../gather/ucp.js';
import { excerpt, isSoft404 } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { platformHook, serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { givenValue } from '../../fixes/owner-value-parse.js';

const SPEC = ['https://ucp.dev/latest/specification/overview/', 'https://github.com/Universal-Commerce-Protocol/ucp'];
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The latest published UCP version, which the fix guide writes: tag v2026-08-25 (commit cd78fb38e819,
 * published 2026-08-25; not in the stored snapshot, whose main ends at fdcf8934 of 2026-08-22
 * "in preparation of a version cut"; read from the records that pin it, ledger `ucp`).
 */
export const UCP_LATEST = '2026-08-25';
const MIN_MAX_AGE = 60;

/** Where a Cache-Control header departs from UCP's hosting rule (both lists empty when it complies). */
export interface CacheControlFacts {
  /** The header, cut to 60 characters ('' when absent). */
  value: string;
  /** The forbidden directives it has (private, no-store, no-cache). */
  forbidden: string[];
  /** What it lacks (public, max-age >= 60). */
  missing: string[];
}

/**
 * UCP 2026-04-08 "Hosting": profile responses MUST carry Cache-Control with `public` and a max-age of
 * at least 60 s, and MUST NOT use private, no-store or no-cache. Null when the header complies.
 */
export function cacheControlFacts(value: string | undefined): CacheControlFacts | null {
  const cc = (value ?? '').toLowerCase();
  const forbidden = ['private', 'no-store', 'no-cache'].filter((d) => new RegExp(`(^|[,\\s])${d}($|[,=\\s])`).test(cc));
  const maxAge = /(?:^|[,\s])max-age\s*=\s*"?(\d+)/.exec(cc);
  const missing: string[] = [];
  if (!/(^|[,\s])public($|[,\s])/.test(cc)) missing.push('public');
  if (!maxAge || Number(maxAge[1]) < MIN_MAX_AGE) missing.push(`max-age >= ${MIN_MAX_AGE}`);
  if (!forbidden.length && !missing.length) return null;
  return { value: excerpt(value ?? '', 60), forbidden, missing };
}

/** The M1 advisories of a Cache-Control that departs from the hosting rule: what it has, what it lacks. */
function cacheControlNotes(f: CacheControlFacts): Array<SubFinding<M1Advisory>> {
  const notes: Array<SubFinding<M1Advisory>> = [];
  if (!f.value) notes.push({ code: 'M1/cache-control-absent' });
  if (f.value && f.forbidden.length) notes.push({ code: 'M1/cache-control-forbidden', data: { value: f.value, forbidden: f.forbidden.join(', ') } });
  if (f.value && f.missing.length) notes.push({ code: 'M1/cache-control-lacks', data: { value: f.value, missing: f.missing.join(', ') } });
  return notes;
}

/** A capability whose `spec` or `schema` is not a URL, or lives outside its namespace authority. */
export type NamespaceProblem = SubFinding<'M1/spec-not-url' | 'M1/outside-namespace'>;

/**
 * Namespace binding: a capability's `spec`/`schema` must live under the authority its reverse-DNS
 * name claims (`dev.ucp.*` → ucp.dev, `com.example.*` → example.com).
 */
export function namespaceProblems(caps: UcpCapability[]): NamespaceProblem[] {
  const out: NamespaceProblem[] = [];
  for (const c of caps) {
    const labels = c.name.split('.');
    if (labels.length < 3) continue;
    const authority = `${labels[1]}.${labels[0]}`.toLowerCase();
    for (const [field, url] of [
      ['spec', c.spec],
      ['schema', c.schema],
    ] as const) {
      if (!url) continue;
      let host = '';
      try {
        host = new URL(url).hostname.toLowerCase();
      } catch {
        out.push({ code: 'M1/spec-not-url', data: { capability: c.name, field, url: excerpt(url, 60) } });
        continue;
      }
      if (host !== authority && !host.endsWith(`.${authority}`))
        out.push({ code: 'M1/outside-namespace', data: { capability: c.name, field, host, authority } });
    }
  }
  return out;
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'M1/endpoint-not-https': 'an endpoint is not https (UCP requires TLS outside local testing)',
  'M1/no-checkout': 'no checkout capability (dev.ucp.shopping.checkout): agents cannot complete a purchase',
  'M1/version-not-date': 'version "{version}" is not a YYYY-MM-DD date',
  'M1/top-level-shape': 'older top-level shape (protocol_version/services/capabilities); current profiles nest them under a "ucp" object',
  'M1/object-bindings':
    `2026-01-11 service shape (one object with rest/mcp sub-objects), still read; UCP ${UCP_LATEST} lists each service as an array ` +
    `of bindings {version, spec, transport, endpoint, schema}`,
  'M1/no-payment-handlers': `no "payment_handlers" registry in the "ucp" object (required since UCP 2026-04-08 and in ${UCP_LATEST}, an empty {} is allowed)`,
  'M1/cache-control-absent': `no Cache-Control header (UCP requires public, max-age >= ${MIN_MAX_AGE} and forbids private/no-store/no-cache)`,
  'M1/cache-control-forbidden': `Cache-Control "{value}" has {forbidden} (UCP forbids private/no-store/no-cache)`,
  'M1/cache-control-lacks': `Cache-Control "{value}" lacks {missing} (UCP requires public and max-age >= ${MIN_MAX_AGE})`,
  'M1/redirected':
    'reached through {count} redirect(s): UCP profile endpoints MUST NOT redirect and platforms MUST NOT follow redirects, so conforming agents will ' +
    'not read this profile',
  'M1/spec-not-url': '{capability}: {field} "{url}" is not a URL',
  'M1/outside-namespace': '{capability}: {field} on {host}, outside its namespace authority {authority}',
  'M1/content-type': 'served as {type} (application/json expected)',
  'M1/untyped': 'served with no Content-Type (application/json expected)',
} as const;
type M1Advisory = keyof typeof ADVISORIES;

/** The profile's facts as M1's templates word them. */
const FACTS =
  '{seen:probe}; {shape} profile, version {version}, {services} service(s) ({serviceList}), {endpoints} endpoint(s), ' +
  '{capabilities} capabilit(y/ies) ({capabilityList}), {paymentHandlers} payment handler(s)';

/** Why there is no profile (M1/missing), and what a profile lacks (M1/incomplete). */
const FINDINGS = {
  'M1/absent': 'no UCP profile',
  'M1/soft-404': 'an HTML page (soft 404)',
  'M1/not-json': 'not JSON ({error})',
  'M1/not-object': 'JSON but not an object',
  'M1/no-ucp-shape': 'JSON without a `ucp` object or top-level `protocol_version`/`services`/`capabilities`',
  'M1/lacks-version': 'version',
  'M1/lacks-https-endpoint': 'a service endpoint on https',
  'M1/lacks-endpoint': 'a service with an endpoint',
  'M1/lacks-capabilities': 'capabilities',
} as const;
type M1Finding = keyof typeof FINDINGS;

/** Why a found answer is no profile, as M1's sub-finding. */
function missingFinding(a: UcpArtifact): SubFinding<M1Finding> {
  if (!a.problem) return { code: isSoft404(a.probe) ? 'M1/soft-404' : 'M1/absent' };
  if (a.problem.kind === 'not-json') return { code: 'M1/not-json', data: { error: a.problem.error } };
  return { code: a.problem.kind === 'not-object' ? 'M1/not-object' : 'M1/no-ucp-shape' };
}

export const m1Ucp = defineCheck<UcpArtifact>()({
  meta: {
    id: 'M1',
    name: 'UCP business profile',
    dimension: 'commerce',
    requests: [UCP_REQUEST],
    tier: 'recommended',
    weight: 8,
    anchorKey: 'ucp',
    specUrls: SPEC,
    standards: ['ucp'],
    summary:
      `GET ${UCP_PATH} returns a Universal Commerce Protocol profile with a version, at least one service with an endpoint and at least one ` +
      `capability (current nested "ucp" shape or the older top-level shape).`,
    why: 'Shopping agents (Google, Shopify and others) read the UCP profile to learn how to browse, check out and pay on your store without scraping it.',
    remediation: `Publish ${UCP_PATH} with a "ucp" object holding version, services (with https endpoints) and capabilities such as dev.ucp.shopping.checkout.`,
    remedies: {
      'M1/complete-profile': `Complete ${UCP_PATH}: add {missing}.`,
    },
    codes: {
      'M1/missing': 'no UCP profile at /.well-known/ucp (or an unusable one)',
      'M1/incomplete': 'partial: the profile lacks required members',
      'M1/ok': 'a complete UCP profile',
    },
    messages: {
      'M1/missing': '{seen:probe}: {findings}.',
      'M1/incomplete': `${FACTS}. Missing: {findings}.`,
      'M1/ok': `${FACTS}.`,
    },
    findings: FINDINGS,
    // The site's own words: a version string, a header value, capability and service names, the JSON parser's message.
    quoted: ['version', 'value', 'capability', 'url', 'error', 'serviceList', 'capabilityList'],
    advisories: ADVISORIES,
  },
  gather: (ctx) => ucpProfile(ctx),
  evaluate(a, { origin }) {
    const seen = probeData(a.probe, origin);
    const probes = [a.probe];
    if (!a.profile) return { status: 'fail', code: 'M1/missing', data: seen, findings: [missingFinding(a)], probes };
    const p = a.profile;
    const advisories: Array<SubFinding<M1Advisory>> = [];
    const allEndpoints = [...p.services.flatMap((s) => s.endpoints), ...p.extraEndpoints];
    const usable = allEndpoints.filter((u) => u.startsWith('https://') || u.startsWith(`${origin}/`) || u === origin);
    if (usable.some((u) => !u.startsWith('https://'))) advisories.push({ code: 'M1/endpoint-not-https' });
    const caps = p.capabilities;
    if (caps.length && !caps.some((c) => /\.checkout$/.test(c.name))) advisories.push({ code: 'M1/no-checkout' });
    if (p.version && !DATE_RE.test(p.version)) advisories.push({ code: 'M1/version-not-date', data: { version: excerpt(p.version, 30) } });
    if (p.shape === 'top-level') advisories.push({ code: 'M1/top-level-shape' });
    if (p.services.some((s) => s.objectBindings)) advisories.push({ code: 'M1/object-bindings' });
    if (p.shape === 'nested' && !p.paymentHandlersDeclared) advisories.push({ code: 'M1/no-payment-handlers' });
    const cache = cacheControlFacts(a.probe.headers['cache-control']);
    if (cache) advisories.push(...cacheControlNotes(cache));
    if (a.probe.redirects.length) advisories.push({ code: 'M1/redirected', data: { count: a.probe.redirects.length } });
    advisories.push(...namespaceProblems(caps).slice(0, 4));
    if (!a.probe.contentType) advisories.push({ code: 'M1/untyped' });
    else if (a.probe.contentType !== 'application/json') advisories.push({ code: 'M1/content-type', data: { type: a.probe.contentType } });

    const lacks: Array<SubFinding<M1Finding>> = [];
    if (!p.version) lacks.push({ code: 'M1/lacks-version' });
    if (!usable.length) lacks.push({ code: allEndpoints.length ? 'M1/lacks-https-endpoint' : 'M1/lacks-endpoint' });
    if (!caps.length) lacks.push({ code: 'M1/lacks-capabilities' });
    const missing = lacks.map((f) => FINDINGS[f.code]);
    const serviceList = p.services
      .slice(0, 4)
      .map((s) => `${excerpt(s.name, 40)}${s.transports.length ? ` [${s.transports.join(', ')}]` : ''}`)
      .join(', ');
    const capabilityList =
      caps
        .slice(0, 5)
        .map((c) => excerpt(c.name, 50))
        .join(', ') + (caps.length > 5 ? ', …' : '');
    const facts = {
      ...seen,
      shape: p.shape,
      version: p.version ?? 'none',
      services: p.services.length,
      serviceList: serviceList || 'none',
      endpoints: usable.length,
      capabilities: caps.length,
      capabilityList: capabilityList || 'none',
      paymentHandlers: p.paymentHandlers,
    };
    const matched =
      p.shape === 'nested'
        ? `UCP ${p.version ?? ''} (nested "ucp" profile)`.replace('  ', ' ')
        : `UCP draft profile (top-level protocol_version${p.version ? ` ${p.version}` : ''})`;
    const details = {
      shape: p.shape,
      version: p.version,
      services: p.services.map((s) => s.name),
      capabilities: caps.map((c) => c.name),
      endpoints: usable.slice(0, 10),
      redirected: a.probe.redirects.length > 0,
      cacheControlOk: cache === null,
    };
    if (missing.length) {
      return {
        status: 'partial',
        code: 'M1/incomplete',
        data: facts,
        findings: lacks,
        remedy: 'M1/complete-profile',
        remedyData: { missing: missing.join(', ') },
        matched,
        advisories,
        probes,
        details,
      };
    }
    return { status: 'pass', code: 'M1/ok', data: facts, matched, advisories, probes, details };
  },
  fixGuide(fx) {
    // The shape UCP publishes since 2026-04-08 (unchanged in UCP_LATEST): services and capabilities as arrays of versioned entries,
    // payment_handlers present even when empty.
    const v = UCP_LATEST;
    // The owner's UCP REST endpoint (validated http(s)) replaces the placeholder.
    const endpoint = givenValue(fx, 'commerceEndpoint');
    const profile = {
      ucp: {
        version: v,
        services: {
          'dev.ucp.shopping': [
            {
              version: v,
              spec: `https://ucp.dev/${v}/specification/overview`,
              transport: 'rest',
              endpoint: endpoint ?? `${fx.origin}/api/ucp`,
              schema: `https://ucp.dev/${v}/services/shopping/rest.openapi.json`,
            },
          ],
        },
        capabilities: {
          'dev.ucp.shopping.checkout': [
            { version: v, spec: `https://ucp.dev/${v}/specification/checkout`, schema: `https://ucp.dev/${v}/schemas/shopping/checkout.json` },
          ],
        },
        payment_handlers: {},
      },
    };
    const verify = verifyStep(
      sh`curl -si -H 'Accept: application/json' ${fx.origin}${UCP_PATH} | head -c 900`,
      'Expect HTTP 200 without a redirect, Cache-Control: public, max-age=3600, and JSON with a "ucp" object: version, services with an https endpoint, ' +
        'capabilities and payment_handlers (add your payment handlers there).',
    );
    // A platform that publishes the profile itself: nothing to write, only to check.
    const own = platformHook(fx, 'ucpProfile')?.(fx);
    if (own) return [...own, verify, specStep(SPEC)];
    return [
      {
        title: 'Check for a platform integration first',
        body:
          'Commerce platforms and payment providers are adding UCP; an official app or plugin keeps the profile in sync with your real checkout ' +
          'endpoints. Publish it yourself only if you implement the UCP endpoints.',
      },
      ...serveFileSteps(fx, {
        path: UCP_PATH,
        contentType: 'application/json',
        content: JSON.stringify(profile, null, 2) + '\n',
        lang: 'json',
        headers: { 'Cache-Control': 'public, max-age=3600' },
        ...(endpoint ? { source: 'owner' as const } : { source: 'example' as const, needs: ['commerceEndpoint' as const] }),
      }),
      verify,
      specStep(SPEC),
    ];
  },
});

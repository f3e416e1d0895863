/**
 * M3 x402: knock on a few URLs and look for HTTP 402 with machine-readable payment requirements,
 * either v1 (JSON body `{x402Version: 1, accepts[]}`) or v2 (`PAYMENT-REQUIRED` header, base64
 * JSON). Beyond the anchor set, it knocks on resources the site itself lists: its
 * `/.well-known/x402.json` manifest (a proposal: specs/extensions/well-known-discovery.md of
 * x402-foundation/x402 pull request #2646, open, not merged as of 2026-11-27) and OpenAPI operations
 * marked `x-payment-info`. The manifest only chooses URLs to knock on: a pass needs a real 402. Only the scanned
 * site is contacted: the reference scanner's extra lookup in a third-party registry (Coinbase
 * Bazaar) is deliberately not made.
 */
import { defineCheck, type SubFinding } from '../types.js';

import { BROWSER_ACCEPT, type FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { openApiBaseUrl, openApiDoc, openApiOperations } from '../../gather/openapi.js';
import { excerpt, isFound, isObject, parseJson } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { fillTemplate } from '../messages.js';
import { parseJsonBounded } from '../../gather/nesting.js';
import { platformHook, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { API_CATALOG_REQUEST } from '../../gather/api-catalog.js';

const SPEC = ['https://x402.org', 'https://docs.x402.org', 'https://github.com/x402-foundation/x402'];
export const X402_PATHS = ['/', '/api', '/api/v1'];
/** The per-origin discovery manifest proposed in x402 pull request #2646 (not merged). */
export const X402_MANIFEST_PATH = '/.well-known/x402.json';
/** At most this many advertised resources (manifest first, then OpenAPI) are knocked on. */
export const MAX_ADVERTISED = 5;
const API_ACCEPT = 'application/json, */*;q=0.1';
/** The anchors and the manifest as gather asks for them, declared ("/" is the page's own request when the page is the root). */
const X402_REQUESTS = [
  ...X402_PATHS.filter((p) => p !== '/').map((path) => ({ path, options: { accept: API_ACCEPT } })),
  { path: X402_MANIFEST_PATH, options: { accept: API_ACCEPT, maxBytes: 256 * 1024 } },
];

export interface X402Artifact {
  probes: FetchResult[];
  /** Where each probed URL came from. */
  sources: Record<string, 'anchor-set' | 'manifest' | 'openapi'>;
  /** The /.well-known/x402.json answer, when it was asked for. */
  manifest?: FetchResult;
}

export interface X402Requirements {
  version: number | null;
  carrier: 'PAYMENT-REQUIRED header' | 'JSON body';
  accepts: Record<string, unknown>[];
  /** Departures from x402 in requirements still read (advisories of a pass, the reason of a partial). */
  problems: Array<SubFinding<M3Advisory>>;
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'M3/no-version': 'no numeric x402Version',
  'M3/no-options': 'no payment options in accepts[]',
  'M3/option-lacks-fields': 'accepts[{index}] lacks {fields}',
} as const;
type M3Advisory = keyof typeof ADVISORIES;

/** Why a 402 answer carries no x402 requirements (without the path: decodeX402 words them alone). */
const FAILURES = {
  'M3/header-not-x402': 'PAYMENT-REQUIRED header decodes to JSON without x402Version/accepts',
  'M3/header-not-base64': 'PAYMENT-REQUIRED header is not base64 JSON ({error})',
  'M3/body-not-x402': 'JSON body without x402Version/accepts: "{start}"',
  'M3/mpp-challenge': 'a WWW-Authenticate: Payment challenge (MPP), not x402 requirements',
  'M3/no-requirements': 'no PAYMENT-REQUIRED header and no JSON body',
  'M3/incomplete-requirements': 'no payment options in accepts[]',
} as const;
type M3Failure = keyof typeof FAILURES;

/** M3's sub-findings: each probe (where it came from), then why a 402 was not x402 (at its path). */
const FINDINGS = {
  'M3/probed': '{seen:probe}',
  'M3/probed-openapi': '{seen:probe} [from OpenAPI]',
  'M3/probed-manifest': `{seen:probe} [from ${X402_MANIFEST_PATH}]`,
  'M3/not-manifest': `${X402_MANIFEST_PATH} is not a manifest with items[]`,
  ...(Object.fromEntries(Object.entries(FAILURES).map(([code, text]) => [code, `{path}: ${text}`])) as { [K in M3Failure]: string }),
} as const;
type M3Finding = keyof typeof FINDINGS;

function decodeBase64Json(value: string): unknown {
  const b64 = value.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]+=*$/.test(b64)) throw new Error('not base64');
  return parseJsonBounded(Buffer.from(b64, 'base64').toString('utf8'));
}

const V1_FIELDS = ['scheme', 'network', 'maxAmountRequired', 'payTo', 'asset', 'resource'];
const V2_FIELDS = ['scheme', 'network', 'amount', 'payTo', 'asset'];

function readRequirements(v: unknown, carrier: X402Requirements['carrier']): X402Requirements | null {
  if (!isObject(v) || (v.x402Version === undefined && !Array.isArray(v.accepts))) return null;
  const version = typeof v.x402Version === 'number' ? v.x402Version : null;
  const accepts = Array.isArray(v.accepts) ? v.accepts.filter(isObject).slice(0, 20) : [];
  const problems: Array<SubFinding<M3Advisory>> = [];
  if (version === null) problems.push({ code: 'M3/no-version' });
  if (!accepts.length) problems.push({ code: 'M3/no-options' });
  const fields = version !== null && version >= 2 ? V2_FIELDS : V1_FIELDS;
  accepts.slice(0, 5).forEach((a, i) => {
    const missing = fields.filter((f) => a[f] === undefined || a[f] === '');
    if (missing.length) problems.push({ code: 'M3/option-lacks-fields', data: { index: i, fields: missing.join(', ') } });
  });
  return { version, carrier, accepts, problems };
}

/** Why a 402 is not x402: the failure's code and data, and the same as text. */
export interface X402Failure {
  failure: M3Failure;
  data?: Record<string, string>;
  error: string;
}

function failed(failure: M3Failure, data?: Record<string, string>): X402Failure {
  return { failure, ...(data ? { data } : {}), error: fillTemplate(FAILURES[failure], data, failure) };
}

/** Payment requirements of a 402 answer: v2 header first, then a v1 (or v2) JSON body. */
export function decodeX402(res: FetchResult): X402Requirements | X402Failure {
  const header = res.headers['payment-required'];
  if (header) {
    try {
      const r = readRequirements(decodeBase64Json(header), 'PAYMENT-REQUIRED header');
      if (r) return r;
      return failed('M3/header-not-x402');
    } catch (e) {
      return failed('M3/header-not-base64', { error: (e as Error).message.slice(0, 80) });
    }
  }
  const parsed = parseJson(res);
  if (parsed.ok) {
    const r = readRequirements(parsed.value, 'JSON body');
    if (r) return r;
    return failed('M3/body-not-x402', { start: excerpt(res.text, 80) });
  }
  const mpp = /^\s*payment\b/i.test(res.headers['www-authenticate'] ?? '');
  return failed(mpp ? 'M3/mpp-challenge' : 'M3/no-requirements');
}

/** The path of a probe on the scanned origin (else its whole URL). */
function pathOn(url: string, origin: string): string {
  return url.startsWith(origin) ? url.slice(origin.length) || '/' : url;
}

/**
 * Resource URLs a `/.well-known/x402.json` manifest lists (`items[].resource.url`, or a bare
 * `resource` string as facilitator discovery lists write it), HTTP items with GET first; route
 * templates (`:city`, `{id}`) are skipped because we cannot fill them. Empty when it is no manifest.
 */
export function manifestResources(res: FetchResult | undefined): string[] {
  if (!res || !isFound(res)) return [];
  const parsed = parseJson(res);
  if (!parsed.ok || !isObject(parsed.value) || !Array.isArray(parsed.value.items)) return [];
  const items = parsed.value.items.slice(0, 200).filter(isObject);
  const entries: Array<{ url: string; get: boolean }> = [];
  for (const it of items) {
    if (it.type !== undefined && it.type !== 'http') continue;
    const url = isObject(it.resource) ? it.resource.url : it.resource;
    if (typeof url !== 'string' || /[{}]|\/:[A-Za-z_]/.test(url)) continue;
    const method = isObject(it.input) && typeof it.input.method === 'string' ? it.input.method.toUpperCase() : 'GET';
    entries.push({ url, get: method === 'GET' });
  }
  // GET first: we never send other methods, and a GET is what a 402 gate answers most reliably.
  return entries.sort((x, y) => Number(y.get) - Number(x.get)).map((e) => e.url);
}

/** Is `url` on the scanned site (same host, or a subdomain of its registrable-looking base)? */
function sameSite(url: string, origin: string): boolean {
  try {
    const h = new URL(url).hostname;
    const base = new URL(origin).hostname.replace(/^www\./, '');
    return h === base || h.endsWith(`.${base}`) || h === new URL(origin).hostname;
  } catch {
    return false;
  }
}

/** How many endpoints were probed, or which answered 402 with a usable challenge and its version. */
export interface X402Details {
  probed?: number;
  paid?: string[];
  version?: number | null;
  /** Whether /.well-known/x402.json answered as a manifest listing resources. */
  manifest?: boolean;
}

export const m3X402 = defineCheck<X402Artifact>()({
  meta: {
    id: 'M3',
    name: 'x402 payment-required responses',
    dimension: 'commerce',
    requests: [...X402_REQUESTS, API_CATALOG_REQUEST],
    tier: 'bonus',
    weight: 3,
    anchorKey: 'x402',
    specUrls: SPEC,
    standards: ['x402', 'openapi'],
    summary:
      `GET ${X402_PATHS.join(', ')} (plus up to ${MAX_ADVERTISED} endpoints listed by ${X402_MANIFEST_PATH} or marked payable in the OpenAPI ` +
      `description) looking for HTTP 402 with x402 requirements: a v1 JSON body or a v2 PAYMENT-REQUIRED header, with accepts[].`,
    why: 'x402 lets an agent pay per request in stablecoins and retry, with no account or API key; the 402 answer is how it learns the price.',
    remediation: 'Protect paid endpoints with x402 middleware (@x402/express, @x402/next, @x402/hono) so unpaid requests get 402 with payment requirements.',
    remedies: {
      'M3/answer-402':
        'Answer 402 with x402 payment requirements: a PAYMENT-REQUIRED header (v2, base64 JSON) or a JSON body with x402Version and accepts[] (v1).',
    },
    codes: {
      'M3/missing': 'no HTTP 402 on any probed URL',
      'M3/unparseable': 'partial: HTTP 402 without parseable x402 payment requirements',
      'M3/ok': 'HTTP 402 with x402 payment requirements',
    },
    messages: {
      'M3/missing': 'No HTTP 402 on any probed URL: {findings}.',
      'M3/unparseable': 'HTTP 402 without parseable x402 requirements: {findings}.',
      'M3/ok': '402 with x402 requirements (version {version}, {carrier}) at {where}: {options} payment option(s), first: {offer}. Probed: {findings}.',
    },
    findings: FINDINGS,
    // The site's own words: a body's start, its offer's fields; and the base64/JSON decoder's message.
    quoted: ['start', 'error', 'offer'],
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    const sources: X402Artifact['sources'] = {};
    const anchor = X402_PATHS.map((p) => {
      const url = ctx.resolve(p);
      sources[url] = 'anchor-set';
      // "/" is asked for like the page, so it is the same request when the page is the root.
      return ctx.fetch(url, { accept: p === '/' ? BROWSER_ACCEPT : API_ACCEPT });
    });
    const manifestProbe = ctx.fetch(X402_MANIFEST_PATH, { accept: API_ACCEPT, maxBytes: 256 * 1024 });
    const openApiUrls = openApiDoc(ctx).then((a) => {
      if (!a.found) return [] as string[];
      const base = openApiBaseUrl(a.found);
      const payable = openApiOperations(a.found.doc)
        .filter((o) => o.operation['x-payment-info'] !== undefined && !/[{}]/.test(o.path))
        // GET operations first: we never send other methods, and a GET is what a 402 gate answers most reliably.
        .sort((x, y) => Number(y.method === 'get') - Number(x.method === 'get'));
      const urls: string[] = [];
      for (const o of payable) {
        try {
          urls.push(new URL(o.path.replace(/^\//, ''), base).href);
        } catch {}
      }
      return urls;
    });
    const [manifest, fromOpenApi] = await Promise.all([manifestProbe, openApiUrls]);
    const advertised: string[] = [];
    const take = (candidates: string[], source: 'manifest' | 'openapi') => {
      for (const raw of candidates) {
        if (advertised.length >= MAX_ADVERTISED) return;
        let url: string;
        try {
          url = new URL(raw, ctx.origin).href;
        } catch {
          continue;
        }
        if (!sameSite(url, ctx.origin) || sources[url]) continue;
        sources[url] = source;
        advertised.push(url);
      }
    };
    take(manifestResources(manifest), 'manifest');
    take(fromOpenApi, 'openapi');
    const probes = await Promise.all([...anchor, ...advertised.map((u) => ctx.fetch(u, { accept: API_ACCEPT }))]);
    return { probes, sources, manifest };
  },
  evaluate({ probes, sources, manifest }, { origin }) {
    const payments = probes.filter((p) => p.status === 402);
    const tag = { 'anchor-set': 'M3/probed', openapi: 'M3/probed-openapi', manifest: 'M3/probed-manifest' } as const;
    const listed = manifestResources(manifest).length > 0;
    const list: Array<SubFinding<M3Finding>> = probes.map((p) => ({ code: tag[sources[p.requestedUrl] ?? 'anchor-set'], data: probeData(p, origin) }));
    if (!listed && manifest && isFound(manifest)) list.push({ code: 'M3/not-manifest' });
    // Every request this check made is shown, the manifest included; `probed` counts the knocks.
    const shown = manifest ? [...probes, manifest] : probes;
    if (!payments.length) {
      return { status: 'fail', code: 'M3/missing', findings: list, probes: shown, details: { probed: probes.length, manifest: listed } as X402Details };
    }
    const decoded = payments.map((p) => ({ probe: p, req: decodeX402(p) }));
    const good = decoded.filter((d): d is { probe: FetchResult; req: X402Requirements } => 'accepts' in d.req && d.req.accepts.length > 0);
    if (good.length) {
      const first = good[0];
      const a0 = first.req.accepts[0];
      const v = first.req.version;
      const offer = [a0.scheme, a0.network, a0.amount ?? a0.maxAmountRequired, a0.asset && `asset ${excerpt(String(a0.asset), 20)}`]
        .filter(Boolean)
        .map((x) => excerpt(String(x), 40))
        .join(' ');
      const where = pathOn(first.probe.requestedUrl, origin);
      return {
        status: 'pass',
        code: 'M3/ok',
        data: { version: v ?? 'none', carrier: first.req.carrier, where, options: first.req.accepts.length, offer },
        findings: list,
        matched: v !== null && v >= 2 ? `x402 v${v} (PAYMENT-REQUIRED header)` : `x402 v${v ?? 1} (JSON body)`,
        advisories: good.flatMap((g) => g.req.problems).slice(0, 5),
        probes: shown,
        details: { paid: good.map((g) => g.probe.requestedUrl), version: v, manifest: listed },
      };
    }
    // A 402 with requirements but no options, or one that is no x402 at all, at its path; then what was probed.
    const why: Array<SubFinding<M3Finding>> = decoded.map(({ probe, req }) => {
      const path = pathOn(probe.requestedUrl, origin);
      return 'failure' in req ? { code: req.failure, data: { path, ...req.data } } : { code: 'M3/incomplete-requirements', data: { path } };
    });
    return {
      status: 'partial',
      code: 'M3/unparseable',
      findings: [...why, ...list],
      remedy: 'M3/answer-402',
      probes: shown,
    };
  },
  fixGuide(fx) {
    const routes =
      `{\n    'GET /api/premium': {\n      accepts: [{ scheme: 'exact', price: '$0.01', network: 'eip155:8453', payTo: process.env.PAY_TO ` +
      `}],\n      description: 'Premium data',\n      mimeType: 'application/json',\n    },\n  }`;
    const server =
      `const resourceServer = new x402ResourceServer(\n  new HTTPFacilitatorClient({ url: process.env.FACILITATOR_URL ` +
      `}),\n).register('eip155:*', new ExactEvmScheme());`;
    const step: FixStep = platformHook(fx, 'x402Middleware')?.(fx, { routes, server }) ?? {
      title: 'Add x402 middleware to your API (Express, Hono or Next.js)',
      body:
        'npm install @x402/express (or @x402/hono, @x402/next) @x402/core @x402/evm. For Hono the call is the same with `import { ' +
        "paymentMiddleware, x402ResourceServer } from '@x402/hono'`; Python (FastAPI, Flask) and Go SDKs exist too. Static or hosted shops (Shopify, " +
        'WordPress) need an API server or edge function in front of the paid endpoints.',
      code:
        `import { paymentMiddleware, x402ResourceServer } from '@x402/express';\nimport { HTTPFacilitatorClient } from '@x402/core/server';\nimport ` +
        `{ ExactEvmScheme } from '@x402/evm/exact/server';\n\n${server}\n\napp.use(paymentMiddleware(${routes}, resourceServer));\n`,
      lang: 'ts',
    };
    return [
      // The middleware runs on the owner's server with the owner's wallet and facilitator.
      { ...step, needs: ['paymentAddress'] },
      {
        title: 'Mark payable operations in your OpenAPI description',
        body: 'Add x-payment-info to each paid operation so agents (and this scanner) find them without guessing; see check M5.',
      },
      verifyStep(
        sh`curl -si ${fx.origin}/api/premium | grep -iE '^HTTP|^payment-required'`,
        'Expect HTTP 402 with a PAYMENT-REQUIRED header (base64 JSON with x402Version and accepts[]); decode it with: base64 -d.',
      ),
      specStep(SPEC),
    ];
  },
});

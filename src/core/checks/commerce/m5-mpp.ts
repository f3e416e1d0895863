/**
 * M5 MPP (Machine Payments Protocol) discovery, per draft-payment-discovery-01: payable operations
 * of /openapi.json carry `x-payment-info`, either one offer `{intent (charge|session), method,
 * amount}` or `{offers: [...]}` (the form new documents SHOULD use; clients MUST read both). `amount`
 * is a base-unit integer string, or null for dynamic pricing. Each payable operation MUST declare a
 * 402 response. Reads the OpenAPI document A8 found (memoised, no new requests).
 */
import { cleanPath } from '../../fixes/platforms/shared.js';
import { defineCheck, type SubFinding } from '../types.js';
import { openApiDoc, openApiOperations, type OpenApiArtifact } from '../../gather/openapi.js';
import { describeProbe, excerpt, isObject, isSoft404 } from '../../gather/classify.js';
import { verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { API_CATALOG_REQUEST } from '../../gather/api-catalog.js';

const SPEC = ['https://mpp.dev', 'https://github.com/tempoxyz/mpp-specs/blob/main/specs/extensions/draft-payment-discovery-01.md'];
const INTENTS = ['charge', 'session'];
/** draft-payment-discovery-01: a non-null amount is ASCII digits in the smallest unit, no leading zeros. */
const BASE_UNITS_RE = /^(0|[1-9][0-9]*)$/;

export interface PaymentInfoFinding {
  operation: string;
  complete: boolean;
  problems: string[];
  /** Departures from the draft that do not stop an agent reading the offer (said as advisories). */
  notes: string[];
  summary: string;
}

function offerProblems(o: Record<string, unknown>): string[] {
  const p: string[] = [];
  if (!INTENTS.includes(o.intent as string))
    p.push(o.intent === undefined ? 'no intent' : `intent "${excerpt(String(o.intent), 20)}" is not charge or session`);
  if (typeof o.method !== 'string' || !o.method.trim()) p.push('no method');
  // null is allowed: it announces dynamic pricing; absent or empty is not.
  if (o.amount === undefined || o.amount === '') p.push('no amount');
  return p;
}

/** The x402scan/MPPscan registry shape `{price: {...}, protocols: [...]}`, which the draft does not define. */
const isScanShape = (info: Record<string, unknown>): boolean =>
  info.intent === undefined && info.offers === undefined && (isObject(info.price) || Array.isArray(info.protocols));

/** Reads one `x-payment-info` value: a single offer or `{offers: [...]}`. */
export function readPaymentInfo(operation: string, info: unknown): PaymentInfoFinding {
  if (!isObject(info)) return { operation, complete: false, problems: ['x-payment-info is not an object'], notes: [], summary: '' };
  if (isScanShape(info)) {
    return {
      operation,
      complete: false,
      problems: ['x402scan-style price/protocols object, not the offer fields (intent, method, amount) of draft-payment-discovery-01'],
      notes: [],
      summary: '',
    };
  }
  const offers = Array.isArray(info.offers) ? info.offers.filter(isObject) : [info];
  if (!offers.length) return { operation, complete: false, problems: ['offers[] is empty'], notes: [], summary: '' };
  const perOffer = offers.slice(0, 10).map(offerProblems);
  const complete = perOffer.some((p) => !p.length);
  const best = offers[perOffer.findIndex((p) => !p.length)] ?? offers[0];
  const summary = [best.intent, best.method, best.amount === null ? 'dynamic price' : best.amount, best.currency]
    .filter((x) => x !== undefined)
    .map((x) => excerpt(String(x), 20))
    .join(' ');
  const notes: string[] = [];
  const badAmounts = offers
    .slice(0, 10)
    .filter((o) => o.amount !== null && o.amount !== undefined && o.amount !== '' && !(typeof o.amount === 'string' && BASE_UNITS_RE.test(o.amount)));
  if (badAmounts.length) notes.push(`amount ${excerpt(JSON.stringify(badAmounts[0].amount), 20)} is not a base-unit integer string (e.g. "50" for 0.50 USD)`);
  return { operation, complete, problems: complete ? [] : perOffer[0], notes, summary };
}

/** Whether an operation declares a 402 response, as the draft requires of payable operations. */
const declares402 = (operation: Record<string, unknown>): boolean => isObject(operation.responses) && operation.responses['402'] !== undefined;

/**
 * Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not
 * compile. One per operation, its problems (or departures) listed.
 */
const ADVISORIES = {
  'M5/incomplete-offer': '{operation}: {problems}',
  'M5/draft-departures': '{operation}: {notes} (draft-payment-discovery-01)',
} as const;
type M5Advisory = keyof typeof ADVISORIES;

/** The departures of each operation that has some (at most five operations). */
const departures = (findings: PaymentInfoFinding[]): Array<SubFinding<M5Advisory>> =>
  findings
    .filter((f) => f.notes.length)
    .slice(0, 5)
    .map((f) => ({ code: 'M5/draft-departures', data: { operation: excerpt(f.operation, 60), notes: f.notes.join(', ') } }));

export const m5Mpp = defineCheck<OpenApiArtifact>()({
  meta: {
    id: 'M5',
    name: 'MPP payment discovery',
    dimension: 'commerce',
    requests: [API_CATALOG_REQUEST],
    tier: 'bonus',
    weight: 2,
    anchorKey: 'mpp',
    specUrls: SPEC,
    standards: ['mpp', 'openapi'],
    summary:
      'The OpenAPI description marks payable operations with x-payment-info (one offer or offers[] of intent charge|session, method, amount), the Machine Payments Protocol discovery draft.',
    why: 'Agents can budget and pay for API calls up front when the description says which operations cost money, how much, and by which payment method.',
    remediation:
      'Add x-payment-info {offers: [{intent, method, amount, currency}]} and a 402 response to each paid operation of your OpenAPI description (/openapi.json).',
    codes: {
      'M5/no-openapi': 'no OpenAPI description to read x-payment-info from (see A8)',
      'M5/missing': 'an OpenAPI description with no x-payment-info',
      'M5/incomplete': 'partial: x-payment-info without intent, method or amount',
      'M5/ok': 'operations with complete x-payment-info',
    },
    messages: {
      'M5/no-openapi': 'No OpenAPI description to read x-payment-info from ({probed} location(s) probed{soft404}; see A8).',
      'M5/missing': '{seen}: {operations} operation(s), none with x-payment-info.{service}',
      'M5/incomplete': '{seen}: {count} operation(s) with incomplete x-payment-info: {incomplete}.{service}',
      'M5/ok': '{seen}: {complete} of {operations} operation(s) with complete x-payment-info: {list}.{service}',
    },
    advisories: ADVISORIES,
  },
  gather: (ctx) => openApiDoc(ctx),
  evaluate(a, { origin }) {
    const probes = a.probes;
    if (!a.found) {
      const soft = probes.filter(isSoft404).length;
      return {
        status: 'fail',
        code: 'M5/no-openapi',
        data: { probed: probes.length, soft404: soft ? `, ${soft} answered an HTML page: likely soft 404` : '' },
        probes,
      };
    }
    const ops = openApiOperations(a.found.doc);
    const findings = ops
      .filter((o) => o.operation['x-payment-info'] !== undefined)
      .map((o) => {
        const f = readPaymentInfo(`${o.method.toUpperCase()} ${o.path}`, o.operation['x-payment-info']);
        if (!declares402(o.operation)) f.notes.push('no 402 response declared');
        return f;
      });
    const seen = describeProbe(a.found.probe, origin);
    const service = isObject(a.found.doc['x-service-info']) ? ' The document has x-service-info.' : '';
    const probesUsed = [a.found.probe];
    if (!findings.length) {
      return { status: 'fail', code: 'M5/missing', data: { seen, operations: ops.length, service }, probes: probesUsed };
    }
    const complete = findings.filter((f) => f.complete);
    const incomplete = findings.filter((f) => !f.complete);
    const advisories: Array<SubFinding<M5Advisory>> = [
      ...incomplete
        .slice(0, 5)
        .map((f) => ({ code: 'M5/incomplete-offer' as const, data: { operation: excerpt(f.operation, 60), problems: f.problems.join(', ') } })),
      ...departures(findings),
    ];
    const list = (fs: PaymentInfoFinding[]) =>
      fs
        .slice(0, 5)
        .map((f) => `${excerpt(f.operation, 60)}${f.summary ? ` (${f.summary})` : ''}`)
        .join(', ');
    if (complete.length) {
      return {
        status: 'pass',
        code: 'M5/ok',
        data: { seen, complete: complete.length, operations: ops.length, list: list(complete), service },
        matched: 'MPP x-payment-info (OpenAPI extension)',
        advisories,
        probes: probesUsed,
        details: { payable: complete.map((f) => f.operation) },
      };
    }
    return {
      status: 'partial',
      code: 'M5/incomplete',
      data: {
        seen,
        count: incomplete.length,
        incomplete: incomplete
          .slice(0, 5)
          .map((f) => `${excerpt(f.operation, 60)} (${f.problems.join(', ')})`)
          .join('; '),
        service,
      },
      remediation:
        'Give every x-payment-info offer an intent (charge or session), a method (e.g. stripe, tempo, lightning, card) and an amount in base units (null for dynamic pricing).',
      advisories: departures(findings),
      probes: probesUsed,
    };
  },
  fixGuide(fx) {
    const snippet = {
      paths: {
        '/api/report': {
          get: {
            operationId: 'getReport',
            // The multi-offer form new documents SHOULD use; amount in the smallest unit (50 = 0.50 USD).
            'x-payment-info': { offers: [{ intent: 'charge', method: 'stripe', amount: '50', currency: 'usd', description: 'One report' }] },
            responses: { '200': { description: 'The report' }, '402': { description: 'Payment Required' } },
          },
        },
      },
    };
    return [
      {
        title: 'Annotate paid operations in your OpenAPI description',
        body: 'Add x-payment-info to every operation that costs money, and a 402 response beside it (keep the rest of the document; check A8 covers publishing it at /openapi.json). intent is charge (per call) or session (metered); amount is a string of digits in the smallest currency unit, or null when the price depends on the request.',
        code: JSON.stringify(snippet, null, 2),
        lang: 'json',
        // The file's path only (never the site's query), cleaned; fix refuses any path that would leave the static folder.
        publish: { kind: 'merge', path: openapiFile(fx.found?.openapi, fx.origin), content: JSON.stringify(snippet) },
        // The prices and the payment method are the owner's: the operation shown is a sample.
        source: 'example',
        needs: ['paymentAddress'],
      },
      {
        title: 'Generate it with your spec',
        body: 'If the description is generated (zod-openapi, tsoa, FastAPI, NestJS), add the extension in the route metadata so it stays in sync with real prices.',
      },
      verifyStep(
        sh`curl -s ${fx.found?.openapi ?? `${fx.origin}/openapi.json`} | grep -o '"x-payment-info"' | wc -l`,
        'Expect one x-payment-info per paid operation.',
      ),
      specStep(SPEC),
    ];
  },
});

/** The project file of the site's OpenAPI document: its path on the scanned origin (no query), else /openapi.json. */
function openapiFile(found: string | null | undefined, origin: string): string {
  if (!found) return '/openapi.json';
  try {
    const u = new URL(found, origin);
    return u.origin === origin ? cleanPath(u.pathname) : '/openapi.json';
  } catch {
    return '/openapi.json';
  }
}

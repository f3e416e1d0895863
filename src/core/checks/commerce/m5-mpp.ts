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
import { excerpt, isObject, isSoft404 } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { fillTemplate } from '../messages.js';
import { verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { API_CATALOG_REQUEST } from '../../gather/api-catalog.js';

const SPEC = ['https://mpp.dev', 'https://github.com/tempoxyz/mpp-specs/blob/main/specs/extensions/draft-payment-discovery-01.md'];
const INTENTS = ['charge', 'session'];
/** draft-payment-discovery-01: a non-null amount is ASCII digits in the smallest unit, no leading zeros. */
const BASE_UNITS_RE = /^(0|[1-9][0-9]*)$/;

/** What keeps an agent from reading an offer, and the draft's departures an agent reads past. */
const ISSUES = {
  'no-intent': 'no intent',
  'bad-intent': 'intent "{intent}" is not charge or session',
  'no-method': 'no method',
  'no-amount': 'no amount',
  'not-object': 'x-payment-info is not an object',
  'scan-shape': 'x402scan-style price/protocols object, not the offer fields (intent, method, amount) of draft-payment-discovery-01',
  'no-offers': 'offers[] is empty',
  'amount-not-base-units': 'amount {amount} is not a base-unit integer string (e.g. "50" for 0.50 USD)',
  'no-402': 'no 402 response declared',
} as const;
type IssueKind = keyof typeof ISSUES;
type Problem = Exclude<IssueKind, 'amount-not-base-units' | 'no-402'>;
type Departure = Extract<IssueKind, 'amount-not-base-units' | 'no-402'>;

/** One issue of an operation's x-payment-info, with the site's value it quotes. */
export interface PaymentIssue<K extends IssueKind = IssueKind> {
  kind: K;
  data?: Record<string, string>;
}

export interface PaymentInfoFinding {
  operation: string;
  complete: boolean;
  /** The problems as text (the same as `issues`, worded). */
  problems: string[];
  issues: Array<PaymentIssue<Problem>>;
  /** Departures from the draft that do not stop an agent reading the offer (said as advisories). */
  notes: string[];
  departures: Array<PaymentIssue<Departure>>;
  summary: string;
}

const worded = (i: PaymentIssue): string => fillTemplate(ISSUES[i.kind], i.data, i.kind);

function offerProblems(o: Record<string, unknown>): Array<PaymentIssue<Problem>> {
  const p: Array<PaymentIssue<Problem>> = [];
  if (!INTENTS.includes(o.intent as string))
    p.push(o.intent === undefined ? { kind: 'no-intent' } : { kind: 'bad-intent', data: { intent: excerpt(String(o.intent), 20) } });
  if (typeof o.method !== 'string' || !o.method.trim()) p.push({ kind: 'no-method' });
  // null is allowed: it announces dynamic pricing; absent or empty is not.
  if (o.amount === undefined || o.amount === '') p.push({ kind: 'no-amount' });
  return p;
}

/** A finding from its issues (the texts follow from them). */
function finding(
  operation: string,
  complete: boolean,
  issues: Array<PaymentIssue<Problem>>,
  departures: Array<PaymentIssue<Departure>>,
  summary: string,
): PaymentInfoFinding {
  return { operation, complete, issues, problems: issues.map(worded), departures, notes: departures.map(worded), summary };
}

/** Adds a departure to a finding (its text too). */
export function addDeparture(f: PaymentInfoFinding, d: PaymentIssue<Departure>): void {
  f.departures.push(d);
  f.notes.push(worded(d));
}

/** The x402scan/MPPscan registry shape `{price: {...}, protocols: [...]}`, which the draft does not define. */
const isScanShape = (info: Record<string, unknown>): boolean =>
  info.intent === undefined && info.offers === undefined && (isObject(info.price) || Array.isArray(info.protocols));

/** Reads one `x-payment-info` value: a single offer or `{offers: [...]}`. */
export function readPaymentInfo(operation: string, info: unknown): PaymentInfoFinding {
  if (!isObject(info)) return finding(operation, false, [{ kind: 'not-object' }], [], '');
  if (isScanShape(info)) return finding(operation, false, [{ kind: 'scan-shape' }], [], '');
  const offers = Array.isArray(info.offers) ? info.offers.filter(isObject) : [info];
  if (!offers.length) return finding(operation, false, [{ kind: 'no-offers' }], [], '');
  const perOffer = offers.slice(0, 10).map(offerProblems);
  const complete = perOffer.some((p) => !p.length);
  const best = offers[perOffer.findIndex((p) => !p.length)] ?? offers[0];
  const summary = [best.intent, best.method, best.amount === null ? 'dynamic price' : best.amount, best.currency]
    .filter((x) => x !== undefined)
    .map((x) => excerpt(String(x), 20))
    .join(' ');
  const notes: Array<PaymentIssue<Departure>> = [];
  const badAmounts = offers
    .slice(0, 10)
    .filter((o) => o.amount !== null && o.amount !== undefined && o.amount !== '' && !(typeof o.amount === 'string' && BASE_UNITS_RE.test(o.amount)));
  if (badAmounts.length) notes.push({ kind: 'amount-not-base-units', data: { amount: excerpt(JSON.stringify(badAmounts[0].amount), 20) } });
  return finding(operation, complete, complete ? [] : perOffer[0], notes, summary);
}

/** Whether an operation declares a 402 response, as the draft requires of payable operations. */
const declares402 = (operation: Record<string, unknown>): boolean => isObject(operation.responses) && operation.responses['402'] !== undefined;

/**
 * Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not
 * compile. One per operation, its problems (or departures) listed.
 */
const ADVISORIES = {
  ...(Object.fromEntries(Object.entries(ISSUES).map(([k, text]) => [`M5/offer-${k}`, `{operation}: ${text}`])) as {
    [K in Problem as `M5/offer-${K}`]: string;
  }),
  'M5/amount-not-base-units': `{operation}: ${ISSUES['amount-not-base-units']} (draft-payment-discovery-01)`,
  'M5/no-402': `{operation}: ${ISSUES['no-402']} (draft-payment-discovery-01)`,
};
type M5Advisory = keyof typeof ADVISORIES;

/** The problems of an operation as sub-findings (M5/incomplete), and each payable operation (M5/ok). */
const FINDINGS = {
  ...(Object.fromEntries(Object.entries(ISSUES).map(([k, text]) => [`M5/${k}`, `{operation}: ${text}`])) as { [K in Problem as `M5/${K}`]: string }),
  'M5/payable': '{operation} ({summary})',
};
type M5Finding = keyof typeof FINDINGS;

/** The problems of an incomplete operation as advisories (of a pass). */
const problemNotes = (f: PaymentInfoFinding): Array<SubFinding<M5Advisory>> =>
  f.issues.map((i) => ({ code: `M5/offer-${i.kind}` as const, data: { operation: excerpt(f.operation, 60), ...i.data } }));

/** The departures of each operation that has some (at most five operations). */
const departures = (findings: PaymentInfoFinding[]): Array<SubFinding<M5Advisory>> =>
  findings
    .filter((f) => f.departures.length)
    .slice(0, 5)
    .flatMap((f) => f.departures.map((d) => ({ code: `M5/${d.kind}` as const, data: { operation: excerpt(f.operation, 60), ...d.data } })));

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
      'The OpenAPI description marks payable operations with x-payment-info (one offer or offers[] of intent charge|session, method, amount), the ' +
      'Machine Payments Protocol discovery draft.',
    why: 'Agents can budget and pay for API calls up front when the description says which operations cost money, how much, and by which payment method.',
    remediation:
      'Add x-payment-info {offers: [{intent, method, amount, currency}]} and a 402 response to each paid operation of your OpenAPI description ' +
      '(/openapi.json).',
    remedies: {
      'M5/complete-offers':
        'Give every x-payment-info offer an intent (charge or session), a method (e.g. stripe, tempo, lightning, card) and an amount in base units ' +
        '(null for dynamic pricing).',
    },
    codes: {
      'M5/no-openapi': 'no OpenAPI description to read x-payment-info from (see A8)',
      'M5/missing': 'an OpenAPI description with no x-payment-info',
      'M5/incomplete': 'partial: x-payment-info without intent, method or amount',
      'M5/ok': 'operations with complete x-payment-info',
    },
    messages: {
      'M5/no-openapi':
        'No OpenAPI description to read x-payment-info from ({probed} location(s) probed, {soft404} of them an HTML page: likely soft 404; see A8).',
      'M5/missing': '{seen:probe}: {operations} operation(s), none with x-payment-info. x-service-info: {serviceInfo}.',
      'M5/incomplete': '{seen:probe}: {count} operation(s) with incomplete x-payment-info: {findings}. x-service-info: {serviceInfo}.',
      'M5/ok': '{seen:probe}: {complete} of {operations} operation(s) with complete x-payment-info: {findings}. x-service-info: {serviceInfo}.',
    },
    findings: FINDINGS,
    // The document's own words: operation paths, the offer's values (intent, amount, its summary).
    quoted: ['operation', 'intent', 'amount', 'summary'],
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
        data: { probed: probes.length, soft404: soft },
        probes,
      };
    }
    const ops = openApiOperations(a.found.doc);
    const findings = ops
      .filter((o) => o.operation['x-payment-info'] !== undefined)
      .map((o) => {
        const f = readPaymentInfo(`${o.method.toUpperCase()} ${o.path}`, o.operation['x-payment-info']);
        if (!declares402(o.operation)) addDeparture(f, { kind: 'no-402' });
        return f;
      });
    const seen = probeData(a.found.probe, origin);
    const service = { serviceInfo: isObject(a.found.doc['x-service-info']) ? 'present' : 'absent' };
    const probesUsed = [a.found.probe];
    if (!findings.length) {
      return { status: 'fail', code: 'M5/missing', data: { ...seen, operations: ops.length, ...service }, probes: probesUsed };
    }
    const complete = findings.filter((f) => f.complete);
    const incomplete = findings.filter((f) => !f.complete);
    const advisories: Array<SubFinding<M5Advisory>> = [...incomplete.slice(0, 5).flatMap(problemNotes), ...departures(findings)];
    const payable = complete
      .slice(0, 5)
      .map((f): SubFinding<M5Finding> => ({ code: 'M5/payable', data: { operation: excerpt(f.operation, 60), summary: f.summary } }));
    if (complete.length) {
      return {
        status: 'pass',
        code: 'M5/ok',
        data: { ...seen, complete: complete.length, operations: ops.length, ...service },
        findings: payable,
        matched: 'MPP x-payment-info (OpenAPI extension)',
        advisories,
        probes: probesUsed,
        details: { payable: complete.map((f) => f.operation) },
      };
    }
    return {
      status: 'partial',
      code: 'M5/incomplete',
      data: { ...seen, count: incomplete.length, ...service },
      findings: incomplete
        .slice(0, 5)
        .flatMap((f) => f.issues.map((i): SubFinding<M5Finding> => ({ code: `M5/${i.kind}`, data: { operation: excerpt(f.operation, 60), ...i.data } }))),
      remedy: 'M5/complete-offers',
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
        body:
          'Add x-payment-info to every operation that costs money, and a 402 response beside it (keep the rest of the document; check A8 covers ' +
          'publishing it at /openapi.json). intent is charge (per call) or session (metered); amount is a string of digits in the smallest currency ' +
          'unit, or null when the price depends on the request.',
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
        body:
          'If the description is generated (zod-openapi, tsoa, FastAPI, NestJS), add the extension in the route metadata so it stays in sync with ' +
          'real prices.',
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

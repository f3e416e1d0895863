/**
 * M5 MPP (Machine Payments Protocol) discovery: payable operations of the OpenAPI description
 * carry `x-payment-info` with intent (charge|session), method and amount; a later form lists
 * `offers[]` of the same shape. Reads the OpenAPI document A8 found (memoised, no new requests).
 */
import { defineCheck } from '../types.js';
import { openApiDoc, openApiOperations, type OpenApiArtifact } from '../../gather/openapi.js';
import { describeProbe, excerpt, isObject, isSoft404 } from '../../gather/classify.js';
import { verifyStep, specStep } from '../../fixes/platform-steps.js';

const SPEC = ['https://mpp.dev', 'https://mpp.dev/advanced/discovery'];
const INTENTS = ['charge', 'session'];

export interface PaymentInfoFinding {
  operation: string;
  complete: boolean;
  problems: string[];
  summary: string;
}

function offerProblems(o: Record<string, unknown>): string[] {
  const p: string[] = [];
  if (!INTENTS.includes(o.intent as string)) p.push(o.intent === undefined ? 'no intent' : `intent "${excerpt(String(o.intent), 20)}" is not charge or session`);
  if (typeof o.method !== 'string' || !o.method.trim()) p.push('no method');
  if (o.amount === undefined || o.amount === null || o.amount === '') p.push('no amount');
  return p;
}

/** Reads one `x-payment-info` value: a single offer or `{offers: [...]}`. */
export function readPaymentInfo(operation: string, info: unknown): PaymentInfoFinding {
  if (!isObject(info)) return { operation, complete: false, problems: ['x-payment-info is not an object'], summary: '' };
  const offers = Array.isArray(info.offers) ? info.offers.filter(isObject) : [info];
  if (!offers.length) return { operation, complete: false, problems: ['offers[] is empty'], summary: '' };
  const perOffer = offers.slice(0, 10).map(offerProblems);
  const complete = perOffer.some((p) => !p.length);
  const best = offers[perOffer.findIndex((p) => !p.length)] ?? offers[0];
  const summary = [best.intent, best.method, best.amount, best.currency].filter((x) => x !== undefined).map((x) => excerpt(String(x), 20)).join(' ');
  return { operation, complete, problems: complete ? [] : perOffer[0], summary };
}

export const m5Mpp = defineCheck<OpenApiArtifact>()({
  meta: {
    id: 'M5',
    name: 'MPP payment discovery',
    dimension: 'commerce',
    tier: 'bonus',
    weight: 2,
    anchorKey: 'mpp',
    specUrls: SPEC,
    standards: ['mpp'],
    summary: 'The OpenAPI description marks payable operations with x-payment-info (intent charge|session, method, amount), the Machine Payments Protocol discovery convention.',
    why: 'Agents can budget and pay for API calls up front when the description says which operations cost money, how much, and by which payment method.',
    remediation: 'Add x-payment-info {intent, method, amount, currency} to each paid operation of your OpenAPI description (/openapi.json).',
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
      .map((o) => readPaymentInfo(`${o.method.toUpperCase()} ${o.path}`, o.operation['x-payment-info']));
    const seen = describeProbe(a.found.probe, origin);
    const service = isObject(a.found.doc['x-service-info']) ? ' The document has x-service-info.' : '';
    const probesUsed = [a.found.probe];
    if (!findings.length) {
      return { status: 'fail', code: 'M5/missing', data: { seen, operations: ops.length, service }, probes: probesUsed };
    }
    const complete = findings.filter((f) => f.complete);
    const incomplete = findings.filter((f) => !f.complete);
    const advisories = incomplete.slice(0, 5).map((f) => `${excerpt(f.operation, 60)}: ${f.problems.join(', ')}`);
    const list = (fs: PaymentInfoFinding[]) => fs.slice(0, 5).map((f) => `${excerpt(f.operation, 60)}${f.summary ? ` (${f.summary})` : ''}`).join(', ');
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
      data: { seen, count: incomplete.length, incomplete: incomplete.slice(0, 5).map((f) => `${excerpt(f.operation, 60)} (${f.problems.join(', ')})`).join('; '), service },
      remediation: 'Give every x-payment-info an intent (charge or session), a method (e.g. stripe, tempo, lightning, card) and an amount.',
      probes: probesUsed,
    };
  },
  fixGuide(fx) {
    const snippet = {
      paths: {
        '/api/report': {
          get: {
            operationId: 'getReport',
            'x-payment-info': { intent: 'charge', method: 'stripe', amount: '0.50', currency: 'usd', description: 'One report' },
            responses: { '200': { description: 'The report' }, '402': { description: 'Payment required' } },
          },
        },
      },
    };
    return [
      {
        title: 'Annotate paid operations in your OpenAPI description',
        body: 'Add x-payment-info to every operation that costs money (keep the rest of the document; check A8 covers publishing it at /openapi.json). intent is charge (per call) or session (metered).',
        code: JSON.stringify(snippet, null, 2),
        lang: 'json',
      },
      {
        title: 'Generate it with your spec',
        body: 'If the description is generated (zod-openapi, tsoa, FastAPI, NestJS), add the extension in the route metadata so it stays in sync with real prices.',
      },
      verifyStep(`curl -s ${fx.found?.openapi ?? `${fx.origin}/openapi.json`} | grep -o '"x-payment-info"' | wc -l`, 'Expect one x-payment-info per paid operation.'),
      specStep(SPEC),
    ];
  },
});

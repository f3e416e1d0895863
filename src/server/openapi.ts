/**
 * /openapi.json: OpenAPI 3.1 of every endpoint. Component schemas come from the zod schemas in
 * src/core/schema.ts and the scan parameters from src/core/scan-params.ts (z.toJSONSchema), so the
 * description cannot drift from what is validated.
 */
import * as z from 'zod';
import { Problem, ReportResponse, ScanResponse } from '../core/schema.js';
import { CompareResponse } from '../service/compare.js';
import { MAX_URL_LENGTH } from '../core/target.js';
import { ScanBody, ScanQuery, ServicePages } from '../core/scan-params.js';
import { VERSION } from '../version.js';
import { PROBLEM_TYPES } from './problems.js';

type Json = Record<string, unknown>;

/** v1 is additive: drop `additionalProperties: false` so clients accept new fields. */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'additionalProperties' && v === false) || k === '$schema' || k === '$id') continue;
    out[k] = openObjects(v);
  }
  return out;
}

function componentSchemas(): Json {
  // Touch the schemas so their registrations exist, then export the registry with component refs.
  void [ScanResponse, ReportResponse, Problem, CompareResponse];
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `#/components/schemas/${id}`, io: 'output' }) as { schemas: Json };
  return openObjects(schemas) as Json;
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
const retryAfter = { 'Retry-After': { description: 'Seconds until a request can succeed', schema: { type: 'integer' } } };

const scanErrors = {
  '400': problem('Missing or invalid parameter, or an unscannable url (type invalid-url, missing-parameter, invalid-parameter, invalid-body)'),
  '401': problem('The Bearer token is not a valid API key (type unauthorized)'),
  '413': problem('Body too large (type payload-too-large)'),
  '415': problem('POST body not sent as application/json (type unsupported-media-type)'),
  '422': problem('A bot challenge answered every request of the scan: nothing was measured (type scan-blocked)'),
  '429': { ...problem('Rate limit or per-caller in-flight cap exceeded (type rate-limited)'), headers: retryAfter },
  '502': problem('The target could not be fetched: DNS, TLS, refused, timeout (type scan-failed)'),
  '503': { ...problem('Scan queue full or shutting down (type server-busy)'), headers: retryAfter },
};

const urlParam = {
  name: 'url',
  in: 'query',
  required: true,
  description: `Absolute http(s) URL, at most ${MAX_URL_LENGTH} characters; https:// is added when no scheme is given.`,
  schema: { type: 'string', maxLength: MAX_URL_LENGTH },
};
/** A zod schema of core/scan-params.ts as the JSON Schema an OpenAPI 3.1 document holds (no $schema of its own). */
function jsonSchema(t: z.ZodType): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(t, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest as Json;
}

/** The query parameters of GET /v1/scan, generated from ScanQuery (pages is text on the wire, an integer in meaning). */
const scanQueryParams = Object.entries(ScanQuery.shape).map(([name, field]) =>
  name === 'url'
    ? urlParam
    : {
        name,
        in: 'query',
        required: false,
        description: field.description ?? '',
        schema: name === 'pages' ? jsonSchema(ServicePages) : jsonSchema((field as z.ZodOptional<z.ZodType>).unwrap()),
      },
);
const scanBodySchema = jsonSchema(ScanBody) as { properties: Record<string, Json> };
const scanBody = {
  required: true,
  content: {
    'application/json': {
      schema: { ...scanBodySchema, required: ['url'], properties: { ...scanBodySchema.properties, url: { type: 'string', maxLength: MAX_URL_LENGTH } } },
    },
  },
};
const scanOk = { description: 'The scan result', content: { 'application/json': { schema: ref('ScanResponse') } } };

export function openApiDocument(base: string): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'ai-ready scanning service',
      version: VERSION,
      description:
        'Audits a website for the standards AI agents rely on. v1 (/api/public/v1) is additive only; errors there are RFC 9457 problem documents whose `type` is `{base_url}/problems/<name>`. /api/public/scan is a compatibility endpoint outside that contract.',
    },
    servers: [{ url: base }],
    security: [{}, { bearer: [] }],
    paths: {
      '/api/public/v1/scan': {
        get: { operationId: 'scanUrlGet', summary: 'Scan a URL', parameters: scanQueryParams, responses: { '200': scanOk, ...scanErrors } },
        post: { operationId: 'scanUrlPost', summary: 'Scan a URL (JSON body)', requestBody: scanBody, responses: { '200': scanOk, ...scanErrors } },
      },
      '/api/public/v1/report/{id}': {
        get: {
          operationId: 'getReport',
          summary: 'Read a shared report',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9]{4,24}$' } }],
          responses: {
            '200': { description: 'The stored report', content: { 'application/json': { schema: ref('ReportResponse') } } },
            '400': problem('The id does not match ^[a-z0-9]{4,24}$ (type invalid-parameter)'),
            '404': problem('No such report, or private (type not-found)'),
          },
        },
      },
      '/api/public/v1/compare': {
        get: {
          operationId: 'compareReports',
          summary: 'Compare two reports',
          description:
            'Score, grade, level and dimension deltas, new and fixed findings, and every check whose status changed, from the report `from` (before) to the report `to` (after): two scans of one site or of two sites. Both must be readable by the caller (public, or private with the owner key).',
          parameters: [
            { name: 'from', in: 'query', required: true, description: 'Share id of the older report', schema: { type: 'string', pattern: '^[a-z0-9]{4,24}$' } },
            { name: 'to', in: 'query', required: true, description: 'Share id of the newer report', schema: { type: 'string', pattern: '^[a-z0-9]{4,24}$' } },
          ],
          responses: {
            '200': { description: 'The comparison', content: { 'application/json': { schema: ref('CompareResponse') } } },
            '400': problem('A parameter is missing or not a report id (type missing-parameter, invalid-parameter)'),
            '401': problem('The Bearer token is not a valid API key (type unauthorized)'),
            '404': problem('No such report, or private (type not-found)'),
          },
        },
      },
      '/api/public/scan': {
        get: {
          operationId: 'compatScanGet',
          summary: 'Compatibility scan endpoint (not covered by the v1 contract)',
          parameters: [urlParam],
          responses: {
            '200': scanOk,
            '400': { description: '{"error": "..."}' },
            '429': { description: '{"error": "..."}', headers: retryAfter },
            '500': { description: '{"error": "..."}: the scan failed' },
          },
        },
        post: {
          operationId: 'compatScanPost',
          summary: 'Compatibility scan endpoint (JSON body)',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } } },
          },
          responses: {
            '200': scanOk,
            '400': { description: '{"error": "..."}' },
            '429': { description: '{"error": "..."}', headers: retryAfter },
            '500': { description: '{"error": "..."}' },
          },
        },
      },
      '/api/scan': {
        post: {
          operationId: 'scanStream',
          summary: 'Scan with live progress as server-sent events',
          description:
            'Events: `started`, `probe`, `check`, `finished` (the engine stream), then `result` (the ScanResponse with shareId and shareUrl) or `error` (a Problem document). A cached result sends `result` only.',
          requestBody: scanBody,
          responses: { '200': { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }, ...scanErrors },
        },
      },
      '/healthz': { get: { operationId: 'health', summary: 'Liveness and queue state', responses: { '200': { description: 'ok' } } } },
      '/readyz': {
        get: {
          operationId: 'ready',
          summary: 'Readiness: the store answers and the scan executor takes scans',
          responses: { '200': { description: 'ready' }, '503': { description: 'not ready' } },
        },
      },
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key from `ai-ready keys create`' } },
    },
    'x-problem-types': Object.fromEntries(
      Object.entries(PROBLEM_TYPES).map(([k, v]) => [k, { status: v.status, title: v.title, type: `${base}/problems/${k}` }]),
    ),
  };
}

/**
 * /openapi.json: OpenAPI 3.1 of every endpoint. `paths` is generated from the route list (each
 * route carries its operations, ./route.ts); component schemas come from the zod schemas in
 * src/core/schema.ts and parameters from src/core/scan-params/ or the route's declared query
 * (z.toJSONSchema), so the description cannot drift from what is routed and validated.
 */
import * as z from 'zod';
import { Problem, ReportResponse, ScanResponse } from '../core/schema.js';
import { CompareResponse } from '../service/compare.js';
import { MAX_URL_LENGTH } from '../core/target.js';
import { QUERY_MEANINGS, ScanBody, ScanQuery } from '../core/scan-params/schemas.js';
import { VERSION } from '../version.js';
import { PROBLEM_TYPES } from './problems.js';
import { openApiPath, type RouteInfo } from './route-info.js';

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

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
export const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ref('Problem') } } });
export const retryAfter = { 'Retry-After': { description: 'Seconds until a request can succeed', schema: { type: 'integer' } } };

export const scanErrors = {
  '400': problem('Missing or invalid parameter, or an unscannable url (type invalid-url, missing-parameter, invalid-parameter, invalid-body)'),
  '401': problem('The Bearer token is not a valid API key (type unauthorized)'),
  '413': problem('Body too large (type payload-too-large)'),
  '415': problem('POST body not sent as application/json (type unsupported-media-type)'),
  '422': problem('A bot challenge answered every request of the scan: nothing was measured (type scan-blocked)'),
  '429': { ...problem('Rate limit or per-caller in-flight cap exceeded (type rate-limited)'), headers: retryAfter },
  '502': problem('The target could not be fetched: DNS, TLS, refused, timeout (type scan-failed)'),
  '503': { ...problem('Scan queue full or shutting down (type server-busy)'), headers: retryAfter },
};

export const urlParam = {
  name: 'url',
  in: 'query',
  required: true,
  description: `Absolute http(s) URL, at most ${MAX_URL_LENGTH} characters; https:// is added when no scheme is given.`,
  schema: { type: 'string', maxLength: MAX_URL_LENGTH },
};
/** A zod schema of core/scan-params/ as the JSON Schema an OpenAPI 3.1 document holds (no $schema of its own). */
function jsonSchema(t: z.ZodType): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(t, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest as Json;
}

/** The query parameters of GET /v1/scan, generated from ScanQuery (a text on the wire shows what it means: pages, an integer). */
export const scanQueryParams = Object.entries(ScanQuery.shape).map(([name, field]) =>
  name === 'url'
    ? urlParam
    : {
        name,
        in: 'query',
        required: false,
        description: field.description ?? '',
        schema: jsonSchema(QUERY_MEANINGS[name] ?? (field as z.ZodOptional<z.ZodType>).unwrap()),
      },
);
const scanBodySchema = jsonSchema(ScanBody) as { properties: Record<string, Json> };
export const scanBody = {
  required: true,
  content: {
    'application/json': {
      schema: { ...scanBodySchema, required: ['url'], properties: { ...scanBodySchema.properties, url: { type: 'string', maxLength: MAX_URL_LENGTH } } },
    },
  },
};
export const scanOk = { description: 'The scan result', content: { 'application/json': { schema: ref('ScanResponse') } } };

/** The parameter carries the description; its schema need not repeat it. */
function withoutDescription({ description: _, ...schema }: Json): Json {
  return schema;
}

/** The query parameters a route declares (a zod object) as OpenAPI parameter objects. */
export function queryParameters(query: z.ZodObject): Json[] {
  return Object.entries(query.shape).map(([name, field]) => {
    const optional = field.safeParse(undefined).success;
    return {
      name,
      in: 'query',
      required: !optional,
      description: field.description ?? '',
      schema: withoutDescription(jsonSchema(optional ? (field as unknown as z.ZodOptional<z.ZodType>).unwrap() : (field as z.ZodType))),
    };
  });
}

/** `paths` from the route list: every route that carries OpenAPI operations, in mounting order. */
export function openApiPaths(routes: readonly RouteInfo[]): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const route of routes) if (route.openapi) paths[openApiPath(route.path)] = { ...paths[openApiPath(route.path)], ...route.openapi };
  return paths;
}

/** The OpenAPI document of the routes the app mounts (see routes/index.ts). */
export function openApiDocument(base: string, routes: readonly RouteInfo[]): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'ai-ready scanning service',
      version: VERSION,
      description:
        'Audits a website for the standards AI agents rely on. v1 (/api/public/v1) is additive only; errors there are ' +
        'RFC 9457 problem documents whose `type` is `{base_url}/problems/<name>`. /api/public/scan is a compatibility ' +
        'endpoint outside that contract.',
    },
    servers: [{ url: base }],
    security: [{}, { bearer: [] }],
    paths: openApiPaths(routes),
    components: {
      schemas: componentSchemas(),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key from `ai-ready keys create`' } },
    },
    'x-problem-types': Object.fromEntries(
      Object.entries(PROBLEM_TYPES).map(([k, v]) => [k, { status: v.status, title: v.title, type: `${base}/problems/${k}` }]),
    ),
  };
}

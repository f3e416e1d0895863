/**
 * The zod schemas built from the registry (./index.ts): ScanParams as the engine reads it, the v1
 * API's query and body (src/server/request.ts; /openapi.json and the API catalog are generated from
 * them, src/server/openapi.ts) and the MCP scan tools' inputs (src/mcp/tools/scan-tools.ts), beside
 * the service's own fields (url, fresh, isPublic). A range, a description or an error message
 * changes in the parameter's file, once.
 */
import * as z from 'zod';
import type { McpScanTool, WireSpelling } from './define.js';
import { SCAN_PARAMS, type DeclaredScanParam } from './index.js';

const PARAMS: readonly DeclaredScanParam[] = SCAN_PARAMS;

export const ScanUrl = z
  .string({ error: 'The url must be a string.' })
  .min(1, { error: 'The url parameter is required.' })
  .max(2048)
  .describe('The site to scan; https:// is added when no scheme is given');
export const ScanFresh = z.boolean({ error: 'fresh must be a boolean.' }).describe('Bypass the 5-minute cache.');
export const ScanIsPublic = z.boolean({ error: 'isPublic must be a boolean.' }).describe('Override the account default visibility (API-key calls only).');

/** ScanParams as the engine reads it: every declared parameter, optional. */
export const ScanParams = z.object(Object.fromEntries(PARAMS.map((p) => [p.key, p.schema(z).optional()])));

/** The fields a wire spelling adds to its object: the fields it folds in, then its own, each optional unless required. */
function wireFields(p: DeclaredScanParam, s: WireSpelling<unknown, boolean>, opts: { name?: string; required?: boolean; description?: string } = {}) {
  const own = (s.schema ?? p.schema)(z);
  const field = opts.required ? own : opts.description ? own.optional().describe(opts.description) : own.optional();
  return [...Object.entries(s.with ?? {}).map(([name, schema]) => [name, schema(z).optional()] as const), [opts.name ?? p.key, field] as const];
}

/** POST /api/public/v1/scan (spec §4.2): JSON types as they are. */
export const ScanBody = z.object({
  url: z.unknown().optional(),
  fresh: ScanFresh.optional(),
  isPublic: ScanIsPublic.optional(),
  ...Object.fromEntries(PARAMS.flatMap((p) => (p.body ? wireFields(p, p.body) : []))),
});

/** GET /api/public/v1/scan (spec §4.1): the same parameters in their query spellings (text). */
export const ScanQuery = z.object({
  url: z.string().optional(),
  fresh: z.literal('1', { error: 'fresh only accepts the value 1.' }).optional().describe('Only `1`: bypass the 5-minute cache.'),
  isPublic: z.enum(['true', 'false'], { error: 'isPublic must be true or false.' }).optional().describe(ScanIsPublic.description!),
  ...Object.fromEntries(
    PARAMS.flatMap((p) => (p.query ? wireFields(p, p.query, { description: p.query.description ?? p.query.meaning?.(z).description }) : [])),
  ),
});

/** What a query parameter's text means, for /openapi.json, where it is not the text schema's own (pages: an integer). */
export const QUERY_MEANINGS: Readonly<Record<string, z.ZodType>> = Object.fromEntries(
  PARAMS.flatMap((p) => (p.query?.meaning ? [[p.key, p.query.meaning(z)]] : [])),
);

/** The input fields an MCP scan tool takes for the parameters, in the registry's order. */
export function mcpParamFields(tool: McpScanTool): Record<string, z.ZodType> {
  return Object.fromEntries(
    PARAMS.flatMap((p) => {
      const s = p.mcp;
      if (!s || (s.tools && !s.tools.includes(tool))) return [];
      return wireFields(p, s, { name: s.name, required: s.required });
    }),
  );
}

/** The first problem of a failed parse, as the one-line message a caller reads. */
export function firstIssue(error: z.ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  return { path: issue.path.join('.'), message: issue.message };
}

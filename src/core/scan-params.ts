/**
 * The scan parameters every face takes, declared once in zod: the v1 API's query and JSON body
 * (src/server/request.ts), the OpenAPI document (src/server/openapi.ts, generated from these
 * schemas), the MCP scan tools' inputs (src/mcp/tools/scan-tools.ts) and the CLI config file
 * (src/cli/config-schema.ts). A range, a description or an error message changes here, once.
 */
import * as z from 'zod';
import { PROFILE_CHOICES } from './vocabulary.js';
import { DEFAULT_SCAN_PAGES, MAX_SCAN_PAGES, MAX_SERVICE_PAGES } from './scope.js';

export const ScanUrl = z
  .string({ error: 'The url must be a string.' })
  .min(1, { error: 'The url parameter is required.' })
  .max(2048)
  .describe('The site to scan; https:// is added when no scheme is given');

export const ScanProfile = z.enum(PROFILE_CHOICES).describe('Scoring profile: auto (default) detects it; content sites do not need API/OAuth/MCP checks');

export const ScanScopeParam = z
  .enum(['site', 'page'], { error: 'scope must be "site" or "page".' })
  .describe(
    `\`site\` (default) samples up to \`pages\` pages for the page-level checks (llms.txt, sitemap, links) and aggregates; \`page\` scans the URL alone.`,
  );

/** Pages sampled in site scope, within `max` (the CLI's 20, or the service's 10). */
export function scanPages(max: number) {
  return z
    .number({ error: `pages must be an integer from 1 to ${max}.` })
    .int({ error: `pages must be an integer from 1 to ${max}.` })
    .min(1, { error: `pages must be an integer from 1 to ${max}.` })
    .max(max, { error: `pages must be an integer from 1 to ${max}.` })
    .describe(`Pages sampled in site scope, the target included (default ${DEFAULT_SCAN_PAGES}; 1 = scope page).`);
}
export const ServicePages = scanPages(MAX_SERVICE_PAGES);
export const CliPages = scanPages(MAX_SCAN_PAGES);

const RENDER_TEXT =
  'also load the pages in headless Chromium (WebMCP tools registered at run time, the text scripts add, rendered ' +
  'JSON-LD and hints, agent operability). Only on a server started with --render; elsewhere a 400 ' +
  'invalid-parameter.';
export const ScanRender = z.boolean({ error: 'render must be a boolean.' }).describe(`true: ${RENDER_TEXT}`);
export const ScanFresh = z.boolean({ error: 'fresh must be a boolean.' }).describe('Bypass the 5-minute cache.');
export const ScanIsPublic = z.boolean({ error: 'isPublic must be a boolean.' }).describe('Override the account default visibility (API-key calls only).');

/**
 * ScanParams: what one scan measures, the object every face parses into and hands on whole, down
 * to the engine (ScanOptions extends it): the CLI's flags, v1 GET/POST, SSE, compat, the MCP scan
 * tools, batch, fix and monitors. Nothing between the faces and the engine copies its fields.
 *
 * Adding a scan parameter: its line here, the engine code that reads it, and each face's spelling
 * of it (a CLI flag, a query parameter) where it has one. Every face builds its object with
 * `scanParams({...})` (scan-params-of.ts, no zod at load), which takes every key: a face that does
 * not say what it does with a new key fails to compile, and test/core/scan-params-faces.test.ts
 * proves each key reaches the engine (docs/architecture.md, "Adding a scan parameter").
 */
export const ScanParams = z.object({
  profile: ScanProfile.optional(),
  /** Pages sampled, the target included; scope "page" is already folded in (scopePages, once per request). */
  pages: CliPages.optional(),
  render: z.boolean().optional().describe(`true: ${RENDER_TEXT}`),
  /** Only these checks (ids or dimension names): a partial scan. */
  only: z.array(z.string().min(1).max(40)).max(50).optional(),
  /** Skip these checks (ids or dimension names). */
  skip: z.array(z.string().min(1).max(40)).max(50).optional(),
});
export type ScanParams = z.infer<typeof ScanParams>;

/** POST /api/public/v1/scan (spec §4.2): JSON types as they are. */
export const ScanBody = z.object({
  url: z.unknown().optional(),
  fresh: ScanFresh.optional(),
  isPublic: ScanIsPublic.optional(),
  scope: ScanScopeParam.optional(),
  pages: ServicePages.optional(),
  render: ScanRender.optional(),
});

/** GET /api/public/v1/scan (spec §4.1): the same parameters in their query spellings. */
export const ScanQuery = z.object({
  url: z.string().optional(),
  fresh: z.literal('1', { error: 'fresh only accepts the value 1.' }).optional().describe('Only `1`: bypass the 5-minute cache.'),
  isPublic: z.enum(['true', 'false'], { error: 'isPublic must be true or false.' }).optional().describe(ScanIsPublic.description!),
  scope: ScanScopeParam.optional(),
  pages: z
    .string()
    .regex(/^\d{1,3}$/, { error: `pages must be an integer from 1 to ${MAX_SERVICE_PAGES}.` })
    .transform(Number)
    .pipe(ServicePages)
    .optional()
    .describe(ServicePages.description!),
  render: z.enum(['1', '0'], { error: 'render only accepts the values 1 and 0.' }).optional().describe(`\`1\`: ${RENDER_TEXT}`),
});

/** The first problem of a failed parse, as the one-line message a caller reads. */
export function firstIssue(error: z.ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  return { path: issue.path.join('.'), message: issue.message };
}

/**
 * `pages`: pages sampled in site scope, the target included. The CLI allows up to 20; the shared
 * service and MCP up to 10, and their `scope: "page"` is folded in here (scopePages, the one rule),
 * so the engine gets a page count and nothing else.
 */
import { DEFAULT_SCAN_PAGES, MAX_SCAN_PAGES, MAX_SERVICE_PAGES, ScopeConflict, scopePages, type ScanScope } from '../scope.js';
import { defineScanParam, ScanParamRefused, toNumber, type Fields, type Z } from './define.js';

/** Pages sampled in site scope, within `max` (the CLI's 20, or the service's 10). */
function scanPages(z: Z, max: number) {
  const error = `pages must be an integer from 1 to ${max}.`;
  return z
    .number({ error })
    .int({ error })
    .min(1, { error })
    .max(max, { error })
    .describe(`Pages sampled in site scope, the target included (default ${DEFAULT_SCAN_PAGES}; 1 = scope page).`);
}
const servicePages = (z: Z) => scanPages(z, MAX_SERVICE_PAGES);

const scope = (z: Z) =>
  z
    .enum(['site', 'page'], { error: 'scope must be "site" or "page".' })
    .describe(
      `\`site\` (default) samples up to \`pages\` pages for the page-level checks (llms.txt, sitemap, links) and aggregates; \`page\` scans the URL alone.`,
    );

/** The page count of `scope` and `pages`; a contradiction is refused in the face's own error shape. */
function scoped(pages: number | undefined, fields: Fields): number | undefined {
  try {
    return scopePages(fields.scope as ScanScope | undefined, pages);
  } catch (e) {
    if (e instanceof ScopeConflict) throw new ScanParamRefused(e.message);
    throw e;
  }
}

const service = { schema: servicePages, with: { scope }, read: scoped };

export const pages = defineScanParam({
  key: 'pages',
  schema: (z) => scanPages(z, MAX_SCAN_PAGES),
  example: 2,
  query: {
    ...service,
    schema: (z) =>
      z
        .string()
        .regex(/^\d{1,3}$/, { error: `pages must be an integer from 1 to ${MAX_SERVICE_PAGES}.` })
        .transform(Number)
        .pipe(servicePages(z)),
    meaning: servicePages,
  },
  body: service,
  mcp: service,
  cli: {
    option: '--pages <n>',
    help: `pages sampled per site for the page-level checks, the target included: 1-${MAX_SCAN_PAGES} (default: ${DEFAULT_SCAN_PAGES}; 1 = this page only)`,
    fromText: toNumber,
    default: DEFAULT_SCAN_PAGES,
    fix: true,
  },
});

/** The agent-facing resources a fix guide may link to (a leaf module: check types and the fix finder both read it). */

/** The resources guides link to; each is offered by one check (its `meta.offers`). */
export const RESOURCES = [
  'apiCatalog',
  'mcpCard',
  'agentCard',
  'openapi',
  'markdown',
  'sitemap',
  'llmsTxt',
  'llmsFullTxt',
  'ardManifest',
  'oauthServer',
  'protectedResource',
] as const;

export type Resource = (typeof RESOURCES)[number];

/**
 * Resource -> the URL the scan found it at, or null when its check ran and found none. A resource
 * whose check did not run (--only, --skip, `ai-ready explain`) has no key: unknown.
 */
export type FoundResources = Partial<Record<Resource, string | null>>;

/**
 * Which agent-facing resources this scan found, so a fix guide links only what exists (a Link
 * header to a missing api-catalog sends agents to a 404). Built by the engine from the raw check
 * outcomes and passed to every guide in FixContext.found.
 */
import type { CheckOutcome } from '../checks/types.js';

/** The resources guides link to, each owned by one check. */
export const RESOURCE_CHECK = {
  apiCatalog: 'A1',
  mcpCard: 'A4',
  agentCard: 'A5',
  openapi: 'A8',
  markdown: 'C2',
  sitemap: 'D2',
  llmsTxt: 'D4',
  llmsFullTxt: 'D5',
} as const;

export type Resource = keyof typeof RESOURCE_CHECK;

/**
 * Resource -> the URL the scan found it at, or null when its check ran and found none. A resource
 * whose check did not run (--only, --skip, `ai-ready explain`) has no key: unknown.
 */
export type FoundResources = Partial<Record<Resource, string | null>>;

/** Partial outcomes where what answered is not the resource at all (nothing worth linking). */
const NOT_THERE = new Set(['A8/unusable', 'D5/empty', 'D5/not-text', 'A1/not-json']);

/** The URL a found outcome rests on: A8 names it; otherwise the first 2xx probe, preferring non-HTML answers. */
function foundUrl(outcome: CheckOutcome): string | null {
  const named = outcome.details?.url;
  if (typeof named === 'string' && named) return named;
  const ok = (outcome.probes ?? []).filter((p) => p.status !== null && p.status >= 200 && p.status < 300 && !/\/robots\.txt$/i.test(new URL(p.url).pathname));
  return (ok.find((p) => p.contentType !== 'text/html') ?? ok[0])?.url ?? null;
}

/** One entry per resource whose check was evaluated. */
export function foundResources(
  evaluated: ReadonlyArray<{ check: { meta: { id: string } }; raw: CheckOutcome; perPage?: ReadonlyArray<CheckOutcome | null> }>,
): FoundResources {
  // A page-level check (C2) is read on the target page alone: under site scope its aggregate also
  // rests on other pages, whose Markdown twin is not the target page's alternate.
  const byId = new Map(evaluated.map((e) => [e.check.meta.id, e.perPage?.[0] ?? e.raw]));
  const found: FoundResources = {};
  for (const [resource, id] of Object.entries(RESOURCE_CHECK) as Array<[Resource, string]>) {
    const outcome = byId.get(id);
    if (!outcome) continue;
    const present = (outcome.status === 'pass' || outcome.status === 'partial') && !NOT_THERE.has(outcome.code);
    found[resource] = present ? foundUrl(outcome) : null;
  }
  return found;
}

/** The URL as a link target: a path when it is on the scanned origin, else absolute. */
export function linkTarget(url: string, origin: string): string {
  const u = new URL(url);
  return u.origin === origin ? `${u.pathname}${u.search}` : u.href;
}

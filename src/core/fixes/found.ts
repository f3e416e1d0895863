/**
 * Which agent-facing resources this scan found, so a fix guide links only what exists (a Link
 * header to a missing api-catalog sends agents to a 404). Built by the engine from the raw check
 * outcomes and passed to every guide in FixContext.found.
 */
import type { CheckOutcome } from '../check-outcome.js';
import type { Offers } from './offers.js';

export { RESOURCES, type FoundResources, type Resource } from './resources.js';
import type { FoundResources } from './resources.js';

/** The URL a found outcome rests on: the one its details name; otherwise the first 2xx probe, preferring non-HTML answers. */
function foundUrl(outcome: CheckOutcome<string, unknown>): string | null {
  const named = (outcome.details as { url?: unknown } | undefined)?.url;
  if (typeof named === 'string' && named) return named;
  const ok = (outcome.probes ?? []).filter((p) => p.status !== null && p.status >= 200 && p.status < 300 && !/\/robots\.txt$/i.test(new URL(p.url).pathname));
  return (ok.find((p) => p.contentType !== 'text/html') ?? ok[0])?.url ?? null;
}

/** One entry per resource whose offering check was evaluated. */
export function foundResources(
  evaluated: ReadonlyArray<{
    check: { meta: { offers?: Offers } };
    raw: CheckOutcome<string, unknown>;
    perPage?: ReadonlyArray<CheckOutcome<string, unknown> | null>;
  }>,
): FoundResources {
  const found: FoundResources = {};
  for (const e of evaluated) {
    const offers = e.check.meta.offers;
    if (!offers) continue;
    // A page-level check is read on the target page alone: under site scope its aggregate also
    // rests on other pages, whose resource is not the target page's.
    const outcome = e.perPage?.[0] ?? e.raw;
    const present = (outcome.status === 'pass' || outcome.status === 'partial') && !offers.absentCodes?.includes(outcome.code);
    found[offers.resource] = present ? foundUrl(outcome) : null;
  }
  return found;
}

/** The URL as a link target: a path when it is on the scanned origin, else absolute. */
export function linkTarget(url: string, origin: string): string {
  const u = new URL(url);
  return u.origin === origin ? `${u.pathname}${u.search}` : u.href;
}

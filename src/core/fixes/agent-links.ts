/**
 * The links a page can give agents (Link header, <link> tags) to the machine-readable resources
 * of the site, built from what the scan found: a link to a file that is not there is worse than
 * none. Shared by the D3 (Link header) and D6 (in-page hints) guides.
 */
import type { FixContext } from './fix-context.js';
import type { OfferedLink, Offers } from './offers.js';
import type { PublishedValue, ValueSource } from '../schema.js';
import { linkTarget, type Resource } from './found.js';

export interface AgentLink {
  resource: LinkedResource;
  /** Path on the origin (or absolute URL) of the resource. */
  href: string;
  rel: string;
  type?: string;
  /** The check that publishes or judges it, e.g. "A1". */
  check: string;
  /** A human name: "API catalog", "llms.txt". */
  label: string;
}

export type LinkedResource = Resource;

/** One link a check offers (its meta.offers.link), with the check and resource it belongs to. */
export interface OfferedLinkOf extends OfferedLink {
  resource: LinkedResource;
  /** The check that offers it, for the guide's words ("llms.txt (D4)"). */
  check: string;
}

/**
 * The links the given checks offer, in their order (the registry's order puts llms.txt, the
 * cheapest and most widely read, first: it is the order to publish them when none exists).
 */
export function offeredLinks(checks: ReadonlyArray<{ meta: { id: string; offers?: Offers } }>): OfferedLinkOf[] {
  return checks.flatMap((c) => (c.meta.offers?.link ? [{ ...c.meta.offers.link, resource: c.meta.offers.resource, check: c.meta.id }] : []));
}

/**
 * The registry's links, installed by the registry itself (checks/index.ts) when it loads: the
 * guides that read them (D3, D6) are registry members, so importing the registry here would be a
 * circle.
 */
let registered: OfferedLinkOf[] = [];
export function registerOfferedLinks(checks: ReadonlyArray<{ meta: { id: string; offers?: Offers } }>): void {
  registered = offeredLinks(checks);
}

/** Each link's target as a published value: a resource the scan found on the site or one `fix` writes from it. */
export function linkValues(links: AgentLink[], source: ValueSource): PublishedValue[] {
  return links.map((l) => ({ name: `link ${l.rel}`, value: l.href, source, from: l.label }));
}

export interface AgentLinks {
  /** Resources the scan found, with their real paths. */
  present: AgentLink[];
  /** Resources the scan looked for and did not find, at their conventional paths. */
  missing: AgentLink[];
  /** Resources whose check did not run (or no scan at all, as in `ai-ready explain`). */
  unknown: AgentLink[];
}

export function agentLinks(fx: Pick<FixContext, 'origin' | 'found'>, offered: readonly OfferedLinkOf[] = registered): AgentLinks {
  const out: AgentLinks = { present: [], missing: [], unknown: [] };
  for (const l of offered) {
    const url = fx.found?.[l.resource];
    if (l.onlyWhenFound && !url) continue;
    const href = url ? linkTarget(url, fx.origin) : l.defaultHref;
    const link: AgentLink = { resource: l.resource, href, rel: l.rel, type: l.type?.(href), check: l.check, label: l.label };
    (url ? out.present : url === null ? out.missing : out.unknown).push(link);
  }
  return out;
}

/** One RFC 8288 link-value: `</llms.txt>; rel="describedby"; type="text/plain"`. */
export function linkHeaderValue(links: AgentLink[]): string {
  return links.map((l) => `<${l.href}>; rel="${l.rel}"${l.type ? `; type="${l.type}"` : ''}`).join(', ');
}

/** The same links as HTML <link> tags. */
export function linkTags(links: AgentLink[]): string {
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return links.map((l) => `<link rel="${l.rel}"${l.type ? ` type="${l.type}"` : ''} href="${attr(l.href)}">`).join('\n');
}

/** "llms.txt (D4), the API catalog (A1)". */
export function describeLinks(links: AgentLink[]): string {
  return links.map((l) => `${l.label} (${l.check})`).join(', ');
}

/**
 * The links fit for every page. Under `ai-ready fix` (FixContext.site) a page's Markdown alternate
 * is its own twin, never one file for all pages: that link is left out here and given per page.
 */
export function siteWideLinks(fx: Pick<FixContext, 'origin' | 'found' | 'site'>, offered: readonly OfferedLinkOf[] = registered): AgentLinks {
  const all = agentLinks(fx, offered);
  if (!fx.site) return all;
  const keep = (l: AgentLink) => l.resource !== 'markdown';
  return { present: all.present.filter(keep), missing: all.missing.filter(keep), unknown: all.unknown.filter(keep) };
}

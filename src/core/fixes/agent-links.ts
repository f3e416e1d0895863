/**
 * The links a page can give agents (Link header, <link> tags) to the machine-readable resources
 * of the site, built from what the scan found: a link to a file that is not there is worse than
 * none. Shared by the D3 (Link header) and D6 (in-page hints) guides.
 */
import type { FixContext } from '../checks/types.js';
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

export type LinkedResource = Extract<Resource, 'apiCatalog' | 'llmsTxt' | 'markdown' | 'openapi' | 'ardManifest'>;

/** In the order to publish them when none exists: llms.txt is the cheapest and most widely read. */
/** `check` names the check that offers it, for the guide's words (a test holds it to meta.offers). */
/**
 * `onlyWhenFound`: linked when the scan found it, never suggested when missing or unknown (a bonus
 * resource that would crowd every guide's list of things to publish).
 */
const LINKED: Array<{
  resource: LinkedResource;
  check: string;
  rel: string;
  type: (href: string) => string | undefined;
  defaultHref: string;
  label: string;
  onlyWhenFound?: boolean;
}> = [
  { resource: 'llmsTxt', check: 'D4', rel: 'describedby', type: () => 'text/plain', defaultHref: '/llms.txt', label: 'llms.txt' },
  { resource: 'markdown', check: 'C2', rel: 'alternate', type: () => 'text/markdown', defaultHref: '/index.md', label: 'the Markdown version of the page' },
  { resource: 'apiCatalog', check: 'A1', rel: 'api-catalog', type: () => undefined, defaultHref: '/.well-known/api-catalog', label: 'the API catalog' },
  {
    resource: 'openapi',
    check: 'A8',
    rel: 'service-desc',
    type: (href) => (/\.ya?ml(?:$|[?#])/i.test(href) ? 'application/openapi+yaml' : 'application/openapi+json'),
    defaultHref: '/openapi.json',
    label: 'the OpenAPI description',
  },
  // ARD v0.91 names <link rel="ard">; Lighthouse's docs also follow a Link rel="ard" header (ledger: aiCatalog).
  {
    resource: 'ardManifest',
    check: 'A10',
    rel: 'ard',
    type: () => undefined,
    defaultHref: '/.well-known/ard.json',
    label: 'the ARD manifest',
    onlyWhenFound: true,
  },
];

export interface AgentLinks {
  /** Resources the scan found, with their real paths. */
  present: AgentLink[];
  /** Resources the scan looked for and did not find, at their conventional paths. */
  missing: AgentLink[];
  /** Resources whose check did not run (or no scan at all, as in `ai-ready explain`). */
  unknown: AgentLink[];
}

export function agentLinks(fx: Pick<FixContext, 'origin' | 'found'>): AgentLinks {
  const out: AgentLinks = { present: [], missing: [], unknown: [] };
  for (const l of LINKED) {
    const url = fx.found?.[l.resource];
    if (l.onlyWhenFound && !url) continue;
    const href = url ? linkTarget(url, fx.origin) : l.defaultHref;
    const link: AgentLink = { resource: l.resource, href, rel: l.rel, type: l.type(href), check: l.check, label: l.label };
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

/** What a check offers fix guides: the resource it finds and how a page links it (fixes/found.ts, fixes/agent-links.ts). */
import type { Resource } from './resources.js';

/** A resource this check finds, so fix guides link only what exists (fixes/found.ts). */
export interface Offers<C extends string = string> {
  resource: Resource;
  /** Found-looking outcomes (pass or partial) where what answered is not the resource at all. */
  absentCodes?: Array<NoInfer<C>>;
  /** The link a page can give agents to the resource (D3's Link header, D6's tags: fixes/agent-links.ts). */
  link?: OfferedLink;
}

/** How a page links an offered resource: rel, media type, conventional path and a human name. */
export interface OfferedLink {
  rel: string;
  /** The media type to declare for the resource at this href, if any. */
  type?: (href: string) => string | undefined;
  /** Where it lives when the scan did not say (the conventional path). */
  defaultHref: string;
  /** A human name: "API catalog", "llms.txt". */
  label: string;
  /** Linked when the scan found it, never suggested when missing or unknown (a bonus resource). */
  onlyWhenFound?: true;
}

/**
 * A platform's fix guidance as one module (a "stack pack", as Lighthouse keeps per-stack advice):
 * what it knows how to do (serve a file, add a header), the files it manages itself, and hooks
 * some checks ask for (llms.txt generation, Markdown twins, structured data...). What a pack does
 * not implement falls back to the site's hosting, then to generic steps.
 */
import type { FixStep, PublishedValue, ValueSource } from '../../schema.js';
import type { FixContext } from '../fix-context.js';
import type { PlatformFingerprint, Signal } from '../../platform/signals.js';
import type { OwnerValue } from '../owner-values.js';
import type { RobotsRules } from '../robots-rules.js';
import type { HeaderHost, ProjectShape } from './project-shape.js';

export interface ServeFileSpec {
  /** Path on the origin, e.g. "/.well-known/api-catalog". */
  path: string;
  contentType: string;
  /** The file's content (shown in the snippet). */
  content: string;
  /** Language of the content for highlighting: json, text, markdown, xml. */
  lang: string;
  /** Extra response headers the file should carry (CORS, Cache-Control). */
  headers?: Record<string, string>;
  /** Values of the owner's that the content shows placeholders for (FixStep.needs). */
  needs?: OwnerValue[];
  /** Where the content's values come from (FixStep.source): required, so no guide can publish a sample unmarked. */
  source: ValueSource;
  /** Each value the content carries, with its own source (FixStep.values). */
  values?: PublishedValue[];
}

export interface HeaderSpec {
  name: string;
  value: string;
  /** Path the header applies to; "/" means the home page (and usually every page). */
  path?: string;
  /** Values of the owner's that the value shows placeholders for (FixStep.needs). */
  needs?: OwnerValue[];
  /** Where the value comes from (FixStep.source): required, as for ServeFileSpec. */
  source: ValueSource;
  /** Each value the header carries, with its own source (FixStep.values). */
  values?: PublishedValue[];
}

/** What a pack gets to publish a file: the cleaned path and headers, and the step showing the content. */
export interface ServeFile {
  fx: FixContext;
  /** Display name of the pack whose step this is (its `label`). */
  label: string;
  spec: ServeFileSpec;
  /** Cleaned path, "/.well-known/x". */
  path: string;
  /** The path without its leading slash. */
  file: string;
  /** Cleaned response headers, Content-Type first. */
  headers: Record<string, string>;
  /** "Create <path>" with the content (and the pack's managed-file note). */
  create: FixStep;
}

/** A cleaned header to add. */
export interface AddHeader {
  fx: FixContext;
  /** Display name of the pack whose step this is (its `label`). */
  label: string;
  spec: HeaderSpec;
  name: string;
  value: string;
  path: string;
  /** The header goes on every page. */
  all: boolean;
}

/**
 * Named places where a check's guide differs by platform. The check owning a hook documents it
 * and supplies the neutral default; packs implement what they know.
 */
export interface PlatformHooks {
  /** D4, D5: how the platform generates llms.txt or llms-full.txt. */
  llmsTxt?(fx: FixContext, file: 'llms.txt' | 'llms-full.txt'): FixStep[];
  /** C2: how the platform serves a Markdown version of each page. */
  markdownUrls?(fx: FixContext): FixStep[];
  /** C1: how the platform answers Accept: text/markdown; `edge` is the neutral edge step (Cloudflare Markdown for Agents). */
  markdownNegotiation?(fx: FixContext, edge: FixStep): FixStep[];
  /**
   * B1, B2, B5 and D1: how lines are added to the robots.txt the platform generates itself, in its
   * own syntax (`rules` is structure; `robotsLinesText(rules)` is the plain robots.txt text).
   */
  robotsLines?(fx: FixContext, rules: RobotsRules): FixStep[];
  /** C3: how the platform renders content on the server. */
  serverRendering?(fx: FixContext): FixStep[];
  /** C4: where the platform's structured data (JSON-LD) comes from. */
  structuredData?(fx: FixContext): FixStep[];
  /** D2: how the platform generates its sitemap. */
  sitemap?(fx: FixContext): FixStep[];
  /** D2: the path of the sitemap the platform generates (for the robots.txt Sitemap line). */
  sitemapPath?: string;
  /** D6: how the platform prints link hints in the page head (`tags` is the HTML, `markdownHref` the Markdown twin's link). */
  pageHints?(fx: FixContext, hints: { tags: string; markdownHref: string | null }): FixStep | null;
  /** B1: where the platform's own plugins refuse AI user agents (one sentence). */
  userAgentBlockers?: string;
  /** A7: where the platform registers a WebMCP tool script (`imperative` is the script). */
  webMcpRegistration?(fx: FixContext, imperative: string): FixStep;
  /** A8: how the platform generates or publishes an OpenAPI description. */
  openApiGeneration?(fx: FixContext): FixStep[];
  /** M1: how the platform publishes its UCP profile, when it does so itself. */
  ucpProfile?(fx: FixContext): FixStep[];
  /** M2: the platform's own agentic checkout integration. */
  agenticCheckout?(fx: FixContext): FixStep[];
  /** M3: the platform's x402 middleware (`routes` and `server` are the shared snippet parts). */
  x402Middleware?(fx: FixContext, snippet: { routes: string; server: string }): FixStep;
  /** M6: where the platform's Product JSON-LD comes from. */
  productData?(fx: FixContext): FixStep[];
}

/** What a pack knows how to do; the family factories in shared.ts build this part. */
/**
 * Hooks of a host in front of the site (a CDN): every detected host's apply after the platform's
 * steps, whatever the platform, and may add what the host offers.
 */
export interface HostHooks {
  /** C1: `steps` are the platform's; `edge` is the neutral edge step. */
  markdownNegotiation?(fx: FixContext, steps: FixStep[], edge: FixStep): FixStep[];
  /** B1, B2, B5 and D1: `steps` add the lines on the platform; `rules.purpose` says what for. */
  robotsLines?(fx: FixContext, steps: FixStep[], rules: RobotsRules): FixStep[];
  /** B4: `steps` are the neutral steps, the first saying where verified agents are let through. */
  botProtection?(fx: FixContext, steps: FixStep[], arg?: undefined): FixStep[];
}

/** What a host in front of the site says about a check's finding, by itself (not through the platform's steps). */
export interface HostNotes {
  /**
   * B1: where this host refuses AI user agents. `step` (its own firewall is the place to look)
   * replaces the neutral step; `where` is one sentence joined with the others detected.
   */
  userAgentBlock?: { step?(names: string): FixStep; where?: string };
}

export interface PackGuidance {
  id: string;
  /** Steps (1-2) that publish a file; absent: the hosting's pack, then generic steps. */
  serveFile?(x: ServeFile): FixStep[];
  /** Exactly one step that adds a response header; absent: as for serveFile. */
  addHeader?(x: AddHeader): FixStep[];
  /** Words for files the platform serves itself, by lowercase path ("/robots.txt"). */
  managedFiles?: Record<string, string>;
  hooks?: PlatformHooks;
  /** What the host adds to other platforms' steps when it is in front of the site. */
  hostHooks?: HostHooks;
  /** What the host says by itself when it is in front of the site. */
  hostNotes?: HostNotes;
}

/**
 * A platform or host as one module: its name, how the detector recognises it, and its guidance.
 * Platforms declare a `fingerprint`, hosts `hostSignals` (any one signal reports the host).
 */
export interface PlatformPack extends PackGuidance {
  /** Display name (reports, `explain --platform`). */
  label: string;
  fingerprint?: PlatformFingerprint;
  hostSignals?: Signal[];
  /** How `ai-ready fix` recognises and writes into a project of this platform; absent: fix writes no files for it. */
  project?: ProjectShape;
  /**
   * A host whose guidance applies to the sites it serves when no platform pack does: its rank among
   * the hosts detected together, lower first. Absent: its guidance is not used for hosting.
   */
  hostingRank?: number;
  /** A host whose project file `ai-ready fix` writes response headers into (declare the pack with `satisfies PlatformPack` so its id stays typed). */
  headerHost?: HeaderHost;
}

/** Packs by id, as the guides look them up (`packRegistry` in ./index.ts builds one). */
export interface PackRegistry {
  packFor(id: string): PlatformPack | undefined;
}

// The registry a guide reads its packs from rides on the fix context, so a test can add a made-up
// pack by building a registry of its own (no global to restore). Declared here, beside the packs,
// since fixes/fix-context.ts cannot import this module back (no import cycle).
declare module '../fix-context.js' {
  interface FixContext {
    /** The packs guides are looked up in; absent: the project's (platforms/index.ts). */
    packs?: PackRegistry;
  }
}

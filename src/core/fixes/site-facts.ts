/**
 * What a fix may publish is true of the owner's site: each value is observed on the site, given by
 * the owner, or an example (shown in `explain` and the report's guides, never written by `fix`).
 * `SiteFacts` is what `ai-ready fix` learned of the site before the guides run (the scan's pages,
 * a bounded crawl of same-origin links and the sitemap, the project's config); guides that publish
 * the site's own content (llms.txt, sitemap, Markdown twins, JSON-LD) read it from FixContext.site.
 */
import type { ValueSource } from '../schema.js';

export type { ValueSource };

/** A value with where it comes from, and what showed it ("og:site_name", "astro.config.mjs site", "--set siteName"). */
export interface Sourced<T> {
  value: T;
  source: Exclude<ValueSource, 'example'>;
  from: string;
}

/** One page of the site as the crawl read it. */
export interface SitePage extends SitePageFiles {
  /** The page's URL at the production origin (the scanned URL when no production origin is known). */
  url: string;
  /** The URL the crawl fetched (the scanned origin). */
  fetchedUrl: string;
  title: string | null;
  description: string | null;
  /** The page's main content as Markdown (a library conversion of the HTML the server sent); null when unreadable. */
  markdown: string | null;
}

export interface SiteFacts {
  /** The origin the site is published at: the framework's config, canonical links or og:url, else `--set domain`; never a loopback address. */
  origin: Sourced<string> | null;
  /** The site's name: og:site_name, else the part every title shares, else the framework's config or the owner's. */
  name: Sourced<string> | null;
  /** The home page's description (meta description, og:description), else the owner's. */
  description: Sourced<string> | null;
  /** Pages read, the home page first; bounded (200 pages, 30 s by default). */
  pages: SitePage[];
  /**
   * The sitemap robots.txt should name: the one the site already serves (its URL at the production
   * origin), else the /sitemap.xml that D2's guide publishes from these pages (`sitemapWritten`); null: neither.
   */
  sitemap: Sourced<string> | null;
  /** The sitemap is the one `fix` writes (the site serves none). */
  sitemapWritten?: boolean;
  /** The project's framework id (src/core/fixes/project/frameworks.ts), when fix knows it: guides name its generators. */
  framework?: string;
  /** How the crawl went: pages read, and what stopped it early (null: it read every page it found). */
  crawl: { pages: number; stoppedBy: 'pages' | 'time' | null; ms: number };
}

/** One page of the site as the crawl read it, with where its files go. */
export interface SitePageFiles {
  /** The page's path under the site's base (the production origin's path), "/" for the home page; a safe URL path. */
  path: string;
  /** Where its Markdown twin is served, under the site's base ("/index.md", "/about.md"); null when the path is not safe to write. */
  twin: string | null;
}

/** How `ai-ready fix` reads the site for its guides. */
export interface SiteCrawlOptions {
  /** Pages read at most (default 200). */
  maxPages?: number;
  /** Time the crawl may take, in ms (default 30 000). */
  maxMs?: number;
  /** The production site URL the project's config names, and where it was read. */
  configOrigin?: { url: string; from: string } | null;
  /** The project's framework id, for the guides to name its generators. */
  framework?: string;
}

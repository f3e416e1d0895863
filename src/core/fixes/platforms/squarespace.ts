/** Squarespace: a hosted builder. */
import { hostedBuilder } from './shared.js';
import { builderGeneratesSitemap, edgeOnlyMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  // Squarespace's robots.txt cannot be edited: Cloudflare's managed one is the alternative.
  robotsLines: (fx, spec) => [
    { title: 'Squarespace generates robots.txt (it cannot be edited)', body: spec.squarespace },
    { title: 'Or let Cloudflare manage robots.txt', body: spec.cloudflare },
  ],
  markdownNegotiation: edgeOnlyMarkdownNegotiation,
  sitemap: builderGeneratesSitemap,
};

export const squarespace: PlatformPack = hostedBuilder('squarespace', { hooks, managedFiles: { '/robots.txt': 'Squarespace robots.txt cannot be edited; Settings → Crawlers chooses what search engines and AI crawlers may do.' } });

/** Webflow: Enterprise uploads well-known files; other plans go through Cloudflare. */
import { CLOUDFLARE_FALLBACK, headersAtCloudflare, workerStep } from './shared.js';
import { builderGeneratesSitemap, edgeOnlyMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const LLMS_NOTE = 'Webflow Enterprise can upload llms.txt through the site configuration API.';

const hooks: PlatformHooks = {
  markdownNegotiation: edgeOnlyMarkdownNegotiation,
  sitemap: builderGeneratesSitemap,
};

export const webflow: PlatformPack = {
  id: 'webflow',
  hooks,
  managedFiles: { '/robots.txt': 'Webflow: Site settings → SEO → Indexing → robots.txt.', '/llms.txt': LLMS_NOTE, '/llms-full.txt': LLMS_NOTE },
  serveFile: ({ spec, create }) => [
    create,
    workerStep(
      'Upload it as a well-known file (Webflow Enterprise) or use a Worker',
      `Webflow Enterprise exposes a site configuration API for llms.txt and well-known files. On other plans: ${CLOUDFLARE_FALLBACK}`,
      spec,
    ),
  ],
  addHeader: headersAtCloudflare('webflow'),
};

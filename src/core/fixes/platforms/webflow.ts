/** Webflow: Enterprise uploads well-known files; other plans go through Cloudflare. */
import { CLOUDFLARE_FALLBACK, headersAtCloudflare, workerStep } from './shared.js';
import { builderGeneratesSitemap, edgeOnlyMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

const LLMS_NOTE = 'Webflow Enterprise can upload llms.txt through the site configuration API.';

const hooks: PlatformHooks = {
  markdownNegotiation: edgeOnlyMarkdownNegotiation,
  sitemap: builderGeneratesSitemap,
};

/** How the detector knows Webflow (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'builder',
  rank: 2,
  signals: [
    { kind: 'generator', pattern: /^Webflow/i, weight: STRONG, label: 'meta generator Webflow' },
    { kind: 'selector', selector: 'html[data-wf-site], html[data-wf-page]', weight: STRONG, label: 'data-wf-site attribute' },
    {
      kind: 'html',
      pattern: /assets\.website-files\.com|cdn\.prod\.website-files\.com|uploads-ssl\.webflow\.com/,
      weight: MEDIUM,
      label: 'website-files.com assets',
    },
    { kind: 'html', pattern: /\bWebflow\.(push|require|env)\b/, weight: MEDIUM, label: 'Webflow inline script' },
  ],
};

export const webflow: PlatformPack = {
  id: 'webflow',
  label: 'Webflow',
  fingerprint,
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
  addHeader: headersAtCloudflare,
};

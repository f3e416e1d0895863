/** Wix: a hosted builder. */
import { hostedBuilder } from './shared.js';
import { builderGeneratesSitemap, clientRenderedPlatform, edgeOnlyMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const LLMS_NOTE = 'Wix serves a default llms.txt; its content can be replaced through the Wix llms.txt API (dev.wix.com, SEO → llms.txt).';

const hooks: PlatformHooks = {
  markdownNegotiation: edgeOnlyMarkdownNegotiation,
  sitemap: builderGeneratesSitemap,
  serverRendering: clientRenderedPlatform,
};

export const wix: PlatformPack = hostedBuilder('wix', { hooks, managedFiles: { '/robots.txt': 'Wix: edit it in the dashboard (Marketing & SEO → SEO Tools → Robots.txt Editor).', '/llms.txt': LLMS_NOTE, '/llms-full.txt': LLMS_NOTE } });

/** Framer: a hosted builder. */
import { hostedBuilder } from './shared.js';
import { builderGeneratesSitemap, clientRenderedPlatform, edgeOnlyMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  markdownNegotiation: edgeOnlyMarkdownNegotiation,
  sitemap: builderGeneratesSitemap,
  serverRendering: clientRenderedPlatform,
};

export const framer: PlatformPack = hostedBuilder('framer', { hooks });

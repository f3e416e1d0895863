/** Gatsby: a static site generator copying static/ to the site root. */
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemap(fx) {
    return [{ title: 'Add gatsby-plugin-sitemap', code: `npm install gatsby-plugin-sitemap\n// gatsby-config.js: siteMetadata.siteUrl = '${fx.origin}', plugins: ['gatsby-plugin-sitemap']`, lang: 'sh' }];
  },
};

export const gatsby: PlatformPack = staticSite('gatsby', 'static', { hooks });

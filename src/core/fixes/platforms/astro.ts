/** Astro: a static site generator copying public/ to the site root. */
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  sitemap(fx) {
    return [
      {
        title: 'Add @astrojs/sitemap',
        code: `npx astro add sitemap\n\n// astro.config.mjs\nexport default defineConfig({\n  site: '${fx.origin}',\n  integrations: [sitemap()],\n});\n`,
        lang: 'sh',
        body: 'The integration writes /sitemap-index.xml and /sitemap-0.xml at build time (it needs `site`).',
      },
    ];
  },
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemapPath: '/sitemap-index.xml',
};

export const astro: PlatformPack = staticSite('astro', 'public', { hooks });

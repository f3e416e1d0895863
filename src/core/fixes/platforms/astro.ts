/** Astro: a static site generator copying public/ to the site root. */
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';
import type { ProjectShape } from './project-shape.js';
import { jsConfigOrigin } from './config-values.js';

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

/** How the detector knows Astro (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'ssg',
  rank: 1,
  signals: [
    { kind: 'generator', pattern: /^Astro/i, weight: STRONG, label: 'meta generator Astro' },
    { kind: 'html', pattern: /\/_astro\/[\w.-]{1,200}\.(css|js)/, weight: MEDIUM, label: '/_astro/ assets' },
    { kind: 'selector', selector: 'astro-island', weight: MEDIUM, label: 'astro-island elements' },
    { kind: 'html', pattern: /class="[^"]*\bastro-[a-z0-9]{8}\b/, weight: WEAK, label: 'astro- scoped classes' },
  ],
};

const ASTRO_CONFIGS = ['astro.config.mjs', 'astro.config.ts', 'astro.config.js'];

/** An Astro project: public/ is served at the root; astro-robots-txt generates robots.txt when configured. */
const project: ProjectShape = {
  specificity: 2,
  deps: ['astro'],
  files: ['astro.config.mjs', 'astro.config.ts'],
  staticDir: 'public',
  headFile: 'your page layout in src/layouts/',
  bodyFile: 'your page layout in src/layouts/',
  configFiles: ASTRO_CONFIGS,
  origin: jsConfigOrigin('astro', 'site', 'base', 'site'),
  robotsSource(read) {
    const config = ASTRO_CONFIGS.find((f) => /['"]astro-robots-txt['"]/.test(read(f) ?? ''));
    return config ? { kind: 'manual', where: `the astro-robots-txt options in ${config} (policy: [...]): add these rules there` } : null;
  },
};

export const astro: PlatformPack = { ...staticSite('astro', 'public', { hooks }), label: 'Astro', fingerprint, project };

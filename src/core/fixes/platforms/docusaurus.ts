/** Docusaurus: a static site generator copying static/ to the site root. */
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';
import type { ProjectShape } from './project-shape.js';
import { jsConfigOrigin } from './config-values.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemap(fx) {
    return [
      {
        title: 'Enable the sitemap plugin',
        body:
          'The classic preset includes @docusaurus/plugin-sitemap; make sure it is not disabled (`sitemap: false`) ' +
          'and that `url` is set in docusaurus.config.js. It writes /sitemap.xml at build time.',
        code: `presets: [['classic', { sitemap: { changefreq: 'weekly', priority: 0.5 } }]],`,
        lang: 'js',
      },
    ];
  },
  llmsTxt(fx, file) {
    return [
      {
        title: 'Add docusaurus-plugin-llms',
        code:
          'npm install docusaurus-plugin-llms\n\n// docusaurus.config.js\n' +
          "plugins: [['docusaurus-plugin-llms', { generateLLMsTxt: true, generateLLMsFullTxt: true }]],",
        lang: 'js',
        body: 'It writes llms.txt and llms-full.txt from your docs at build time.',
      },
    ];
  },
  markdownUrls(fx) {
    return [
      {
        title: 'Emit .md copies at build time',
        body: 'docusaurus-plugin-llms can copy each doc as Markdown next to its HTML; or copy your docs/ sources into the build output in a postbuild step.',
      },
    ];
  },
};

/** How the detector knows Docusaurus (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'docs',
  rank: 2,
  signals: [
    { kind: 'generator', pattern: /^Docusaurus/i, weight: STRONG, label: 'meta generator Docusaurus' },
    { kind: 'selector', selector: 'meta[name="docusaurus_locale"], meta[name="docusaurus_tag"]', weight: STRONG, label: 'docusaurus_locale meta' },
    { kind: 'html', pattern: /\/assets\/js\/runtime~main\./, weight: MEDIUM, label: 'runtime~main bundle' },
  ],
};

/** A Docusaurus project: static/ is served at the root; the origin is `url` + `baseUrl`. */
const project: ProjectShape = {
  specificity: 3,
  deps: ['@docusaurus/core'],
  files: ['docusaurus.config.js', 'docusaurus.config.ts'],
  staticDir: 'static',
  headFile: 'docusaurus.config.js (headTags)',
  bodyFile: 'src/theme/Root.js (a swizzled Root wraps every page)',
  origin: jsConfigOrigin('docusaurus', 'url', 'baseUrl', 'url + baseUrl'),
};

export const docusaurus: PlatformPack = { ...staticSite('docusaurus', 'static', { hooks }), label: 'Docusaurus', fingerprint, project };

/** Gatsby: a static site generator copying static/ to the site root. */
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';
import type { ProjectShape } from './project-shape.js';
import { JS_EXT, jsLiteral, originFrom, stripJsComments } from './config-values.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemap(fx) {
    return [
      {
        title: 'Add gatsby-plugin-sitemap',
        code: `npm install gatsby-plugin-sitemap\n// gatsby-config.js: siteMetadata.siteUrl = '${fx.origin}', plugins: ['gatsby-plugin-sitemap']`,
        lang: 'sh',
      },
    ];
  },
};

/** How the detector knows Gatsby (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'ssg',
  rank: 1,
  signals: [
    { kind: 'generator', pattern: /^Gatsby/i, weight: STRONG, label: 'meta generator Gatsby' },
    { kind: 'selector', selector: 'div#___gatsby', weight: MEDIUM, label: 'div#___gatsby' },
    { kind: 'selector', selector: 'style#gatsby-inlined-css', weight: MEDIUM, label: 'gatsby-inlined-css' },
    { kind: 'html', pattern: /\/page-data\/[\w/-]{0,200}page-data\.json/, weight: WEAK, label: '/page-data/ fetches' },
  ],
};

/** A Gatsby project: static/ is served at the root; the origin is siteMetadata.siteUrl. */
const project: ProjectShape = {
  specificity: 2,
  deps: ['gatsby'],
  files: ['gatsby-config.js', 'gatsby-config.ts'],
  staticDir: 'static',
  headFile: 'gatsby-ssr.js (onRenderBody: setHeadComponents) or the Head export',
  bodyFile: 'gatsby-ssr.js (onRenderBody: setPreBodyComponents)',
  origin: originFrom(
    JS_EXT.map((e) => `gatsby-config.${e}`),
    'siteMetadata.siteUrl',
    (t) => ({ url: jsLiteral(stripJsComments(t), 'siteUrl') }),
  ),
};

export const gatsby: PlatformPack = { ...staticSite('gatsby', 'static', { hooks }), label: 'Gatsby', fingerprint, project };

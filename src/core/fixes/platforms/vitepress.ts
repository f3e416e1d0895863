/** VitePress: a static site generator copying docs/public/ to the site root. */
import { staticSite } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';
import type { ProjectShape } from './project-shape.js';
import { JS_EXT, jsLiteral, originFrom, stripJsComments } from './config-values.js';

/** How the detector knows VitePress (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'docs',
  rank: 2,
  signals: [
    { kind: 'generator', pattern: /^VitePress/i, weight: STRONG, label: 'meta generator VitePress' },
    { kind: 'html', pattern: /__VP_HASH_MAP__|__VP_SITE_DATA__/, weight: STRONG, label: '__VP_HASH_MAP__ inline' },
    { kind: 'selector', selector: '.VPNav, .VPContent, #VPContent', weight: MEDIUM, label: 'VitePress layout' },
  ],
};

/** VitePress serves <srcDir>/public; the config lives in <srcDir>/.vitepress (docs/ by convention). */
const SOURCE_DIRS = ['docs', '.', 'src'];

const project: ProjectShape = {
  specificity: 3,
  deps: ['vitepress'],
  staticDir: (p) => {
    const src = SOURCE_DIRS.find((d) => p.exists(d === '.' ? '.vitepress' : `${d}/.vitepress`));
    return src === undefined ? 'docs/public' : src === '.' ? 'public' : `${src}/public`;
  },
  starterStaticDir: 'docs/public',
  headFile: '.vitepress/config (head)',
  bodyFile: '.vitepress/theme/ (a layout slot of the theme, e.g. layout-top)',
  origin: originFrom(
    SOURCE_DIRS.flatMap((src) => JS_EXT.map((e) => `${src === '.' ? '' : `${src}/`}.vitepress/config.${e}`)),
    'sitemap.hostname',
    (t) => ({ url: jsLiteral(stripJsComments(t), 'hostname', 'sitemap') }),
  ),
};

export const vitepress: PlatformPack = { ...staticSite('vitepress', 'docs/public'), label: 'VitePress', fingerprint, project };

/** Jekyll: copies the site source to the site root, skipping dot folders and "_" files unless told. */
import { jekyllCopyNote, staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemap(fx) {
    return [{ title: 'Add jekyll-sitemap', code: '# _config.yml\nurl: "' + fx.origin + '"\nplugins:\n  - jekyll-sitemap\n', lang: 'yaml' }];
  },
};

/** How the detector knows Jekyll (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'ssg',
  rank: 1,
  signals: [
    { kind: 'generator', pattern: /^Jekyll/i, weight: STRONG, label: 'meta generator Jekyll' },
    { kind: 'html', pattern: /Begin Jekyll SEO tag/, weight: MEDIUM, label: 'jekyll-seo-tag comment' },
  ],
};

export const jekyll: PlatformPack = {
  ...staticSite('jekyll', '.', {
    hooks,
    copyNote: jekyllCopyNote,
    headerNote: ' Jekyll skips files starting with "_": add `include: ["_headers"]` to _config.yml.',
  }),
  label: 'Jekyll',
  fingerprint,
};

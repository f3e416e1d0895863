/** Jekyll: copies the site source to the site root, skipping dot folders and "_" files unless told. */
import { jekyllCopyNote, staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemap(fx) {
    return [{ title: 'Add jekyll-sitemap', code: '# _config.yml\nurl: "' + fx.origin + '"\nplugins:\n  - jekyll-sitemap\n', lang: 'yaml' }];
  },
};

export const jekyll: PlatformPack = staticSite('jekyll', '.', {
  hooks,
  copyNote: jekyllCopyNote,
  headerNote: ' Jekyll skips files starting with "_": add `include: ["_headers"]` to _config.yml.',
});

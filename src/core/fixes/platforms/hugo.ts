/** Hugo: a static site generator copying static/ to the site root. */
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemap(fx) {
    return [{ title: 'Hugo builds /sitemap.xml', body: 'Hugo writes sitemap.xml by default; check that `disableKinds` does not include "sitemap" and that `baseURL` is your public origin.' }];
  },
};

export const hugo: PlatformPack = staticSite('hugo', 'static', { hooks });

/** Hugo: a static site generator copying static/ to the site root. */
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, type PlatformFingerprint } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemap(fx) {
    return [
      {
        title: 'Hugo builds /sitemap.xml',
        body: 'Hugo writes sitemap.xml by default; check that `disableKinds` does not include "sitemap" and that `baseURL` is your public origin.',
      },
    ];
  },
};

/** How the detector knows Hugo (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'ssg',
  rank: 1,
  signals: [{ kind: 'generator', pattern: /^Hugo/i, weight: STRONG, label: 'meta generator Hugo' }],
};

export const hugo: PlatformPack = { ...staticSite('hugo', 'static', { hooks }), label: 'Hugo', fingerprint };

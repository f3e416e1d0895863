/** VitePress: a static site generator copying docs/public/ to the site root. */
import { staticSite } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

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

export const vitepress: PlatformPack = { ...staticSite('vitepress', 'docs/public'), label: 'VitePress', fingerprint };

/** Shopware: a PHP application; the file goes in its web root (public). */
import { phpApp } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows Shopware (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'commerce',
  rank: 3,
  signals: [
    { kind: 'generator', pattern: /Shopware/i, weight: STRONG, label: 'meta generator Shopware' },
    { kind: 'header', name: 'sw-invalidation-states', weight: STRONG, label: 'sw-invalidation-states header' },
    { kind: 'header', name: 'sw-version-id', weight: STRONG, label: 'sw-version-id header' },
    { kind: 'header', name: 'sw-context-token', weight: STRONG, label: 'sw-context-token header' },
    { kind: 'html', pattern: /frontend\.cart\.offcanvas/, weight: STRONG, label: 'Shopware storefront router' },
    { kind: 'html', pattern: /\/bundles\/storefront\/|\/themes\/Frontend\/Responsive\//, weight: MEDIUM, label: 'Shopware storefront assets' },
  ],
};

export const shopware: PlatformPack = { ...phpApp('shopware', 'public'), label: 'Shopware', fingerprint };

/** HubSpot CMS: a hosted builder. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows HubSpot CMS (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'hosted',
  rank: 2,
  signals: [
    { kind: 'header', name: 'x-hs-hub-id', weight: STRONG, label: 'x-hs-hub-id header' },
    { kind: 'header', name: 'x-hs-content-id', weight: STRONG, label: 'x-hs-content-id header' },
    { kind: 'generator', pattern: /^HubSpot/i, weight: STRONG, label: 'meta generator HubSpot' },
    { kind: 'html', pattern: /hs_cos_wrapper/, weight: MEDIUM, label: 'hs_cos_wrapper modules' },
    // Forms and tracking scripts (js.hs-scripts.com) appear on every kind of site: not signals.
    { kind: 'html', pattern: /\/hubfs\//, weight: WEAK, label: '/hubfs/ files' },
  ],
};

export const hubspot: PlatformPack = {
  ...hostedBuilder('hubspot', { managedFiles: { '/robots.txt': 'HubSpot: Settings → Website → Pages → SEO & Crawlers → robots.txt.' } }),
  label: 'HubSpot CMS',
  fingerprint,
};

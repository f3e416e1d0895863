/** Duda: a hosted builder. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';
import { MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows Duda (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'builder',
  rank: 2,
  signals: [
    { kind: 'html', pattern: /dd-cdn\.multiscreensite\.com|irp\.cdn-website\.com/, weight: MEDIUM, label: 'Duda CDN assets' },
    { kind: 'html', pattern: /\bid="dmRoot"|class="[^"]*\bdmBody\b/, weight: WEAK, label: 'Duda layout markers' },
  ],
};

export const duda: PlatformPack = { ...hostedBuilder('duda'), label: 'Duda', fingerprint };

/** Substack: a hosted publication. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows Substack (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'hosted',
  rank: 2,
  signals: [
    { kind: 'header', name: 'x-served-by', pattern: /Substack/i, weight: STRONG, label: 'x-served-by: Substack' },
    { kind: 'html', pattern: /substackcdn\.com/, weight: MEDIUM, label: 'substackcdn.com assets' },
  ],
};

export const substack: PlatformPack = { ...hostedBuilder('substack'), label: 'Substack', fingerprint };

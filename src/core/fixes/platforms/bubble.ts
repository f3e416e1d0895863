/** Bubble: a hosted builder. */
import { hostedBuilder } from './shared.js';
import { clientRenderedPlatform } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  serverRendering: clientRenderedPlatform,
};

/** How the detector knows Bubble (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'builder',
  rank: 2,
  signals: [
    { kind: 'header-name', pattern: /^x-bubble-/, weight: STRONG, label: 'x-bubble-* headers' },
    { kind: 'html', pattern: /appforest_uf|\.cdn\.bubble\.io\//, weight: MEDIUM, label: 'Bubble asset storage' },
  ],
};

export const bubble: PlatformPack = { ...hostedBuilder('bubble', { hooks }), label: 'Bubble', fingerprint };

/** Framer: a hosted builder. */
import { hostedBuilder } from './shared.js';
import { clientRenderedBuilderHooks } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

const hooks: PlatformHooks = clientRenderedBuilderHooks;

/** How the detector knows Framer (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'builder',
  rank: 2,
  signals: [
    { kind: 'generator', pattern: /^Framer/i, weight: STRONG, label: 'meta generator Framer' },
    { kind: 'html', pattern: /framerusercontent\.com/, weight: MEDIUM, label: 'framerusercontent.com assets' },
    { kind: 'html', pattern: /__framer_importFromPackage|data-framer-hydrate-v2/, weight: WEAK, label: 'Framer runtime markers' },
  ],
};

export const framer: PlatformPack = { ...hostedBuilder('framer', { hooks }), label: 'Framer', fingerprint };

/** Fly.io: a host the detector reports beside the platform; no steps of its own (the platform's, then generic steps apply). */
import { STRONG } from '../../platform/signals.js';
import type { PlatformPack } from './types.js';

export const fly: PlatformPack = {
  id: 'fly',
  label: 'Fly.io',
  hostSignals: [
    { kind: 'header', name: 'fly-request-id', weight: STRONG, label: 'fly-request-id' },
    { kind: 'header', name: 'server', pattern: /^Fly\//i, weight: STRONG, label: 'server: Fly' },
  ],
};

/** Akamai: a host the detector reports beside the platform; no steps of its own (the platform's, then generic steps apply). */
import { STRONG } from '../../platform/signals.js';
import type { PlatformPack } from './types.js';

export const akamai: PlatformPack = {
  id: 'akamai',
  label: 'Akamai',
  hostSignals: [
    { kind: 'header', name: 'server', pattern: /^Akamai/i, weight: STRONG, label: 'server: AkamaiGHost' },
    { kind: 'header', name: 'x-akamai-transformed', weight: STRONG, label: 'x-akamai-transformed' },
    { kind: 'header', name: 'akamai-grn', weight: STRONG, label: 'akamai-grn' },
  ],
};

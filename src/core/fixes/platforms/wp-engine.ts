/** WP Engine: a host the detector reports beside the platform; no steps of its own (the platform's, then generic steps apply). */
import { STRONG } from '../../platform/signals.js';
import type { PlatformPack } from './types.js';

export const wpEngine: PlatformPack = {
  id: 'wp-engine',
  label: 'WP Engine',
  hostSignals: [
    { kind: 'header', name: 'x-powered-by', pattern: /WP Engine/i, weight: STRONG, label: 'x-powered-by: WP Engine' },
    { kind: 'header', name: 'wpe-backend', weight: STRONG, label: 'wpe-backend' },
  ],
};

/** Fastly: a host the detector reports beside the platform; no steps of its own (the platform's, then generic steps apply). */
import { STRONG } from '../../platform/signals.js';
import type { PlatformPack } from './types.js';

export const fastly: PlatformPack = {
  id: 'fastly',
  label: 'Fastly',
  hostSignals: [
    { kind: 'header', name: 'x-fastly-request-id', weight: STRONG, label: 'x-fastly-request-id' },
    { kind: 'header', name: 'x-served-by', pattern: /^cache-[a-z0-9-]+/i, weight: STRONG, label: 'x-served-by: cache-*' },
  ],
};

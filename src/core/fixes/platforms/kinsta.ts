/** Kinsta: a host the detector reports beside the platform; no steps of its own (the platform's, then generic steps apply). */
import { STRONG } from '../../platform/signals.js';
import type { PlatformPack } from './types.js';

export const kinsta: PlatformPack = {
  id: 'kinsta',
  label: 'Kinsta',
  hostSignals: [{ kind: 'header', name: 'x-kinsta-cache', weight: STRONG, label: 'x-kinsta-cache' }],
};

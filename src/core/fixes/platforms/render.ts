/** Render: a host the detector reports beside the platform; no steps of its own (the platform's, then generic steps apply). */
import { STRONG } from '../../platform/signals.js';
import type { PlatformPack } from './types.js';

export const render: PlatformPack = {
  id: 'render',
  label: 'Render',
  hostSignals: [{ kind: 'header', name: 'rndr-id', weight: STRONG, label: 'rndr-id' }],
};

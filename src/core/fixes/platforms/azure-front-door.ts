/** Azure Front Door: a host the detector reports beside the platform; no steps of its own (the platform's, then generic steps apply). */
import { STRONG } from '../../platform/signals.js';
import type { PlatformPack } from './types.js';

export const azureFrontDoor: PlatformPack = {
  id: 'azure-front-door',
  label: 'Azure Front Door',
  hostSignals: [{ kind: 'header', name: 'x-azure-ref', weight: STRONG, label: 'x-azure-ref' }],
};

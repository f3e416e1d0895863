/** Heroku: a host the detector reports beside the platform; no steps of its own (the platform's, then generic steps apply). */
import { STRONG } from '../../platform/signals.js';
import type { PlatformPack } from './types.js';

export const heroku: PlatformPack = {
  id: 'heroku',
  label: 'Heroku',
  hostSignals: [{ kind: 'header', name: 'via', pattern: /vegur|heroku-router/i, weight: STRONG, label: 'via: heroku router' }],
};

/** Duda: a hosted builder. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';

export const duda: PlatformPack = hostedBuilder('duda');

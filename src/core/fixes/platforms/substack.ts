/** Substack: a hosted publication. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';

export const substack: PlatformPack = hostedBuilder('substack');

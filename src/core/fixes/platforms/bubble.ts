/** Bubble: a hosted builder. */
import { hostedBuilder } from './shared.js';
import { clientRenderedPlatform } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  serverRendering: clientRenderedPlatform,
};

export const bubble: PlatformPack = hostedBuilder('bubble', { hooks });

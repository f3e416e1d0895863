/** Astro: a static site generator copying public/ to the site root. */
import { staticSite } from './shared.js';
import type { PlatformPack } from './types.js';

export const astro: PlatformPack = staticSite('astro', 'public');

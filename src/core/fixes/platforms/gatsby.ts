/** Gatsby: a static site generator copying static/ to the site root. */
import { staticSite } from './shared.js';
import type { PlatformPack } from './types.js';

export const gatsby: PlatformPack = staticSite('gatsby', 'static');

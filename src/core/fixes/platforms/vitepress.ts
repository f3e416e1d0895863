/** VitePress: a static site generator copying docs/public/ to the site root. */
import { staticSite } from './shared.js';
import type { PlatformPack } from './types.js';

export const vitepress: PlatformPack = staticSite('vitepress', 'docs/public');

/** Shopware: a PHP application; the file goes in its web root (public). */
import { phpApp } from './shared.js';
import type { PlatformPack } from './types.js';

export const shopware: PlatformPack = phpApp('shopware', 'public');

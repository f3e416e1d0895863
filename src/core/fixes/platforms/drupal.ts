/** Drupal: a PHP application; the file goes in its web root (web). */
import { phpApp } from './shared.js';
import type { PlatformPack } from './types.js';

export const drupal: PlatformPack = phpApp('drupal', 'web');

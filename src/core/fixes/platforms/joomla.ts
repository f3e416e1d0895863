/** Joomla: a PHP application; the file goes in its web root (.). */
import { phpApp } from './shared.js';
import type { PlatformPack } from './types.js';

export const joomla: PlatformPack = phpApp('joomla', '.');

/** LiteSpeed reads Apache's .htaccess: Apache's steps apply. */
import { apache } from './apache.js';
import type { PlatformPack } from './types.js';

export const litespeed: PlatformPack = { ...apache, id: 'litespeed' };

/** Squarespace: a hosted builder. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';

export const squarespace: PlatformPack = hostedBuilder('squarespace', { managedFiles: { '/robots.txt': 'Squarespace robots.txt cannot be edited; Settings → Crawlers chooses what search engines and AI crawlers may do.' } });

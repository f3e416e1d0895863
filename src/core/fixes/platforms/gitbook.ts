/** GitBook: hosted docs. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';

export const gitbook: PlatformPack = hostedBuilder('gitbook', { managedFiles: { '/robots.txt': 'GitBook manages robots.txt for published sites.' } });

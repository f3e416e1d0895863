/** LiteSpeed reads Apache's .htaccess: Apache's steps apply. */
import { apache } from './apache.js';
import type { PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

/** How the detector knows LiteSpeed (any one signal). */
const hostSignals: Signal[] = [
  { kind: 'header', name: 'server', pattern: /LiteSpeed/i, weight: STRONG, label: 'server: LiteSpeed' },
  { kind: 'header', name: 'x-litespeed-cache', weight: STRONG, label: 'x-litespeed-cache' },
];

export const litespeed: PlatformPack = { ...apache, id: 'litespeed', label: 'LiteSpeed', hostSignals, hostingRank: 7 };

/** PrestaShop: a PHP application; the file goes in its web root (.). */
import { phpApp } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows PrestaShop (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'commerce',
  rank: 3,
  signals: [
    { kind: 'generator', pattern: /PrestaShop/i, weight: STRONG, label: 'meta generator PrestaShop' },
    { kind: 'html', pattern: /\bvar prestashop\s*=\s*\{/, weight: STRONG, label: 'var prestashop inline' },
    { kind: 'cookie', pattern: /^PrestaShop-[0-9a-f]+$/i, weight: MEDIUM, label: 'PrestaShop cookie' },
    { kind: 'html', pattern: /\/modules\/ps_[a-z]+\//, weight: MEDIUM, label: '/modules/ps_ assets' },
  ],
};

export const prestashop: PlatformPack = { ...phpApp('prestashop', '.'), label: 'PrestaShop', fingerprint };

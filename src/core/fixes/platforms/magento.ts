/** Magento (Adobe Commerce): a PHP application whose web root is pub/. */
import { phpApp } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows Magento (Adobe Commerce) (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'commerce',
  rank: 3,
  signals: [
    { kind: 'selector', selector: 'script[type="text/x-magento-init"]', weight: STRONG, label: 'text/x-magento-init script' },
    { kind: 'cookie', pattern: /^(X-Magento-Vary|mage-cache-storage|mage-cache-sessid)$/, weight: STRONG, label: 'Magento cookies' },
    { kind: 'header', name: 'x-magento-tags', weight: STRONG, label: 'x-magento-tags header' },
    { kind: 'html', pattern: /Mage\.Cookies/, weight: STRONG, label: 'Mage.Cookies inline (Magento 1)' },
    { kind: 'html', pattern: /\/static\/(version\d{1,20}\/)?frontend\/[\w-]{1,100}\/[\w-]{1,100}\//, weight: MEDIUM, label: 'static/frontend/ theme assets' },
    { kind: 'html', pattern: /"Magento_[A-Z]\w*\//, weight: MEDIUM, label: 'Magento_ module references' },
    { kind: 'html', pattern: /\/skin\/frontend\//, weight: MEDIUM, label: '/skin/frontend/ assets (Magento 1)' },
  ],
};

export const magento: PlatformPack = {
  ...phpApp('magento', 'pub', {
    managedFiles: { '/robots.txt': 'Magento: Content → Design → Configuration → (store view) → Search Engine Robots.' },
  }),
  label: 'Magento (Adobe Commerce)',
  fingerprint,
};

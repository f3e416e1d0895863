/** Magento (Adobe Commerce): a PHP application whose web root is pub/. */
import { phpApp } from './shared.js';
import type { PlatformPack } from './types.js';

export const magento: PlatformPack = phpApp('magento', 'pub', {
  managedFiles: { '/robots.txt': 'Magento: Content → Design → Configuration → (store view) → Search Engine Robots.' },
});

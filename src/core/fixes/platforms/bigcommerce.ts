/** BigCommerce: a hosted store. */
import { hostedBuilder } from './shared.js';
import { platformCheckoutIntegration } from './shared-hooks.js';
import type { PlatformPack } from './types.js';

export const bigcommerce: PlatformPack = hostedBuilder('bigcommerce', { hooks: { agenticCheckout: platformCheckoutIntegration }, managedFiles: { '/robots.txt': 'BigCommerce: Settings → Website → robots.txt (Search engine robots).' } });

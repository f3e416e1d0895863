/** WooCommerce runs on WordPress: the same plugin, headers and advice, plus its own checkout integration. */
import { platformCheckoutIntegration } from './shared-hooks.js';
import type { PlatformPack } from './types.js';
import { wordpress } from './wordpress.js';

export const woocommerce: PlatformPack = { ...wordpress, id: 'woocommerce', hooks: { ...wordpress.hooks, agenticCheckout: platformCheckoutIntegration } };

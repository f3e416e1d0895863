/** WooCommerce runs on WordPress: the same plugin and headers. */
import type { PlatformPack } from './types.js';
import { wordpress } from './wordpress.js';

export const woocommerce: PlatformPack = { ...wordpress, id: 'woocommerce' };

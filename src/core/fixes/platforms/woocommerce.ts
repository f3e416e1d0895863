/** WooCommerce runs on WordPress: the same plugin, headers and advice, plus its own checkout integration. */
import { platformCheckoutIntegration } from './shared-hooks.js';
import type { PlatformPack } from './types.js';
import { wordpress } from './wordpress.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows WooCommerce (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'commerce',
  rank: 4,
  requires: 'wordpress',
  signals: [
    { kind: 'generator', pattern: /WooCommerce/i, weight: STRONG, label: 'meta generator WooCommerce' },
    { kind: 'html', pattern: /wc_add_to_cart_params|woocommerce_params/, weight: MEDIUM, label: 'WooCommerce script variables' },
    { kind: 'html', pattern: /\/plugins\/woocommerce\//, weight: MEDIUM, label: 'WooCommerce plugin assets' },
    {
      kind: 'selector',
      selector: 'body.woocommerce, body.woocommerce-page, body.woocommerce-js, body.woocommerce-no-js',
      weight: WEAK,
      label: 'woocommerce body class',
    },
    { kind: 'cookie', pattern: /^(woocommerce_(recently_viewed|items_in_cart|cart_hash)|wp_woocommerce_session_)/, weight: WEAK, label: 'WooCommerce cookies' },
  ],
};

export const woocommerce: PlatformPack = {
  ...wordpress,
  id: 'woocommerce',
  label: 'WooCommerce',
  fingerprint,
  hooks: { ...wordpress.hooks, agenticCheckout: platformCheckoutIntegration },
  // Its project folder is a WordPress install: the wordpress pack recognises it (no WooCommerce mark in the files).
  project: undefined,
};

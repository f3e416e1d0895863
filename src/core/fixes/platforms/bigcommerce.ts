/** BigCommerce: a hosted store. */
import { hostedBuilder } from './shared.js';
import { platformCheckoutIntegration } from './shared-hooks.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows BigCommerce (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'commerce',
  rank: 3,
  signals: [
    {
      kind: 'selector',
      selector: 'meta[name="platform"][content="bigcommerce" i], meta[name="platform"][content="bigcommerce.stencil" i]',
      weight: STRONG,
      label: 'meta platform bigcommerce',
    },
    { kind: 'html', pattern: /bigcommerce_config|\bBCData\s*=/, weight: STRONG, label: 'BigCommerce inline config' },
    { kind: 'html', pattern: /cdn\d*\.bigcommerce\.com/, weight: MEDIUM, label: 'cdn.bigcommerce.com assets' },
    { kind: 'html', pattern: /\.mybigcommerce\.com\b/, weight: WEAK, label: '*.mybigcommerce.com URL' },
  ],
};

export const bigcommerce: PlatformPack = {
  ...hostedBuilder('bigcommerce', {
    hooks: { agenticCheckout: platformCheckoutIntegration },
    managedFiles: { '/robots.txt': 'BigCommerce: Settings → Website → robots.txt (Search engine robots).' },
  }),
  label: 'BigCommerce',
  fingerprint,
};

/** Wix: a hosted builder. */
import { hostedBuilder } from './shared.js';
import { clientRenderedBuilderHooks } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

const LLMS_NOTE = 'Wix serves a default llms.txt; its content can be replaced through the Wix llms.txt API (dev.wix.com, SEO → llms.txt).';

const hooks: PlatformHooks = clientRenderedBuilderHooks;

/** How the detector knows Wix (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'builder',
  rank: 2,
  signals: [
    { kind: 'header', name: 'x-wix-request-id', weight: STRONG, label: 'X-Wix-Request-Id header' },
    { kind: 'header', name: 'x-wix-renderer-server', weight: STRONG, label: 'X-Wix-Renderer-Server header' },
    { kind: 'generator', pattern: /Wix\.com Website Builder/i, weight: STRONG, label: 'meta generator Wix.com Website Builder' },
    { kind: 'html', pattern: /static\.parastorage\.com|static\.wixstatic\.com/, weight: MEDIUM, label: 'parastorage/wixstatic assets' },
    { kind: 'html', pattern: /wixBiSession/, weight: WEAK, label: 'wixBiSession inline' },
  ],
};

export const wix: PlatformPack = {
  ...hostedBuilder('wix', {
    hooks,
    managedFiles: {
      '/robots.txt': 'Wix: edit it in the dashboard (Marketing & SEO → SEO Tools → Robots.txt Editor).',
      '/llms.txt': LLMS_NOTE,
      '/llms-full.txt': LLMS_NOTE,
    },
  }),
  label: 'Wix',
  fingerprint,
};

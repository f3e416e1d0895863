/** Starlight: a static site generator copying public/ to the site root. */
import { staticSite } from './shared.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  llmsTxt(fx, file) {
    return [
      {
        title: 'Add starlight-llms-txt',
        code: 'npx astro add starlight-llms-txt',
        lang: 'sh',
        body: 'It generates llms.txt, llms-full.txt and llms-small.txt from your Starlight docs.',
      },
    ];
  },
};

/** How the detector knows Starlight (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'docs',
  rank: 2,
  builtOn: ['astro'],
  signals: [
    { kind: 'generator', pattern: /^Starlight/i, weight: STRONG, label: 'meta generator Starlight' },
    { kind: 'selector', selector: 'starlight-theme-select, starlight-menu-button, starlight-toc', weight: MEDIUM, label: 'Starlight custom elements' },
    { kind: 'html', pattern: /class="[^"]*\bsl-(markdown-content|container|flex)\b/, weight: WEAK, label: 'sl- classes' },
  ],
};

export const starlight: PlatformPack = { ...staticSite('starlight', 'public', { hooks }), label: 'Starlight', fingerprint };

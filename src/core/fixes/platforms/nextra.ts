/** Nextra runs on Next.js: the same route handlers and next.config headers (Next.js's check advice is not Nextra's). */
import { nextjs } from './nextjs.js';
import type { PlatformPack } from './types.js';
import { MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows Nextra (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'docs',
  rank: 2,
  builtOn: ['nextjs'],
  signals: [
    { kind: 'html', pattern: /class="[^"]*\bnextra-(nav|sidebar|content|toc|search|body)/, weight: MEDIUM, label: 'nextra- classes' },
    { kind: 'html', pattern: /__nextra_|nextra-theme-docs/, weight: MEDIUM, label: 'Nextra theme markers' },
  ],
};

export const nextra: PlatformPack = { id: 'nextra', label: 'Nextra', fingerprint, serveFile: nextjs.serveFile, addHeader: nextjs.addHeader };

/** Remix: no file or header guidance of its own (its hosting's applies); advice for some checks. */
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  serverRendering(fx) {
    return [
      { title: 'Load content in loaders', body: 'Fetch page content in the route loader so it is server-rendered; avoid client-only fetches for main text.' },
    ];
  },
};

/** How the detector knows Remix / React Router (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'framework',
  rank: 1,
  signals: [
    { kind: 'html', pattern: /window\.__remixContext|window\.__reactRouterContext/, weight: STRONG, label: 'Remix / React Router context' },
    { kind: 'html', pattern: /__remixManifest|__reactRouterManifest/, weight: MEDIUM, label: 'route manifest' },
  ],
};

export const remix: PlatformPack = {
  id: 'remix',
  label: 'Remix / React Router',
  fingerprint,
  hooks,
};

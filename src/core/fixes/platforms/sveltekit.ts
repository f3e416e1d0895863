/** SvelteKit: no file or header guidance of its own (its hosting's applies); advice for some checks. */
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';
import type { ProjectShape } from './project-shape.js';

const hooks: PlatformHooks = {
  serverRendering(fx) {
    return [
      {
        title: 'Keep SSR on in SvelteKit',
        body:
          'Do not set `export const ssr = false` on content routes; load data in +page.server.ts / +page.ts; ' +
          'add `export const prerender = true` for static pages.',
      },
    ];
  },
};

/** How the detector knows SvelteKit (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'framework',
  rank: 1,
  signals: [
    { kind: 'html', pattern: /__sveltekit_[a-z0-9]+/, weight: STRONG, label: '__sveltekit_ inline' },
    { kind: 'html', pattern: /data-sveltekit-(preload|reload|noscroll)|\/_app\/immutable\//, weight: MEDIUM, label: 'SvelteKit assets' },
  ],
};

/** A SvelteKit project: static/ is served at the root. */
const project: ProjectShape = {
  specificity: 2,
  deps: ['@sveltejs/kit'],
  files: ['svelte.config.js'],
  staticDir: 'static',
  headFile: 'src/app.html',
  bodyFile: 'src/app.html',
};

export const sveltekit: PlatformPack = {
  id: 'sveltekit',
  label: 'SvelteKit',
  fingerprint,
  hooks,
  project,
};

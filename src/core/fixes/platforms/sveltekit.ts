/** SvelteKit: no file or header guidance of its own (its hosting's applies); advice for some checks. */
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  serverRendering(fx) {
    return [{ title: 'Keep SSR on in SvelteKit', body: 'Do not set `export const ssr = false` on content routes; load data in +page.server.ts / +page.ts; add `export const prerender = true` for static pages.' }];
  },
};

export const sveltekit: PlatformPack = {
  id: 'sveltekit',
  hooks,
};

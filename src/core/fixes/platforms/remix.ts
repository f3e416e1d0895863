/** Remix: no file or header guidance of its own (its hosting's applies); advice for some checks. */
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  serverRendering(fx) {
    return [{ title: 'Load content in loaders', body: 'Fetch page content in the route loader so it is server-rendered; avoid client-only fetches for main text.' }];
  },
};

export const remix: PlatformPack = {
  id: 'remix',
  hooks,
};

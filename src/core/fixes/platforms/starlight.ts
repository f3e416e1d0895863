/** Starlight: a static site generator copying public/ to the site root. */
import { staticSite } from './shared.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  llmsTxt(fx, file) {
    return [{ title: 'Add starlight-llms-txt', code: 'npx astro add starlight-llms-txt', lang: 'sh', body: 'It generates llms.txt, llms-full.txt and llms-small.txt from your Starlight docs.' }];
  },
};

export const starlight: PlatformPack = staticSite('starlight', 'public', { hooks });

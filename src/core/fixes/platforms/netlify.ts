/** Netlify: the published folder is served as-is; headers in a _headers file. */
import { publishStatic, staticHostHeader } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
};

export const netlify: PlatformPack = {
  id: 'netlify',
  hooks,
  serveFile: (x) => publishStatic(x, 'public', 'the folder your build publishes (often public/)'),
  addHeader: (x) => staticHostHeader(x, '_headers'),
};

/** Netlify: the published folder is served as-is; headers in a _headers file. */
import { publishStatic, staticHostHeader } from './shared.js';
import type { PlatformPack } from './types.js';

export const netlify: PlatformPack = {
  id: 'netlify',
  serveFile: (x) => publishStatic(x, 'public', 'the folder your build publishes (often public/)'),
  addHeader: (x) => staticHostHeader(x, '_headers'),
};

/** Vercel: public/ is served as-is; headers in vercel.json. */
import { publishStatic, vercelHeader } from './shared.js';
import type { PlatformPack } from './types.js';

export const vercel: PlatformPack = {
  id: 'vercel',
  serveFile: (x) => publishStatic(x, 'public', 'the folder your build publishes (often public/)'),
  addHeader: vercelHeader,
};

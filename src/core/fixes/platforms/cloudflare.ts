/** Cloudflare: a Worker route serves a file, a Transform Rule sets a header; in front of any origin. */
import { cloudflareWorker, transformRuleStep } from './shared.js';
import type { PlatformPack } from './types.js';

export const cloudflare: PlatformPack = {
  id: 'cloudflare',
  serveFile: ({ spec, create }) => [create, { title: 'Serve it from a Cloudflare Worker route', code: cloudflareWorker(spec), lang: 'js' }],
  addHeader: ({ name, value, path }) => [transformRuleStep('Add the header with a Cloudflare Transform Rule', name, value, path)],
};

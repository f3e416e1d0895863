/** Cloudflare: a Worker route serves a file, a Transform Rule sets a header; in front of any origin. */
import { cloudflareWorker, transformRuleStep } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

/** How the detector knows Cloudflare (any one signal). */
const hostSignals: Signal[] = [{ kind: 'header', name: 'cf-ray', weight: STRONG, label: 'cf-ray' }, { kind: 'header', name: 'server', pattern: /cloudflare/i, weight: STRONG, label: 'server: cloudflare' }];

export const cloudflare: PlatformPack = {
  id: 'cloudflare',
  label: 'Cloudflare',
  hostSignals,
  serveFile: ({ spec, create }) => [create, { title: 'Serve it from a Cloudflare Worker route', code: cloudflareWorker(spec), lang: 'js' }],
  addHeader: ({ name, value, path }) => [transformRuleStep('Add the header with a Cloudflare Transform Rule', name, value, path)],
};

/** Netlify: the published folder is served as-is; headers in a _headers file. */
import { publishStatic, staticHostHeader } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
};

/** How the detector knows Netlify (any one signal). */
const hostSignals: Signal[] = [
  { kind: 'header', name: 'x-nf-request-id', weight: STRONG, label: 'x-nf-request-id' },
  { kind: 'header', name: 'server', pattern: /Netlify/i, weight: STRONG, label: 'server: Netlify' },
];

export const netlify: PlatformPack = {
  id: 'netlify',
  label: 'Netlify',
  hostSignals,
  hooks,
  serveFile: (x) => publishStatic(x, 'public', 'the folder your build publishes (often public/)'),
  addHeader: (x) => staticHostHeader(x, '_headers'),
};

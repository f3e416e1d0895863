/** Netlify: the published folder is served as-is; headers in a _headers file. */
import { publishStatic, staticHostHeader } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { headerHost, staticFile } from './project-shape.js';
import { STRONG, type Signal } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
};

/** How the detector knows Netlify (any one signal). */
const hostSignals: Signal[] = [
  { kind: 'header', name: 'x-nf-request-id', weight: STRONG, label: 'x-nf-request-id' },
  { kind: 'header', name: 'server', pattern: /Netlify/i, weight: STRONG, label: 'server: Netlify' },
];

export const netlify = {
  id: 'netlify',
  label: 'Netlify',
  hostingRank: 2,
  hostSignals,
  hooks,
  serveFile: (x) => publishStatic(x, 'public', 'the folder your build publishes (often public/)'),
  addHeader: (x) => staticHostHeader(x, '_headers'),
  // `ai-ready fix` writes header rules into netlify.toml when the project has one, else _headers in the static folder.
  headerHost: headerHost({
    id: 'netlify',
    specificity: 1,
    files: [
      { path: 'netlify.toml', format: 'netlify-toml' },
      { path: staticFile('_headers'), format: 'headers-text' },
    ],
  }),
} satisfies PlatformPack;

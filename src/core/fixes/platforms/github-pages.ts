/** GitHub Pages: the published branch is served as-is (built with Jekyll unless .nojekyll); no custom headers. */
import { githubPagesHeader, jekyllCopyNote, publishStatic } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

/** How the detector knows GitHub Pages (any one signal). */
const hostSignals: Signal[] = [
  { kind: 'header', name: 'server', pattern: /^GitHub\.com$/i, weight: STRONG, label: 'server: GitHub.com' },
  { kind: 'header', name: 'x-github-request-id', weight: STRONG, label: 'x-github-request-id' },
];

export const githubPages: PlatformPack = {
  id: 'github-pages',
  label: 'GitHub Pages',
  hostingRank: 3,
  hostSignals,
  serveFile: (x) => publishStatic(x, '.', 'the published branch or folder', jekyllCopyNote(x.file)),
  addHeader: githubPagesHeader,
};

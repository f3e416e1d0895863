/** GitHub Pages: the published branch is served as-is (built with Jekyll unless .nojekyll); no custom headers. */
import { githubPagesHeader, jekyllCopyNote, publishStatic } from './shared.js';
import type { PlatformPack } from './types.js';

export const githubPages: PlatformPack = {
  id: 'github-pages',
  serveFile: (x) => publishStatic(x, '.', 'the published branch or folder', jekyllCopyNote(x.file)),
  addHeader: githubPagesHeader,
};

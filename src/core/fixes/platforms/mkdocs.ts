/** MkDocs: copies docs/ to the site root, excluding dot files by default. */
import { hasDotSegment, staticSite } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows MkDocs (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'docs',
  rank: 2,
  signals: [
    { kind: 'generator', pattern: /^mkdocs/i, weight: STRONG, label: 'meta generator MkDocs' },
    { kind: 'selector', selector: 'header.md-header, div.md-container', weight: MEDIUM, label: 'Material for MkDocs layout' },
  ],
};

export const mkdocs: PlatformPack = {
  ...staticSite('mkdocs', 'docs', {
    copyNote: (file) =>
      hasDotSegment(`/${file}`)
        ? ` MkDocs excludes dot files by default: add \`exclude_docs: ${JSON.stringify(`!${file.split('/')[0]}/`)}\` to mkdocs.yml.`
        : '',
  }),
  label: 'MkDocs',
  fingerprint,
};

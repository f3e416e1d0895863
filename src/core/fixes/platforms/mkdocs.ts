/** MkDocs: copies docs/ to the site root, excluding dot files by default. */
import { hasDotSegment, staticSite } from './shared.js';
import type { PlatformPack } from './types.js';

export const mkdocs: PlatformPack = staticSite('mkdocs', 'docs', {
  copyNote: (file) => (hasDotSegment(`/${file}`) ? ` MkDocs excludes dot files by default: add \`exclude_docs: ${JSON.stringify(`!${file.split('/')[0]}/`)}\` to mkdocs.yml.` : ''),
});

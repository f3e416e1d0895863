/** Jekyll: copies the site source to the site root, skipping dot folders and "_" files unless told. */
import { jekyllCopyNote, staticSite } from './shared.js';
import type { PlatformPack } from './types.js';

export const jekyll: PlatformPack = staticSite('jekyll', '.', {
  copyNote: jekyllCopyNote,
  headerNote: ' Jekyll skips files starting with "_": add `include: ["_headers"]` to _config.yml.',
});

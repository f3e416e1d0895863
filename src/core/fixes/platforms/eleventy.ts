/** Eleventy: files are copied only when the config passes them through. */
import { jsString } from '../escape.js';
import { staticSite } from './shared.js';
import type { PlatformPack } from './types.js';

export const eleventy: PlatformPack = staticSite('eleventy', 'public', {
  copyNote: (file) => ` Copy it through in your Eleventy config: \`eleventyConfig.addPassthroughCopy({ ${jsString(`public/${file}`)}: ${jsString(file)} });\``,
});

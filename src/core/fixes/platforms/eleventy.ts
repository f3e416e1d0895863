/** Eleventy: files are copied only when the config passes them through. */
import { jsString } from '../escape.js';
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
};

export const eleventy: PlatformPack = staticSite('eleventy', 'public', {
  hooks,
  copyNote: (file) => ` Copy it through in your Eleventy config: \`eleventyConfig.addPassthroughCopy({ ${jsString(`public/${file}`)}: ${jsString(file)} });\``,
});

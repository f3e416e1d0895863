/** Eleventy: files are copied only when the config passes them through. */
import { jsString } from '../escape.js';
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, type PlatformFingerprint } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
};

/** How the detector knows Eleventy (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'ssg',
  rank: 1,
  signals: [{ kind: 'generator', pattern: /^Eleventy/i, weight: STRONG, label: 'meta generator Eleventy' }],
};

export const eleventy: PlatformPack = {
  ...staticSite('eleventy', 'public', {
    hooks,
    copyNote: (file) =>
      ` Copy it through in your Eleventy config: \`eleventyConfig.addPassthroughCopy({ ${jsString(`public/${file}`)}: ${jsString(file)} });\``,
  }),
  label: 'Eleventy',
  fingerprint,
};

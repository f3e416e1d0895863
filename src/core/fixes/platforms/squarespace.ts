/** Squarespace: a hosted builder. */
import { hostedBuilder } from './shared.js';
import { builderGeneratesSitemap, edgeOnlyMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  // Squarespace's robots.txt cannot be edited: Cloudflare's managed one is the alternative.
  robotsLines: (fx, spec) => [
    { title: 'Squarespace generates robots.txt (it cannot be edited)', body: spec.squarespace },
    { title: 'Or let Cloudflare manage robots.txt', body: spec.cloudflare },
  ],
  markdownNegotiation: edgeOnlyMarkdownNegotiation,
  sitemap: builderGeneratesSitemap,
};

/** How the detector knows Squarespace (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'builder',
  rank: 2,
  signals: [
    { kind: 'header', name: 'server', pattern: /Squarespace/i, weight: STRONG, label: 'server: Squarespace' },
    { kind: 'html', pattern: /Static\.SQUARESPACE_CONTEXT/, weight: MEDIUM, label: 'Static.SQUARESPACE_CONTEXT inline' },
    { kind: 'html', pattern: /assets\.squarespace\.com|static1\.squarespace\.com/, weight: MEDIUM, label: 'squarespace.com assets' },
  ],
};

export const squarespace: PlatformPack = {
  ...hostedBuilder('squarespace', {
    hooks,
    managedFiles: { '/robots.txt': 'Squarespace robots.txt cannot be edited; Settings → Crawlers chooses what search engines and AI crawlers may do.' },
  }),
  label: 'Squarespace',
  fingerprint,
};

/** Squarespace: a hosted builder. */
import { hostedBuilder } from './shared.js';
import { builderGeneratesSitemap, edgeOnlyMarkdownNegotiation } from './shared-hooks.js';
import type { RobotsPurpose } from '../robots-rules.js';
import { managedRobotsStep } from './cloudflare.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

/** What Squarespace offers for each purpose of robots.txt lines (Settings → Crawlers, or nothing). */
const CRAWLERS_SETTING: Record<RobotsPurpose, string> = {
  'ai-crawlers':
    'Settings → Crawlers: keep "Allow search engines to crawl" on. The "Block known AI crawlers" switch blocks ' +
    'answer engines and training crawlers alike; leave it off if you want to be cited in AI answers.',
  'content-signal': "Squarespace cannot add Content-Signal lines; only a proxy in front of the site (e.g. Cloudflare's managed robots.txt) can.",
  'content-usage': 'Squarespace cannot add Content-Usage lines; send the header instead, or use a proxy in front of the site.',
  'robots-file': 'Use Settings → Crawlers to choose what search engines and AI crawlers may do.',
};

const hooks: PlatformHooks = {
  // Squarespace's robots.txt cannot be edited: its Crawlers setting, or Cloudflare's managed one.
  robotsLines: (fx, { purpose }) => [
    { title: 'Squarespace generates robots.txt (it cannot be edited)', body: CRAWLERS_SETTING[purpose] },
    managedRobotsStep(purpose),
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

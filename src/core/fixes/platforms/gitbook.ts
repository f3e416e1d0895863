/** GitBook: hosted docs. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows GitBook (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'docs',
  rank: 2,
  builtOn: ['nextjs'],
  signals: [
    { kind: 'generator', pattern: /GitBook/i, weight: STRONG, label: 'meta generator GitBook' },
    { kind: 'html', pattern: /__GITBOOK_INITIAL_STATE__/, weight: STRONG, label: '__GITBOOK_INITIAL_STATE__ inline' },
    { kind: 'html', pattern: /static[\w-]{0,20}\.gitbook\.com|gitbook-x-prod/, weight: MEDIUM, label: 'GitBook static assets' },
    { kind: 'html', pattern: /\.gitbook\.io\b/, weight: WEAK, label: '*.gitbook.io URL' },
  ],
};

export const gitbook: PlatformPack = {
  ...hostedBuilder('gitbook', { managedFiles: { '/robots.txt': 'GitBook manages robots.txt for published sites.' } }),
  label: 'GitBook',
  fingerprint,
};

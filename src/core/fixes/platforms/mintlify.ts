/** Mintlify: hosted docs. */
import { hostedBuilder } from './shared.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';

const LLMS_NOTE = 'Mintlify generates llms.txt and llms-full.txt automatically for public docs.';

const hooks: PlatformHooks = {
  llmsTxt(fx, file) {
    return [
      {
        title: 'Mintlify generates it',
        body:
          `Mintlify serves /llms.txt and /llms-full.txt on public docs automatically;` +
          ` check that the site is public and not behind authentication, and that no custom ${file} overrides it with an empty file.`,
      },
    ];
  },
  markdownUrls(fx) {
    return [{ title: 'Mintlify serves .md URLs', body: 'Every public Mintlify page is available with .md appended; check the docs are public.' }];
  },
};

/** How the detector knows Mintlify (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'docs',
  rank: 2,
  builtOn: ['nextjs'],
  signals: [
    { kind: 'generator', pattern: /Mintlify/i, weight: STRONG, label: 'meta generator Mintlify' },
    { kind: 'html', pattern: /mintlify\.s3|mintcdn\.com|mintlify-assets|\.mintlify\.app/, weight: MEDIUM, label: 'Mintlify asset hosts' },
  ],
};

export const mintlify: PlatformPack = {
  ...hostedBuilder('mintlify', {
    hooks,
    managedFiles: {
      '/robots.txt': 'Mintlify manages robots.txt; check its dashboard or docs.json settings.',
      '/llms.txt': LLMS_NOTE,
      '/llms-full.txt': LLMS_NOTE,
    },
  }),
  label: 'Mintlify',
  fingerprint,
};

/** Salesforce Commerce Cloud: a hosted store. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';
import { MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows Salesforce Commerce Cloud (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'commerce',
  rank: 3,
  signals: [
    { kind: 'html', pattern: /\/on\/demandware\.static\/|demandware\.edgesuite\.net/, weight: MEDIUM, label: '/on/demandware.static/ assets' },
    { kind: 'html', pattern: /\/on\/demandware\.store\//, weight: MEDIUM, label: '/on/demandware.store/ URLs' },
    { kind: 'cookie', pattern: /^(dwsid|dwanonymous_[0-9a-f]+|dw_dnt|dwac_[\w]+)$/, weight: WEAK, label: 'Salesforce Commerce Cloud cookies' },
    { kind: 'html', pattern: /dwanalytics/, weight: WEAK, label: 'dwanalytics script' },
  ],
};

export const sfcc: PlatformPack = { ...hostedBuilder('sfcc'), label: 'Salesforce Commerce Cloud', fingerprint };

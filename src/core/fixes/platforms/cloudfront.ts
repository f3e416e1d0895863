/** Amazon CloudFront: a host the detector reports beside the platform; no steps of its own (the platform's, then generic steps apply). */
import { STRONG } from '../../platform/signals.js';
import type { PlatformPack } from './types.js';

export const cloudfront: PlatformPack = {
  id: 'cloudfront',
  label: 'Amazon CloudFront',
  hostSignals: [
    { kind: 'header', name: 'x-amz-cf-id', weight: STRONG, label: 'x-amz-cf-id' },
    { kind: 'header', name: 'via', pattern: /cloudfront/i, weight: STRONG, label: 'via: CloudFront' },
  ],
};

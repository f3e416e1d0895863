/**
 * The fingerprints the detector runs, read from the platform packs (core/fixes/platforms/<id>.ts:
 * each declares how it is recognised beside its fix guidance), in the registry's order, which
 * breaks ties between equally ranked and equally confident platforms. SEO plugins have no pack
 * and are listed here.
 */
import { HOSTS, PLATFORMS, type HostingId, type PlatformId } from '../fixes/platforms/index.js';
import { STRONG, type Fingerprint, type Signal } from './signals.js';

export type { Fingerprint, PlatformCategory, PlatformFingerprint, Signal } from './signals.js';
export type { HostingId, PlatformId } from '../fixes/platforms/index.js';

export const FINGERPRINTS: Array<Fingerprint & { id: PlatformId }> = Object.values(PLATFORMS).flatMap((p) =>
  p.fingerprint ? [{ id: p.id as PlatformId, ...p.fingerprint }] : [],
);

/** Hosting, CDN and web server (reported beside the platform; drives fix guides). */
export const HOSTING_FINGERPRINTS: Array<{ id: HostingId; signals: Signal[] }> = Object.values(HOSTS).map((h) => ({
  id: h.id as HostingId,
  signals: h.hostSignals ?? [],
}));

/** SEO plugins (catalog §6.3); the first match wins. */
export const SEO_PLUGINS: Array<{ id: string; signals: Signal[] }> = [
  {
    id: 'yoast',
    signals: [
      {
        kind: 'html',
        pattern: /optimized with the Yoast SEO|Yoast SEO (Premium )?plugin|optimized with Yoast SEO for Shopify/i,
        weight: STRONG,
        label: 'Yoast comment',
      },
      { kind: 'selector', selector: 'script.yoast-schema-graph', weight: STRONG, label: 'yoast-schema-graph' },
    ],
  },
  {
    id: 'rank-math',
    signals: [
      { kind: 'html', pattern: /\/plugins\/seo-by-rank-math(-pro)?\/|Search Engine Optimization by Rank Math/i, weight: STRONG, label: 'Rank Math' },
      { kind: 'selector', selector: 'script.rank-math-schema, script.rank-math-schema-pro', weight: STRONG, label: 'rank-math-schema' },
    ],
  },
  {
    id: 'aioseo',
    signals: [
      { kind: 'html', pattern: /All in One SEO (Pack |Pro )?\d|\/plugins\/all-in-one-seo-pack(-pro)?\//i, weight: STRONG, label: 'AIOSEO comment' },
      { kind: 'selector', selector: 'script.aioseo-schema', weight: STRONG, label: 'aioseo-schema' },
      { kind: 'generator', pattern: /All in One SEO/i, weight: STRONG, label: 'meta generator AIOSEO' },
    ],
  },
  {
    id: 'seopress',
    signals: [{ kind: 'html', pattern: /\/wp-content\/(plugins\/wp-seopress(-pro)?|themes\/seopress)\//i, weight: STRONG, label: 'SEOPress assets' }],
  },
  {
    id: 'the-seo-framework',
    signals: [{ kind: 'html', pattern: /The SEO Framework by Sybre Waaijer/i, weight: STRONG, label: 'The SEO Framework comment' }],
  },
  {
    id: 'squirrly',
    signals: [{ kind: 'html', pattern: /Squirrly SEO Plugin|\/plugins\/squirrly-seo\//i, weight: STRONG, label: 'Squirrly SEO' }],
  },
];

/** SEO plugins the detector reports beside the platform (they have no fix pack of their own). */
import { STRONG, type Signal } from './signals.js';

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

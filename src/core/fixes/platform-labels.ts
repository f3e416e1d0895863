/**
 * Display names for platform, hosting and SEO plugin ids (reports, `explain --platform`). A
 * platform's or host's name is its pack's `label`; the others are listed here.
 */
import { PLATFORM_PACKS } from './platforms/index.js';

const OTHER_LABELS: Record<string, string> = {
  unknown: 'Unknown',
  generic: 'Any web server',
  // SEO plugins
  yoast: 'Yoast SEO',
  'rank-math': 'Rank Math',
  aioseo: 'All in One SEO',
  seopress: 'SEOPress',
  'the-seo-framework': 'The SEO Framework',
  squirrly: 'Squirrly SEO',
};

let labels: Map<string, string> | undefined;

/** Built on first use, once every pack has loaded. */
function table(): Map<string, string> {
  labels ??= new Map([...Object.values(PLATFORM_PACKS).map((p): [string, string] => [p.id, p.label]), ...Object.entries(OTHER_LABELS)]);
  return labels;
}

/** Human name for an id; unknown ids come back unchanged (never throws). */
export function platformLabel(id: string): string {
  return table().get(id) ?? id;
}

/** Every id with a display name (for listings and tests). */
export function labelledIds(): string[] {
  return [...table().keys()];
}

/**
 * Platform signals over a site-scope sample. The target page decides when it is conclusive; a
 * marketing home page often is not (a docs platform or a shop shows on /docs or a product page),
 * so sampled pages fill what it lacks: the platform when the target's is unknown, hosting and the
 * SEO plugin seen anywhere, and store / app evidence from any page. Evidence from another page
 * names it.
 */
import type { PlatformInfo } from '../schema.js';

export interface SampledPlatform {
  /** The page's path, as evidence names it. */
  label: string;
  info: PlatformInfo;
}

export function mergePlatform(target: PlatformInfo, sampled: SampledPlatform[]): PlatformInfo {
  if (!sampled.length) return target;
  const on = (label: string, items: string[]) => items.map((e) => `${e} (on ${label})`);
  let merged: PlatformInfo = { ...target, evidence: [...target.evidence] };
  if (target.platform === 'unknown') {
    const best = sampled.filter((s) => s.info.platform !== 'unknown').sort((a, b) => b.info.confidence - a.info.confidence)[0];
    if (best) {
      merged = {
        ...merged,
        platform: best.info.platform,
        confidence: best.info.confidence,
        evidence: [...merged.evidence, ...on(best.label, best.info.evidence)],
      };
    }
  }
  const hosting = new Set(target.hosting ?? []);
  for (const s of sampled) for (const h of s.info.hosting ?? []) hosting.add(h);
  const seo = target.seoPlugin ?? sampled.find((s) => s.info.seoPlugin)?.info.seoPlugin ?? null;
  const store = target.isEcommerce ? null : sampled.find((s) => s.info.isEcommerce);
  const app = target.isApp ? null : sampled.find((s) => s.info.isApp);
  const commerceSignals = [...(target.commerceSignals ?? []), ...(store ? on(store.label, store.info.commerceSignals ?? []) : [])];
  return {
    ...merged,
    isEcommerce: target.isEcommerce || !!store,
    isApp: target.isApp || !!app,
    seoPlugin: seo,
    ...(hosting.size ? { hosting: [...hosting] } : {}),
    ...(commerceSignals.length ? { commerceSignals } : {}),
  };
}

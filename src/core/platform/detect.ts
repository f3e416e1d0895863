/**
 * Platform detection (catalog §6): static fingerprints over the page's headers, cookies and HTML
 * (no script execution, no extra requests). confidence = 1 - Π(1 - wᵢ) over matched signals;
 * below 0.5 the platform is "unknown". A CMS/commerce platform outranks the framework it runs on.
 */
import type { PlatformInfo } from '../schema.js';
import type { Fingerprint, Signal } from './signals.js';
import { SEO_PLUGINS } from './seo-plugins.js';
import { commerceSignals, appSignals } from './site-kind.js';
import { pageFacts, type PageFacts, type PlatformInput } from './page-facts.js';

export { MAX_HTML_CHARS, pageFacts, type PageFacts, type PlatformInput } from './page-facts.js';

/**
 * The platforms and hosts the detector knows, handed in by the engine (fixes/platform-fingerprints.ts
 * reads them from the platform packs, which sit above the detector), in tie-breaking order.
 */
export interface KnownPlatforms {
  platforms: readonly Fingerprint[];
  hosting: ReadonlyArray<{ id: string; signals: readonly Signal[] }>;
  /** The display name of a platform id (secondary evidence names the front end). */
  label(id: string): string;
}

const CONFIDENT = 0.5;

export function matches(signal: Signal, f: PageFacts): boolean {
  switch (signal.kind) {
    case 'header': {
      const v = f.headers[signal.name];
      return v !== undefined && (!signal.pattern || signal.pattern.test(v));
    }
    case 'header-name':
      return Object.keys(f.headers).some((k) => signal.pattern.test(k));
    case 'cookie':
      return f.cookieNames.some((n) => signal.pattern.test(n));
    case 'generator':
      return f.generators.some((g) => signal.pattern.test(g));
    case 'html':
      return signal.pattern.test(f.html);
    case 'selector':
      return !!f.$ && f.$(signal.selector).length > 0;
  }
}

export function confidenceOf(weights: number[]): number {
  return 1 - weights.reduce((p, w) => p * (1 - w), 1);
}

interface Candidate {
  fp: Fingerprint;
  hits: Signal[];
  confidence: number;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Evidence for the secondary detections: a framework under a CMS is a headless front end. */
function secondaryEvidence(best: Candidate, others: Candidate[], platformLabel: (id: string) => string): string[] {
  const out: string[] = [];
  for (const o of others) {
    const signals = o.hits.map((h) => h.label).join('; ');
    if (o.fp.rank === 1 && best.fp.rank >= 2 && o.fp.id !== best.fp.requires) {
      const how = best.fp.builtOn?.includes(o.fp.id) ? 'built on' : 'headless,';
      out.push(`${how} ${platformLabel(o.fp.id)} front end (${signals})`);
    } else if (o.fp.id === best.fp.requires) {
      out.push(`runs on ${platformLabel(o.fp.id)} (${signals})`);
    } else {
      out.push(`also ${o.fp.id} (${signals})`);
    }
  }
  return out;
}

export function detectPlatform(input: PlatformInput, known: KnownPlatforms): PlatformInfo {
  const f = pageFacts(input);
  const candidates: Candidate[] = known.platforms
    .map((fp) => {
      const hits = fp.signals.filter((s) => matches(s, f));
      return { fp, hits, confidence: confidenceOf(hits.map((h) => h.weight)) };
    })
    .filter((c) => c.hits.length > 0);
  const confident = (id: string) => candidates.some((o) => o.fp.id === id && o.confidence >= CONFIDENT);
  const qualified = candidates
    .filter((c) => c.confidence >= CONFIDENT && (!c.fp.requires || confident(c.fp.requires)))
    .sort((a, b) => b.fp.rank - a.fp.rank || b.confidence - a.confidence);
  const best = qualified[0];

  const evidence: string[] = [];
  if (best) {
    evidence.push(...best.hits.map((h) => h.label));
    evidence.push(...secondaryEvidence(best, qualified.slice(1), (id) => known.label(id)));
  }
  const hosting = known.hosting.filter((h) => h.signals.some((s) => matches(s, f)));
  if (hosting.length) evidence.push(`hosting: ${hosting.map((h) => h.id).join(', ')}`);
  const seo = SEO_PLUGINS.find((p) => p.signals.some((s) => matches(s, f)));

  const platformId = best?.fp.id ?? 'unknown';
  const commerce = commerceSignals(f, platformId);
  const app = appSignals(f, platformId);
  return {
    platform: platformId,
    confidence: best ? round2(best.confidence) : 0,
    evidence,
    isEcommerce: commerce.score >= 0.6,
    isApp: app.score >= 0.6,
    seoPlugin: seo?.id ?? null,
    hosting: hosting.map((h) => h.id),
    commerceSignals: commerce.signals,
  };
}

/**
 * Platform detection (catalog §6): static fingerprints over the page's headers, cookies and HTML
 * (no script execution, no extra requests). confidence = 1 - Π(1 - wᵢ) over matched signals;
 * below 0.5 the platform is "unknown". A CMS/commerce platform outranks the framework it runs on.
 */
import type { CheerioAPI } from 'cheerio';
import type { FetchResult } from '../net/http.js';
import type { PlatformInfo } from '../schema.js';
import { FINGERPRINTS, HOSTING_FINGERPRINTS, SEO_PLUGINS, type Signal } from './fingerprints.js';
import { commerceSignals, appSignals } from './site-kind.js';

export interface PlatformInput {
  page: FetchResult;
  $: CheerioAPI | null;
}

export interface PageFacts {
  headers: Record<string, string>;
  cookies: string;
  html: string;
  generator: string;
  $: CheerioAPI | null;
}

function facts(input: PlatformInput): PageFacts {
  const html = input.page.text.slice(0, 1_000_000);
  const generator = input.$ ? input.$('meta[name="generator" i]').map((_, el) => input.$!(el).attr('content') ?? '').get().join(' | ') : '';
  return { headers: input.page.headers, cookies: input.page.headers['set-cookie'] ?? '', html, generator, $: input.$ };
}

function matches(signal: Signal, f: PageFacts): boolean {
  switch (signal.kind) {
    case 'header': {
      const v = f.headers[signal.name];
      return v !== undefined && (!signal.pattern || signal.pattern.test(v));
    }
    case 'cookie':
      return signal.pattern.test(f.cookies);
    case 'generator':
      return signal.pattern.test(f.generator);
    case 'html':
      return signal.pattern.test(f.html);
    case 'selector':
      return !!f.$ && f.$(signal.selector).length > 0;
  }
}

function confidenceOf(weights: number[]): number {
  return 1 - weights.reduce((p, w) => p * (1 - w), 1);
}

export function detectPlatform(input: PlatformInput): PlatformInfo {
  const f = facts(input);
  const candidates = FINGERPRINTS.map((fp) => {
    const hits = fp.signals.filter((s) => matches(s, f));
    return { fp, hits, confidence: confidenceOf(hits.map((h) => h.weight)) };
  })
    .filter((c) => c.hits.length > 0)
    .sort((a, b) => b.fp.rank - a.fp.rank || b.confidence - a.confidence);
  const qualified = candidates.filter((c) => c.confidence >= 0.5 && (!c.fp.requires || candidates.some((o) => o.fp.id === c.fp.requires && o.confidence >= 0.5)));
  const best = qualified[0];
  const evidence: string[] = [];
  if (best) evidence.push(...best.hits.map((h) => h.label));
  for (const other of qualified.slice(1)) evidence.push(`also ${other.fp.id} (${other.hits.map((h) => h.label).join('; ')})`);
  const hosting = HOSTING_FINGERPRINTS.filter((h) => h.signals.some((s) => matches(s, f))).map((h) => h.id);
  if (hosting.length) evidence.push(`hosting: ${hosting.join(', ')}`);
  const seo = SEO_PLUGINS.find((p) => p.signals.some((s) => matches(s, f)));
  const platformId = best?.fp.id ?? 'unknown';
  const commerce = commerceSignals(f, platformId);
  const app = appSignals(f, platformId);
  return {
    platform: platformId,
    confidence: best ? Math.round(best.confidence * 100) / 100 : 0,
    evidence,
    isEcommerce: commerce.score >= 0.6,
    isApp: app.score >= 0.6,
    seoPlugin: seo?.id ?? null,
    hosting,
    commerceSignals: commerce.signals,
  };
}

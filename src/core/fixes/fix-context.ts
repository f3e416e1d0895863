/**
 * Where fix guides adapt: the detected platform, hosting, the scanned origin and what the scan and
 * the owner said. Checks' guides and the platform packs read it, so it lives with the fixes.
 */
import type { CheckOutcome } from '../check-outcome.js';
import type { FoundResources } from './resources.js';
import type { OwnerValues } from './owner-values.js';
import type { SiteFacts } from './site-facts.js';

/**
 * One more member, `packs` (the platform packs a guide asks; the project's own when absent), is
 * declared beside the packs in fixes/platforms/types.ts, whose types read this one.
 */
export interface FixContext {
  origin: string;
  /** Platform id from detection (wordpress, shopify, nextjs, ...) or null when unknown. */
  platform: string | null;
  /** Hosting / CDN / server ids seen (cloudflare, vercel, netlify, nginx, apache, express). */
  hosting: string[];
  /** The outcome being fixed, when there is one (absent for `ai-ready explain`). */
  outcome?: CheckOutcome;
  /** What this scan found (resource -> URL, null = looked and absent), so guides link only what exists. */
  found?: FoundResources;
  /**
   * The owner's own values (`ai-ready fix --set name=value`): a guide that uses one writes it in
   * and drops it from the step's `needs`; a guide that does not read them keeps its `needs`.
   */
  ownerValues?: OwnerValues;
  /** What `ai-ready fix` learned of the site (pages, name, production origin), each value with its source; absent in a plain scan. */
  site?: SiteFacts;
  /** The profile the scan resolved: capability guides ask for the owner's endpoints only with app evidence; absent (explain): unknown. */
  profile?: { app: boolean; commerce: boolean };
}

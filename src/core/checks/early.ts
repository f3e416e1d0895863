/**
 * Requests a check wants sent together with the page, before the registry (and its parsers) has
 * loaded: they depend only on the target URL. This list is deliberately light (ids and names
 * only) because the engine reads it before the first request leaves; the check module takes its
 * id from its entry here, so the two cannot drift. Add a line for a check that needs this.
 */
import type { Dimension } from '../schema.js';
import type { EarlyRequestSet } from '../gather/prefetch.js';

export interface EarlyRequests {
  id: string;
  dimension: Dimension;
  /** The request set of gather/prefetch.ts sent with the page when this check is selected. */
  requests: EarlyRequestSet;
}

/** The AI user-agent fetches of the page compared by the AI crawler rules check. */
export const aiCrawlerRulesEarly = { id: 'B1', dimension: 'bot_access', requests: 'aiUserAgents' } as const satisfies EarlyRequests;

export const EARLY_REQUESTS: readonly EarlyRequests[] = [aiCrawlerRulesEarly];

/**
 * Capabilities (an API, sign-in, an MCP server, an agent, signing bots, a shop) exist only where the
 * owner runs them: a guide publishes one from the owner's own endpoint or from what the site already
 * publishes, and otherwise shows an example. It asks for the owner's endpoint only where the scan saw
 * evidence of such a thing (the app profile): a bakery is not asked for its MCP server.
 */
import type { FixContext } from './fix-context.js';
import type { OwnerValue } from './owner-values.js';
import type { PublishOrigin } from './platform-steps.js';

/** Whether the scan saw an API, login or MCP evidence (unknown, as in `ai-ready explain`: yes). */
export function showsApp(fx: FixContext): boolean {
  return fx.profile?.app !== false;
}

/**
 * Where a capability step's values come from: the site's own artifact (`site`), the owner's values
 * (`owner`), else an example that asks for `needs` only on a site with app evidence.
 */
export function capabilityOrigin(fx: FixContext, from: 'site' | 'owner' | null, needs: OwnerValue[]): PublishOrigin {
  if (from) return { source: from };
  return { source: 'example', ...(showsApp(fx) && needs.length ? { needs } : {}) };
}

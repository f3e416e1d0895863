/** Where MCP server cards are looked for (catalog §3 A4), shared by A4 and the prefetch. */
import type { FetchOptions } from '../net/http.js';

/** Probed in this order; the first valid card wins. */
export const MCP_CARD_PATHS = [
  '/.well-known/mcp/server-card.json',
  '/.well-known/mcp/server-card',
  '/.well-known/mcp/server-cards.json',
  '/.well-known/mcp.json',
] as const;

export const MCP_CARD_OPTIONS: FetchOptions & { accept: string } = { accept: 'application/json', maxBytes: 1024 * 1024 };

/**
 * Where A10 reads the AI catalog: /.well-known/ai-catalog.json, with /.well-known/ard.json as the
 * fallback. The catalog depends on the origin alone, so it goes out with the page (prefetch.ts)
 * and the fallback, when needed, at round trip 2.
 */
import type { FetchOptions } from '../net/http.js';

export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
export const ARD_PATH = '/.well-known/ard.json';
export const AI_CATALOG_OPTIONS: FetchOptions & { accept: string } = { accept: 'application/json, */*;q=0.1', maxBytes: 1024 * 1024 };

/**
 * An AI Resource identifier: urn:air:{publisher}:{namespace}:{name}, the publisher a domain name
 * (ARD; the MCP catalog of the server-card extension uses the same form).
 */
export const AIR_URN_RE = /^urn:air:[a-z0-9.-]+\.[a-z]{2,}:[^:\s]+:[^:\s]+$/i;

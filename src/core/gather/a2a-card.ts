/**
 * The site's A2A agent card, fetched once per scan and shared by A5 (the card itself) and M4
 * (AP2 is declared as an extension in `capabilities.extensions`). Current A2A cards live at
 * /.well-known/agent-card.json; cards of protocol ≤0.2 used /.well-known/agent.json, tried second.
 */
import { agentCatalog, firstEntryUrl } from './catalog-reader.js';
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { isFound, isObject, parseJson, type JsonDocumentProblem } from './classify.js';

export const A2A_CARD_PATH = '/.well-known/agent-card.json';
export const A2A_LEGACY_CARD_PATH = '/.well-known/agent.json';
export const A2A_ACCEPT = 'application/json, */*;q=0.1';
export const A2A_JSON_MAX_BYTES = 1024 * 1024;
/** The current card path: asked first, declared by the checks that read the card. */
export const A2A_CARD_REQUEST = { path: A2A_CARD_PATH, options: { accept: A2A_ACCEPT, maxBytes: A2A_JSON_MAX_BYTES } };

/** Which generation of the AgentCard shape the card follows. */
export type A2aCardVersion = '0.2' | '0.3' | '1.0';

export interface A2aCardArtifact {
  /** The probe the card came from; when none was found, the probe of the current path. */
  probe: FetchResult | null;
  /** Path the card was found at, or null. */
  path: string | null;
  card: Record<string, unknown> | null;
  version: A2aCardVersion | null;
  /** Every probe made, in order (current path first). */
  probes: FetchResult[];
  /** Why the current-path document was not accepted (parse error, not an object), when it answered 2xx. */
  problem?: JsonDocumentProblem;
}

/**
 * Shape generation of a card: `supportedInterfaces[]` is v1.0; a top-level `url` /
 * `preferredTransport` is 0.3; the legacy path or a 0.2 `protocolVersion` is 0.2.
 */
export function a2aCardVersion(card: Record<string, unknown>, path: string): A2aCardVersion | null {
  if (Array.isArray(card.supportedInterfaces)) return '1.0';
  const pv = typeof card.protocolVersion === 'string' ? card.protocolVersion.trim() : '';
  if (/^0\.[0-2](\.|$)/.test(pv)) return '0.2';
  // A 1.x protocolVersion beside a top-level url is still the pre-1.0 shape: 1.0 clients read
  // supportedInterfaces[] and find no endpoint in it.
  if (typeof card.url === 'string' || typeof card.preferredTransport === 'string' || /^0\.3(\.|$)/.test(pv)) {
    return path === A2A_LEGACY_CARD_PATH ? '0.2' : '0.3';
  }
  if (/^1\./.test(pv)) return '1.0';
  return path === A2A_LEGACY_CARD_PATH ? '0.2' : null;
}

/** Reads a card from one probe: a JSON object from a real (non soft-404) 2xx answer. */
export function readA2aCard(probe: FetchResult): { card: Record<string, unknown> | null; problem?: JsonDocumentProblem } {
  if (!isFound(probe)) return { card: null };
  const parsed = parseJson(probe);
  if (!parsed.ok) return { card: null, problem: { kind: 'not-json', error: parsed.error } };
  if (!isObject(parsed.value)) return { card: null, problem: { kind: 'not-object' } };
  return { card: parsed.value };
}

/** Builds the artifact from the probes (pure: unit tests call it with fake responses). */
export function a2aCardFromProbes(current: FetchResult, legacy: FetchResult | null): A2aCardArtifact {
  const first = readA2aCard(current);
  if (first.card) {
    return { probe: current, path: A2A_CARD_PATH, card: first.card, version: a2aCardVersion(first.card, A2A_CARD_PATH), probes: [current] };
  }
  const probes = legacy ? [current, legacy] : [current];
  const second = legacy ? readA2aCard(legacy) : { card: null };
  if (legacy && second.card) {
    return {
      probe: legacy,
      path: A2A_LEGACY_CARD_PATH,
      card: second.card,
      version: a2aCardVersion(second.card, A2A_LEGACY_CARD_PATH),
      probes,
      ...(first.problem ? { problem: first.problem } : {}),
    };
  }
  return { probe: current, path: null, card: null, version: null, probes, ...(first.problem ? { problem: first.problem } : {}) };
}

/** The A2A agent card of the scanned origin, memoised per scan. */
export function a2aCard(ctx: GatherContext): Promise<A2aCardArtifact> {
  return ctx.memo('a2a-card', async () => {
    const current = await ctx.fetch(A2A_CARD_REQUEST.path, A2A_CARD_REQUEST.options);
    if (readA2aCard(current).card) return a2aCardFromProbes(current, null);
    const legacy = await ctx.fetch(A2A_LEGACY_CARD_PATH, { accept: A2A_ACCEPT, maxBytes: A2A_JSON_MAX_BYTES });
    const art = a2aCardFromProbes(current, legacy);
    // Else a card a catalog entry names (catalog-reader.ts: type application/a2a-agent-card+json).
    const named = art.card ? null : firstEntryUrl(await agentCatalog(ctx), 'a2a-agent-card');
    if (!named) return art;
    const res = await ctx.fetch(named, { accept: A2A_ACCEPT, maxBytes: A2A_JSON_MAX_BYTES });
    const { card } = readA2aCard(res);
    const path = new URL(named).pathname;
    return card ? { probe: res, path, card, version: a2aCardVersion(card, path), probes: [...art.probes, res] } : { ...art, probes: [...art.probes, res] };
  });
}

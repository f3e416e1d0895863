/**
 * `ai-ready explain --platform <name>`: the name is a platform the detector knows (wordpress,
 * nextjs...) or a host/server (vercel, nginx, caddy...). Hosts go to the fix guide as hosting, so
 * their own variant is used; a typo is refused instead of silently printing the generic steps.
 */
import { FINGERPRINTS, HOSTING_FINGERPRINTS } from '../core/fixes/platform-fingerprints.js';
import { platformLabel } from '../core/fixes/platform-labels.js';
import { platformTargets } from '../core/fixes/platform-steps.js';

export interface ExplainTarget {
  id: string;
  kind: 'platform' | 'hosting';
  /** Display name (WordPress, Next.js, Caddy). */
  label: string;
  /** ai-ready has steps written for this target (otherwise the generic steps apply). */
  specific: boolean;
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Resolves an id or a display name ("Next.js", "github pages"); null when unknown. */
export function resolveExplainTarget(name: string): ExplainTarget | null {
  const wanted = squash(name);
  if (!wanted) return null;
  const hosting = new Set(HOSTING_FINGERPRINTS.map((h) => h.id));
  const specific = new Set(platformTargets());
  // Ids the guides are written for include hosts the detector has no fingerprint of.
  const ids = [...new Set([...FINGERPRINTS.map((f) => f.id), ...hosting, ...specific])];
  const id = ids.find((i) => squash(i) === wanted) ?? ids.find((i) => squash(platformLabel(i)) === wanted);
  if (!id) return null;
  const isPlatform = FINGERPRINTS.some((f) => f.id === id);
  return { id, kind: isPlatform ? 'platform' : 'hosting', label: platformLabel(id), specific: specific.has(id) };
}

/** Names with their own steps, for the error message. */
export function explainTargetNames(): string[] {
  return platformTargets();
}

/**
 * The fingerprints the detector runs, read from the platform packs (fixes/platforms/<id>.ts: each
 * declares how it is recognised beside its fix guidance), in the registry's order, which breaks
 * ties between equally ranked and equally confident platforms. The engine hands them to the
 * detector (platform/detect.ts), which sits below the packs and names none.
 */
import type { KnownPlatforms } from '../platform/detect.js';
import type { Fingerprint, Signal } from '../platform/signals.js';
import { HOSTS, PLATFORMS, type HostingId, type PlatformId } from './platforms/index.js';
import { platformLabel } from './platform-labels.js';

export type { HostingId, PlatformId } from './platforms/index.js';

export const FINGERPRINTS: Array<Fingerprint & { id: PlatformId }> = Object.values(PLATFORMS).flatMap((p) =>
  p.fingerprint ? [{ id: p.id as PlatformId, ...p.fingerprint }] : [],
);

/** Hosting, CDN and web server (reported beside the platform; drives fix guides). */
export const HOSTING_FINGERPRINTS: Array<{ id: HostingId; signals: Signal[] }> = Object.values(HOSTS).map((h) => ({
  id: h.id as HostingId,
  signals: h.hostSignals ?? [],
}));

/** What the detector is handed: every pack's fingerprint and their display names. */
export const KNOWN_PLATFORMS: KnownPlatforms = { platforms: FINGERPRINTS, hosting: HOSTING_FINGERPRINTS, label: platformLabel };

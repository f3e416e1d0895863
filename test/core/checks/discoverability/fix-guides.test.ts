import { describe, expect, it } from 'vitest';
import { discoverabilityChecks } from '../../../../src/core/checks/discoverability/index.js';
import { contentChecks } from '../../../../src/core/checks/content/index.js';
import { ORIGIN } from '../../../helpers/responses.js';
import { FINGERPRINTS, HOSTING_FINGERPRINTS } from '../../../../src/core/fixes/platform-fingerprints.js';
// The D3 and D6 guides link what other checks offer (meta.offers.link): the registry installs those links, as every face loads it.
import '../../../../src/core/checks/index.js';

// Every platform and host the detector knows (its registry): each alone, and each platform behind a
// host (cycling through the hosts, so every host is also seen behind a platform). Not the full
// product: it grows with both registries and the guides branch on each separately.
const PLATFORM_IDS = [...new Set(FINGERPRINTS.map((f) => f.id))];
const HOST_IDS = [...new Set(HOSTING_FINGERPRINTS.map((h) => h.id))];
const TARGETS: Array<{ platform: string | null; hosting: string[] }> = [
  { platform: null, hosting: [] },
  ...PLATFORM_IDS.map((platform) => ({ platform, hosting: [] })),
  ...HOST_IDS.map((host) => ({ platform: null, hosting: [host] })),
  ...PLATFORM_IDS.map((platform, i) => ({ platform, hosting: [HOST_IDS[i % HOST_IDS.length]] })),
];
const mine = [...discoverabilityChecks, ...contentChecks].filter((c) => c.meta.id !== 'D1');

describe('fix guides of D2-D7 and C1-C4', () => {
  it('registers the checks in id order', () => {
    // Derived, not a snapshot: a new check appends the next number of its letter to its folder's index.ts.
    for (const [letter, checks] of [
      ['D', discoverabilityChecks],
      ['C', contentChecks],
    ] as const) {
      const ids = checks.map((c) => c.meta.id);
      expect(ids, `${letter} checks must be registered as ${letter}1, ${letter}2, ... in order (src/core/checks/*/index.ts)`).toEqual(
        ids.map((_, i) => `${letter}${i + 1}`),
      );
    }
  });
  it('have 2-6 steps on every platform and hosting, and end with the spec', () => {
    for (const check of mine) {
      for (const { platform, hosting } of TARGETS) {
        const steps = check.fixGuide({ origin: ORIGIN, platform, hosting });
        const where = `${check.meta.id} ${platform} ${hosting.join()}`;
        expect(steps.length, where).toBeGreaterThanOrEqual(2);
        expect(steps.length, where).toBeLessThanOrEqual(6);
        expect(steps.at(-1)?.title, where).toBe('Read the spec');
        for (const s of steps) expect(s.title.length, where).toBeGreaterThan(0);
      }
    }
  });
  it('carry weights in their tier\'s range and the dimension of their folder (docs/scoring.md, "Tiers")', () => {
    // The rule, not a snapshot of today's weights: a weight change is a rubric change (docs/scoring.md)
    // and needs no edit here unless it leaves the tier's range.
    const range = { essential: [8, 10], recommended: [5, 8], bonus: [1, 3] } as const;
    for (const c of mine) {
      const [min, max] = range[c.meta.tier];
      expect(c.meta.weight, `${c.meta.id}: a ${c.meta.tier} check weighs ${min}-${max} (docs/scoring.md)`).toBeGreaterThanOrEqual(min);
      expect(c.meta.weight, `${c.meta.id}: a ${c.meta.tier} check weighs ${min}-${max} (docs/scoring.md)`).toBeLessThanOrEqual(max);
      expect(c.meta.dimension, c.meta.id).toBe(c.meta.id.startsWith('D') ? 'discoverability' : 'content');
    }
  });
});

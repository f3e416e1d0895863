import { describe, expect, it } from 'vitest';
import { discoverabilityChecks } from '../../../../src/core/checks/discoverability/index.js';
import { contentChecks } from '../../../../src/core/checks/content/index.js';
import { ORIGIN } from '../../../helpers/responses.js';
// The D3 and D6 guides link what other checks offer (meta.offers.link): the registry installs those links, as every face loads it.
import '../../../../src/core/checks/index.js';

const PLATFORMS = [
  null,
  'wordpress',
  'woocommerce',
  'shopify',
  'nextjs',
  'nuxt',
  'astro',
  'docusaurus',
  'mintlify',
  'starlight',
  'hugo',
  'jekyll',
  'gatsby',
  'wix',
  'squarespace',
  'webflow',
  'framer',
  'sveltekit',
];
const HOSTING = [[], ['cloudflare'], ['vercel'], ['netlify'], ['nginx'], ['apache'], ['express']];
const mine = [...discoverabilityChecks, ...contentChecks].filter((c) => c.meta.id !== 'D1');

describe('fix guides of D2-D7 and C1-C4', () => {
  it('registers the checks in id order', () => {
    expect(discoverabilityChecks.map((c) => c.meta.id)).toEqual(['D1', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7']);
    expect(contentChecks.map((c) => c.meta.id)).toEqual(['C1', 'C2', 'C3', 'C4']);
  });
  it('have 2-6 steps on every platform and hosting, and end with the spec', () => {
    for (const check of mine) {
      for (const platform of PLATFORMS) {
        for (const hosting of HOSTING) {
          const steps = check.fixGuide({ origin: ORIGIN, platform, hosting });
          const where = `${check.meta.id} ${platform} ${hosting.join()}`;
          expect(steps.length, where).toBeGreaterThanOrEqual(2);
          expect(steps.length, where).toBeLessThanOrEqual(6);
          expect(steps.at(-1)?.title, where).toBe('Read the spec');
          for (const s of steps) expect(s.title.length, where).toBeGreaterThan(0);
        }
      }
    }
  });
  it('carry the catalog weights and tiers', () => {
    const table = Object.fromEntries(mine.map((c) => [c.meta.id, `${c.meta.tier}/${c.meta.weight}/${c.meta.dimension}`]));
    expect(table).toEqual({
      D2: 'essential/8/discoverability',
      D3: 'recommended/6/discoverability',
      D4: 'recommended/8/discoverability',
      D5: 'bonus/2/discoverability',
      D6: 'bonus/2/discoverability',
      D7: 'bonus/1/discoverability',
      C1: 'essential/10/content',
      C2: 'bonus/3/content',
      C3: 'recommended/6/content',
      C4: 'bonus/2/content',
    });
  });
});

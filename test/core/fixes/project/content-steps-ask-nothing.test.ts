/**
 * C1 (Markdown negotiation) and C3 (content without JavaScript) are fixed by how the server answers
 * and how the pages are built: their guides say what the server or the build must do and ask the
 * owner for no page text (the site's pages are the content; research fix-writer-2026-11-29, C1/C3:
 * "print the host's switch; do not ask for page text", "print (SSR/prerender); no value to ask").
 */
import { describe, expect, it } from 'vitest';
import { findCheck } from '../../../../src/core/checks/index.js';
import { FRAMEWORK_IDS, frameworkById } from '../../../../src/core/fixes/project/frameworks.js';
import { planFixes } from '../../../../src/core/fixes/project/plan.js';
import type { FixContext } from '../../../../src/core/checks/types.js';

const PLATFORMS: Array<string | null> = [null, ...FRAMEWORK_IDS.filter((f) => f !== 'static'), 'wordpress', 'shopify', 'webflow'];
const HOSTINGS: string[][] = [[], ['cloudflare'], ['vercel'], ['netlify'], ['nginx'], ['apache'], ['express']];

describe('C1 and C3 ask the owner for nothing', () => {
  for (const id of ['C1', 'C3']) {
    it(`${id}: no step of any platform or host names an owner value; fix lists it as a change to how the site is served or built`, () => {
      const check = findCheck(id)!;
      for (const platform of PLATFORMS)
        for (const hosting of HOSTINGS) {
          const fx: FixContext = { origin: 'https://acme.test', platform, hosting, ownerValues: {} };
          const steps = check.fixGuide(fx);
          expect(steps.length, `${platform} ${hosting}`).toBeGreaterThan(0);
          expect(
            steps.flatMap((s) => s.needs ?? []),
            `${platform} ${hosting}`,
          ).toEqual([]);
        }
      for (const fw of FRAMEWORK_IDS) {
        const framework = frameworkById(fw)!;
        const fixGuide = check.fixGuide({ origin: 'https://acme.test', platform: fw === 'static' ? null : fw, hosting: [] });
        const plan = planFixes(
          { url: 'https://acme.test/', checks: [{ id, name: id, status: 'fail', weight: 5, earned: 0, fixGuide }] },
          { dir: null, framework, ownerValues: { pageContent: '## Home\n\nWidgets.' } },
        );
        expect(plan.checks[0].needs, fw).toEqual([]);
        expect(plan.files, fw).toEqual([]);
        expect(plan.checks[0].manual.length, fw).toBeGreaterThan(0);
      }
    });
  }
});

describe('a value given that a guide does not take', () => {
  it('is listed as needed and marked given but unused (the step stays unwritten)', () => {
    const plan = planFixes(
      {
        url: 'https://acme.test/',
        checks: [
          {
            id: 'A4',
            name: 'A4',
            status: 'fail',
            weight: 5,
            earned: 0,
            fixGuide: [
              {
                title: 'Publish the card',
                source: 'example',
                needs: ['mcpEndpoint'],
                publish: { kind: 'file', path: '/x.json', contentType: 'application/json', content: '{}' },
              },
            ],
          },
        ],
      },
      { dir: null, framework: frameworkById('static')!, ownerValues: { mcpEndpoint: 'https://acme.test/mcp' } },
    );
    expect(plan.checks[0].needs).toEqual([expect.objectContaining({ value: 'mcpEndpoint', givenButUnused: true })]);
    expect(plan.files).toEqual([]);
  });
});

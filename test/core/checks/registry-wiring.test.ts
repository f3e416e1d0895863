/**
 * A check declares what the engine wires around it, and the registry applies it: a made-up check
 * with a rendered hook and early requests of its own needs no line anywhere but its module and the
 * registry's (and, for the requests, the regenerated plan: UPDATE_PLAN=1, test/core/checks/request-plan.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { CHECKS, wired } from '../../../src/core/checks/index.js';
import { requestPlan } from '../../../src/core/checks/request-plan.js';
import { defineCheck, renderAdvisories, withAdvisory, type RenderedHook } from '../../../src/core/checks/types.js';
import type { GatherContext } from '../../../src/core/gather/context.js';
import { ROBOTS_REQUEST } from '../../../src/core/gather/robots.js';

/** What the made-up check fetches at round trip 1, as its gather module would export it. */
const EXAMPLE_REQUEST = { path: '/.well-known/example.json', options: { accept: 'application/json', maxBytes: 65536 } };

const madeUp = defineCheck<{ words: number }>()({
  meta: {
    id: 'C9',
    name: 'Made-up',
    dimension: 'content',
    tier: 'bonus',
    weight: 1,
    specUrls: [],
    standards: [],
    summary: 'A check made up for this test.',
    why: 'To prove the registry wires what a check declares.',
    remediation: 'None.',
    codes: { 'C9/ok': 'pass', 'C9/few': 'fail' },
    messages: { 'C9/ok': '{words} words', 'C9/few': 'only {words} words' },
    // Sent with the page: a file of its own, and robots.txt, which other checks declare too.
    requests: [EXAMPLE_REQUEST, ROBOTS_REQUEST],
  },
  async gather() {
    return { words: 3 };
  },
  rendered: {
    codes: { 'C9/rendered-more': 'pass, measured in a browser' },
    messages: { 'C9/rendered-more': '{words} words once rendered (HTML: {static})' },
    async gather(_ctx, base) {
      return { words: base.words * 10 };
    },
    merge(outcome, rendered) {
      return rendered.words > 10 ? { status: 'pass', code: 'C9/rendered-more', data: { words: rendered.words, static: outcome.evidence } } : outcome;
    },
  },
  evaluate: ({ words }) => (words > 10 ? { status: 'pass', code: 'C9/ok', data: { words } } : { status: 'fail', code: 'C9/few', data: { words } }),
  fixGuide: () => [],
});

const ctx = { origin: 'http://127.0.0.1', pageUrl: 'http://127.0.0.1/' };

describe('the registry wires what a check declares', () => {
  it('adds a declared rendered hook: its codes join meta.codes, its gather and merge run around the check', async () => {
    const check = wired(madeUp);
    expect(Object.keys(check.meta.codes)).toEqual(['C9/ok', 'C9/few', 'C9/rendered-more']);
    expect(madeUp.evaluate({ words: 3 }, ctx).code).toBe('C9/few');
    const artifact = await check.gather({} as GatherContext);
    expect(artifact).toEqual({ words: 3, rendered: { words: 30 } });
    expect(check.evaluate(artifact, ctx)).toMatchObject({ code: 'C9/rendered-more', evidence: '30 words once rendered (HTML: only 3 words)' });
    // Without a rendered view (no --render) the check's own verdict comes back untouched.
    expect(check.evaluate({ words: 3, rendered: null }, ctx)).toEqual(madeUp.evaluate({ words: 3 }, ctx));
  });

  it("a hook's advisory templates join the check's meta.advisories, and its notes come back with their codes", () => {
    const HOOK_NOTES = { 'C8/rendered-few': 'only {words} words once rendered: static reading kept' };
    const noted = defineCheck<{ words: number }>()({
      meta: {
        id: 'C8',
        name: 'Made-up with notes',
        dimension: 'content',
        tier: 'bonus',
        weight: 1,
        specUrls: [],
        standards: [],
        summary: 'A check made up for this test.',
        why: 'To prove a hook declares its notes.',
        remediation: 'None.',
        codes: { 'C8/ok': 'pass' },
        messages: { 'C8/ok': '{words} words' },
        advisories: { 'C8/short': 'short: {words} words' },
      },
      gather: async () => ({ words: 3 }),
      fixGuide: () => [],
      rendered: {
        advisories: HOOK_NOTES,
        gather: async (_ctx, base) => ({ words: base.words }),
        merge: (outcome, rendered) => withAdvisory(outcome, renderAdvisories(HOOK_NOTES, [{ code: 'C8/rendered-few', data: { words: rendered.words } }])[0]),
      },
      evaluate: ({ words }) => ({ status: 'pass', code: 'C8/ok', data: { words }, advisories: [{ code: 'C8/short', data: { words } }] }),
    });
    const check = wired(noted);
    expect(check.meta.advisories).toEqual({ 'C8/short': 'short: {words} words', ...HOOK_NOTES });
    const o = check.evaluate({ words: 3, rendered: { words: 4 } }, ctx);
    expect(o.advisoryFindings?.map((a) => [a.code, a.data])).toEqual([
      ['C8/short', { words: 3 }],
      ['C8/rendered-few', { words: 4 }],
    ]);
    expect(o.advisories).toEqual(['short: 3 words', 'only 4 words once rendered: static reading kept']);
  });

  it("a hook's remedies join the check's meta.remedies: a hook outcome names one, or none to drop the check's remediation", () => {
    const remedied = defineCheck<{ words: number }>()({
      meta: {
        id: 'C7',
        name: 'Made-up with remedies',
        dimension: 'content',
        tier: 'bonus',
        weight: 1,
        specUrls: [],
        standards: [],
        summary: 'A check made up for this test.',
        why: 'To prove a hook declares its remedies.',
        remediation: 'Write words.',
        codes: { 'C7/few': 'fail' },
        messages: { 'C7/few': 'only {words} words' },
        remedies: { 'C7/write-more': 'Write {more} more words.' },
      },
      gather: async () => ({ words: 3 }),
      fixGuide: () => [],
      rendered: {
        codes: { 'C7/rendered-few': 'fail, in a browser', 'C7/rendered-enough': 'pass, in a browser' },
        messages: { 'C7/rendered-few': '{words} words once rendered', 'C7/rendered-enough': '{words} words once rendered' },
        remedies: { 'C7/server-render': 'Put the {words} words in the HTML.' },
        gather: async (_ctx, base) => ({ words: base.words * 2 }),
        merge: (outcome, rendered) =>
          rendered.words > 10
            ? { ...outcome, status: 'pass', code: 'C7/rendered-enough', data: { words: rendered.words }, remedy: undefined }
            : rendered.words > 5
              ? { ...outcome, status: 'fail', code: 'C7/rendered-few', data: { words: rendered.words }, remedy: 'C7/server-render' }
              : outcome,
      },
      evaluate: ({ words }) => ({ status: 'fail', code: 'C7/few', data: { words }, remedy: 'C7/write-more', remedyData: { more: 10 - words } }),
    });
    const check = wired(remedied);
    expect(check.meta.remedies).toEqual({ 'C7/write-more': 'Write {more} more words.', 'C7/server-render': 'Put the {words} words in the HTML.' });
    expect(check.evaluate({ words: 3, rendered: { words: 6 } }, ctx)).toMatchObject({
      remedy: 'C7/server-render',
      remediation: 'Put the 6 words in the HTML.',
    });
    const passed = check.evaluate({ words: 3, rendered: { words: 12 } }, ctx);
    expect(passed.remedy).toBeUndefined();
    expect(passed.remediation).toBeUndefined();
    // A hook that keeps the check's outcome keeps its remedy as rendered.
    expect(check.evaluate({ words: 3, rendered: { words: 4 } }, ctx)).toMatchObject({ remedy: 'C7/write-more', remediation: 'Write 7 more words.' });
    // A remedy neither the hook nor the check declares is the hook's bug, said as such.
    const hook = remedied.rendered as RenderedHook<{ words: number }, { words: number }>;
    const typo = wired({ ...remedied, rendered: { ...hook, merge: (outcome) => ({ ...outcome, remedy: 'C7/typo' }) } });
    expect(() => typo.evaluate({ words: 3, rendered: { words: 6 } }, ctx)).toThrow(/C7\/typo: no template in meta.remedies/);
  });

  it('computes its declared requests into the plan: its own once, a shared one with every check that declares it', () => {
    const plan = requestPlan([...CHECKS, wired(madeUp)]);
    const own = plan.filter((r) => 'path' in r && r.path === EXAMPLE_REQUEST.path);
    expect(own).toEqual([{ ...EXAMPLE_REQUEST, declaredBy: [{ id: 'C9', dimension: 'content' }] }]);
    const robots = plan.filter((r) => 'path' in r && r.path === '/robots.txt');
    expect(robots).toHaveLength(1);
    expect(robots[0].declaredBy.map((d) => d.id)).toEqual([
      ...requestPlan(CHECKS)
        .find((r) => 'path' in r && r.path === '/robots.txt')!
        .declaredBy.map((d) => d.id),
      'C9',
    ]);
    // Without it, the plan is the registry's alone.
    expect(requestPlan(CHECKS).some((r) => 'path' in r && r.path === EXAMPLE_REQUEST.path)).toBe(false);
  });

  it('wires the checks that declare one, and them only (dimension indexes list plain modules)', () => {
    // A property of the registry, not a list of today's hooks: rendered codes exactly where a hook is declared.
    expect(CHECKS.some((c) => c.rendered)).toBe(true);
    for (const c of CHECKS) {
      const hasRenderedCodes = Object.keys(c.meta.codes).some((k) => k.includes('/rendered-'));
      expect(hasRenderedCodes, `${c.meta.id}: rendered codes ${c.rendered ? 'missing although it declares' : 'without'} a rendered hook`).toBe(!!c.rendered);
    }
  });
});

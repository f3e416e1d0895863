/**
 * defineCheck takes its codes from meta.codes: an outcome or sub-finding with a code the check
 * does not declare, or a remedy meta.remedies does not declare, does not compile (tsc --noEmit type-checks this file; the @ts-expect-error
 * lines fail the build if the mistake ever compiles), and a template without its data throws.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defineCheck, renderRemedy } from '../../../src/core/checks/types.js';
import { fillTemplate, placeholders } from '../../../src/core/checks/messages.js';

const base = {
  id: 'Z9',
  name: 'example',
  dimension: 'discoverability' as const,
  tier: 'recommended' as const,
  weight: 1,
  specUrls: [] as string[],
  standards: ['rfc9309' as const],
  summary: 's',
  why: 'w',
  remediation: 'r',
};

const example = defineCheck<number>()({
  meta: {
    ...base,
    codes: { 'Z9/ok': 'fine', 'Z9/bad': 'partial: problems' },
    messages: { 'Z9/ok': '{n} thing(s).', 'Z9/bad': '{n} thing(s); {findings}.' },
    findings: { 'Z9/too-big': 'larger than {max}' },
  },
  gather: async () => 1,
  evaluate: (n) =>
    n > 3
      ? { status: 'partial', code: 'Z9/bad', data: { n }, findings: [{ code: 'Z9/too-big', data: { max: 3 } }] }
      : { status: 'pass', code: 'Z9/ok', data: { n } },
  fixGuide: () => [],
});

describe('typed codes and templates', () => {
  it('renders the evidence and the sub-findings from the templates', () => {
    const o = example.evaluate(5, { origin: 'https://x.test', pageUrl: 'https://x.test/' });
    expect(o).toMatchObject({
      code: 'Z9/bad',
      data: { n: 5 },
      findings: [{ code: 'Z9/too-big', text: 'larger than 3' }],
      evidence: '5 thing(s); larger than 3.',
    });
    expect(example.evaluate(1, { origin: 'https://x.test', pageUrl: 'https://x.test/' }).evidence).toBe('1 thing(s).');
  });

  it('rejects an undeclared code at compile time', () => {
    defineCheck<number>()({
      meta: { ...base, codes: { 'Z9/ok': 'fine' }, messages: { 'Z9/ok': 'fine.' } },
      gather: async () => 1,
      // @ts-expect-error 'Z9/typo' is not one of meta.codes
      evaluate: () => ({ status: 'pass', code: 'Z9/typo' }),
      fixGuide: () => [],
    });
    defineCheck<number>()({
      meta: { ...base, codes: { 'Z9/ok': 'fine' }, messages: { 'Z9/ok': 'fine.' }, findings: { 'Z9/known': 'k' } },
      gather: async () => 1,
      // @ts-expect-error 'Z9/unknown' is not one of meta.findings
      evaluate: () => ({ status: 'pass', code: 'Z9/ok', findings: [{ code: 'Z9/unknown' }] }),
      fixGuide: () => [],
    });
    expect(true).toBe(true);
  });

  it('renders a remedy from meta.remedies with the outcome data and remedyData', () => {
    const fixing = defineCheck<number>()({
      meta: {
        ...base,
        codes: { 'Z9/bad': 'partial' },
        messages: { 'Z9/bad': '{n} thing(s); {findings}.' },
        findings: { 'Z9/too-big': 'larger than {max}' },
        remedies: { 'Z9/shrink': 'Shrink {path} to {max}: {findings}.' },
      },
      gather: async () => 1,
      evaluate: (n) => ({
        status: 'partial',
        code: 'Z9/bad',
        data: { n, max: 3 },
        findings: [{ code: 'Z9/too-big', data: { max: 3 } }],
        remedy: 'Z9/shrink',
        remedyData: { path: '/x' },
      }),
      fixGuide: () => [],
    });
    const o = fixing.evaluate(5, { origin: 'https://x.test', pageUrl: 'https://x.test/' });
    expect(o).toMatchObject({ remedy: 'Z9/shrink', remediation: 'Shrink /x to 3: larger than 3.' });
  });

  it("puts a site's value into a remedy verbatim, never reading it as a template (braces and all)", () => {
    const remedies = { 'Z9/serve': 'Serve {path} as text ({n} tries).' };
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer(), (path, n) => {
        expect(renderRemedy(remedies, 'Z9/serve', { n }, { path })).toBe(`Serve ${path} as text (${n} tries).`);
      }),
      { numRuns: 300 },
    );
    expect(renderRemedy(remedies, 'Z9/serve', { n: 1 }, { path: '{path} {seen:probe}' })).toBe('Serve {path} {seen:probe} as text (1 tries).');
    expect(() => renderRemedy(remedies, 'Z9/other')).toThrow(/Z9\/other: no template in meta.remedies/);
    expect(() => renderRemedy(remedies, 'Z9/serve', { n: 1 })).toThrow(/Z9\/serve: no data for \{path\}/);
  });

  it('rejects an undeclared remedy and a free remediation string at compile time', () => {
    defineCheck<number>()({
      meta: { ...base, codes: { 'Z9/ok': 'fine' }, messages: { 'Z9/ok': 'fine.' }, remedies: { 'Z9/known': 'Do it.' } },
      gather: async () => 1,
      // @ts-expect-error 'Z9/typo' is not one of meta.remedies
      evaluate: () => ({ status: 'partial', code: 'Z9/ok', remedy: 'Z9/typo' }),
      fixGuide: () => [],
    });
    defineCheck<number>()({
      meta: { ...base, codes: { 'Z9/ok': 'fine' }, messages: { 'Z9/ok': 'fine.' } },
      gather: async () => 1,
      // @ts-expect-error a remediation is a declared remedy, never free text
      evaluate: () => ({ status: 'partial', code: 'Z9/ok', remediation: 'Do it.' }),
      fixGuide: () => [],
    });
    expect(true).toBe(true);
  });

  it('rejects a standards pointer the ledger does not have, at compile time', () => {
    defineCheck<number>()({
      // @ts-expect-error 'rfc0000' is not a StandardId of the ledger
      meta: { ...base, standards: ['rfc0000'], codes: { 'Z9/ok': 'fine' }, messages: { 'Z9/ok': 'fine.' } },
      gather: async () => 1,
      evaluate: () => ({ status: 'pass', code: 'Z9/ok' }),
      fixGuide: () => [],
    });
    expect(true).toBe(true);
  });

  it('requires a template for every code', () => {
    defineCheck<number>()({
      // @ts-expect-error 'Z9/bad' has no template in meta.messages
      meta: { ...base, codes: { 'Z9/ok': 'fine', 'Z9/bad': 'bad' }, messages: { 'Z9/ok': 'fine.' } },
      gather: async () => 1,
      evaluate: () => ({ status: 'pass', code: 'Z9/ok' }),
      fixGuide: () => [],
    });
    expect(true).toBe(true);
  });

  it('fills placeholders once (values with braces stay as they are) and throws on missing data', () => {
    expect(fillTemplate('a {x} b', { x: '{y}' })).toBe('a {y} b');
    expect(() => fillTemplate('a {x}', {}, 'Z9/ok')).toThrow(/Z9\/ok: no data for \{x\}/);
    expect(placeholders('{a} and {b1}; {findings}')).toEqual(['a', 'b1', 'findings']);
  });
});

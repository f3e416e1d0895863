/**
 * A table-driven tester for checks, in the spirit of ESLint's RuleTester: each check gets
 * `valid` cases (artifacts it passes) and `invalid` cases (artifacts it fails or marks partial),
 * each naming the expected status and outcome code. The check's pure evaluate runs on the artifact;
 * the tester also holds every outcome to the contract: a code of the check's own meta.codes,
 * evidence for people, and fix steps for what needs fixing.
 */
import { describe, expect, it } from 'vitest';
import type { CheckMeta, CheckModule, CheckOutcome, EvaluateContext } from '../../src/core/checks/types.js';
import type { CheckStatus } from '../../src/core/schema.js';
import { ORIGIN } from './responses.js';
import { fillTemplate } from '../../src/core/checks/messages.js';
import { resultDetails } from '../../src/core/result-details.js';

export interface CheckCase<A> {
  /** What the case shows; defaults to the expected code. */
  name?: string;
  /** The gathered artifact, or a function building it (built when the case runs). */
  artifact: A | (() => A);
  /** The expected status; valid cases default to 'pass'. */
  status?: CheckStatus;
  /** The expected outcome code, e.g. "D4/no-h1". */
  code: string;
  /** Expected values among the outcome's template data (checked with toMatchObject). */
  data?: Record<string, string | number>;
  /** The expected sub-finding codes, in order. */
  findings?: string[];
  /** The expected advisory codes, in order (advisoryFindings). */
  advisories?: string[];
  /** The expected remedy (a key of meta.remedies), when the fix depends on what was found. */
  remedy?: string;
  ctx?: Partial<EvaluateContext>;
}

export interface CheckCases<A> {
  /** Outcomes that need no fix: pass, or na/info when the check does not apply. */
  valid: CheckCase<A>[];
  /** Outcomes that need a fix: fail or partial. */
  invalid: CheckCase<A>[];
}

/** One check's table, kept as data so a coverage test can read every table. */
export interface CheckTable<A = any> {
  check: CheckModule<A>;
  cases: CheckCases<A>;
}

export function table<A>(check: CheckModule<A>, cases: CheckCases<A>): CheckTable<A> {
  return { check, cases };
}

function build<A>(c: CheckCase<A>): A {
  return typeof c.artifact === 'function' ? (c.artifact as () => A)() : c.artifact;
}

/**
 * An outcome's own remediation is a remedy the check declares (meta.remedies), rendered from its
 * template with the outcome's data and remedyData: never free text.
 */
export function expectDeclaredRemedy(meta: CheckMeta<string, unknown>, o: CheckOutcome<string, unknown>): void {
  if (o.remediation === undefined) {
    expect(o.remedy, `${o.code}: a remedy without its remediation`).toBeUndefined();
    return;
  }
  expect(o.remedy, `${o.code}: its remediation names a remedy of meta.remedies`).toBeDefined();
  const template = meta.remedies?.[o.remedy!];
  expect(template, `${o.remedy} is declared in ${meta.id}'s meta.remedies`).toBeDefined();
  const data = { ...o.data, ...(o.findings ? { findings: o.findings.map((f) => f.text).join('; ') } : {}), ...o.remedyData };
  expect(o.remediation, `${o.remedy} is rendered from its template`).toBe(fillTemplate(template!, data));
}

/** The remedy each case's outcome names, per check id (for the coverage test). */
export function reachedRemedies(tables: CheckTable[]): Set<string> {
  const seen = new Set<string>();
  for (const { check, cases } of tables) {
    for (const c of [...cases.valid, ...cases.invalid]) {
      const o = check.evaluate(build(c), { origin: ORIGIN, pageUrl: `${ORIGIN}/`, ...c.ctx });
      if (o.remedy !== undefined) seen.add(o.remedy);
    }
  }
  return seen;
}

/** Registers one describe block per table, one test per case. */
export function runCheckTables(tables: CheckTable[]): void {
  for (const { check, cases } of tables) {
    const { meta } = check;
    describe(`${meta.id} ${meta.name}`, () => {
      const run = (c: CheckCase<unknown>, expected: CheckStatus) => {
        const ctx: EvaluateContext = { origin: ORIGIN, pageUrl: `${ORIGIN}/`, ...c.ctx };
        const o = check.evaluate(build(c), ctx);
        expect({ status: o.status, code: o.code }).toEqual({ status: expected, code: c.code });
        expect(Object.keys(meta.codes), `${c.code} is listed in ${meta.id}'s meta.codes`).toContain(o.code);
        expect(o.evidence.trim().length, 'evidence for people').toBeGreaterThan(0);
        const template = meta.messages?.[o.code];
        if (template !== undefined) {
          // A code with a template says its evidence through it, from the data it returns.
          const data = { ...o.data, ...(o.findings ? { findings: o.findings.map((f) => f.text).join('; ') } : {}) };
          expect(o.evidence, `${o.code} is rendered from its template`).toBe(fillTemplate(template, data, o.code, meta));
        }
        expectDeclaredRemedy(meta, o);
        for (const f of o.findings ?? []) expect(Object.keys(meta.findings ?? {}), `${f.code} has a template`).toContain(f.code);
        for (const a of o.advisoryFindings ?? []) {
          expect(Object.keys(meta.advisories ?? {}), `${a.code} has a template`).toContain(a.code);
          expect(a.text, `${a.code} is rendered from its template`).toBe(fillTemplate(meta.advisories![a.code], a.data));
          expect(o.advisories, `${a.code}'s text is among the advisories`).toContain(a.text);
        }
        if (c.advisories) {
          expect(o.advisoryFindings?.map((a) => a.code) ?? []).toEqual(c.advisories);
          // Every note has a code: no text without one beside them.
          expect(o.advisories ?? [], 'every advisory has a code').toHaveLength(c.advisories.length);
        }
        if (c.data) expect(o.data).toMatchObject(c.data);
        if (c.findings) expect(o.findings?.map((f) => f.code) ?? []).toEqual(c.findings);
        if (c.remedy) expect(o.remedy).toBe(c.remedy);
        if (o.details !== undefined) {
          // Typed details reach the result whole: plain JSON that the result's bound keeps as it is.
          const json = JSON.parse(JSON.stringify(o.details));
          const want = Object.keys(json).length ? { details: json, truncated: false } : undefined;
          expect(resultDetails(o.details), `${o.code}: details are plain JSON within DETAILS_LIMITS`).toEqual(want);
        }
        return o;
      };
      for (const c of cases.valid) {
        it(`valid: ${c.name ?? c.code}`, () => {
          const status = c.status ?? 'pass';
          expect(['pass', 'na', 'info']).toContain(status);
          run(c, status);
        });
      }
      for (const c of cases.invalid) {
        it(`invalid: ${c.name ?? c.code}`, () => {
          expect(['fail', 'partial'], 'invalid cases need a fix: fail or partial').toContain(c.status);
          const o = run(c, c.status!);
          const steps = check.fixGuide({ origin: ORIGIN, platform: null, hosting: [], outcome: o });
          expect(steps.length, 'fix steps for what needs fixing').toBeGreaterThan(0);
        });
      }
    });
  }
}

/** The codes a set of tables exercises. */
export function exercisedCodes(tables: CheckTable[]): Set<string> {
  return new Set(tables.flatMap((t) => [...t.cases.valid, ...t.cases.invalid].map((c) => c.code)));
}

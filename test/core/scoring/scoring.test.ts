import { describe, expect, it } from 'vitest';
import { scoreChecks } from '../../../src/core/scoring/score.js';
import { computeLevel, levelRules } from '../../../src/core/scoring/levels.js';
import { resolveProfile, type RawOutcome } from '../../../src/core/scoring/profile.js';
import { CHECKS, findCheck } from '../../../src/core/checks/index.js';

const METAS = CHECKS.map((c) => c.meta);
const levelOf = (checks: CheckResult[]) => computeLevel(checks, METAS);
import { isitagentreadyScore } from '../../../src/core/scoring/compat.js';
import { gradeFor, type CheckResult, type CheckStatus, type Dimension, type Tier } from '../../../src/core/schema.js';

function c(id: string, status: CheckStatus, weight: number, tier: Tier = 'recommended', dimension: Dimension = 'discoverability'): CheckResult {
  const counted = status === 'pass' || status === 'partial' || status === 'fail';
  const w = counted ? weight : 0;
  return { id, name: id, dimension, tier, status, weight: w, earned: status === 'pass' ? w : status === 'partial' ? w / 2 : 0 };
}

describe('scoring', () => {
  it('gives half credit for partial and leaves na/info out of the denominator', () => {
    const s = scoreChecks([c('D1', 'pass', 10, 'essential'), c('D2', 'partial', 8, 'essential'), c('D3', 'na', 6), c('B4', 'info', 0)]);
    expect(s.overallScore).toBe(Math.round((100 * 14) / 18));
    expect(s.dimensions.discoverability).toEqual({ earned: 14, weight: 18, score: 78, applicable: true });
    expect(s.dimensions.commerce.applicable).toBe(false);
  });

  it('counts bonus as extra credit only, capped at 100', () => {
    const without = scoreChecks([c('D1', 'pass', 10, 'essential'), c('D4', 'fail', 10)]);
    const withBonus = scoreChecks([c('D1', 'pass', 10, 'essential'), c('D4', 'fail', 10), c('D5', 'pass', 2, 'bonus'), c('D6', 'fail', 2, 'bonus')]);
    expect(without.overallScore).toBe(50);
    expect(withBonus.overallScore).toBe(60);
    expect(scoreChecks([c('D1', 'pass', 10, 'essential'), c('D5', 'pass', 3, 'bonus')]).overallScore).toBe(100);
  });

  it('caps the score at 89 while an essential check fails', () => {
    const checks = [c('D1', 'fail', 10, 'essential'), ...Array.from({ length: 20 }, (_, i) => c(`X${i}`, 'pass', 10))];
    const s = scoreChecks(checks);
    expect(s.overallScore).toBe(89);
    expect(s.cappedBy).toEqual(['D1']);
  });

  it('maps scores to the grade bands of the spec', () => {
    expect([100, 90, 89, 75, 74, 60, 59, 40, 39, 0].map(gradeFor)).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D', 'F', 'F']);
  });
});

describe('levels', () => {
  it('publishes the ladder the checks declare, in the words it always had', () => {
    // A deliberate snapshot: the ladder is part of the rubric, so a check that joins a rung changes it.
    expect(
      levelRules(METAS).map((r) => r.rule),
      'the level ladder changed (a check declared or left a rung in meta.level): that is a rubric change: ' +
        'document it in docs/scoring.md ("Levels" and a new rubric entry), bump RUBRIC_VERSION, then update this list',
    ).toEqual([
      'otherwise',
      '2 of D1, D2, D3',
      'all of B1, B2',
      'C1',
      '1 of A1, A4, A5, A6',
      '2 of 3 arms: B3 (Web Bot Auth); every applicable one of A1, A4, A5, A6; one of A2, A3, A9 (auth metadata)',
    ]);
  });

  it('takes its members from the metadata it is given (a check declaring a rung joins it)', () => {
    const metas = [...METAS, { id: 'Z9', level: { rung: 3 as const } }];
    expect(levelRules(metas)[3].rule).toBe('all of C1, Z9');
    const l2 = { D1: 'pass', D2: 'pass', B1: 'pass', B2: 'pass', C1: 'pass' } as Record<string, CheckStatus>;
    expect(computeLevel([...base(l2), c('Z9', 'fail', 5)], metas).level).toBe(2);
    expect(computeLevel([...base(l2), c('Z9', 'pass', 5)], metas).level).toBe(3);
  });

  const base = (over: Record<string, CheckStatus>) =>
    ['D1', 'D2', 'D3', 'B1', 'B2', 'B3', 'C1', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A9'].map((id) => c(id, over[id] ?? 'fail', 5));

  it('is 0 with fewer than two of D1-D3 passing, with the next rung listed', () => {
    const r = levelOf(base({ D1: 'pass', D3: 'partial' }));
    expect(r.level).toBe(0);
    expect(r.levelName).toBe('Not Ready');
    expect(r.nextLevel?.target).toBe(1);
    expect(r.nextLevel?.requirements.map((x) => x.checkId)).toEqual(['D2', 'D3']);
  });

  it('climbs rung by rung and stops at the first unmet rung', () => {
    expect(levelOf(base({ D1: 'pass', D2: 'pass' })).level).toBe(1);
    expect(levelOf(base({ D1: 'pass', D2: 'pass', B1: 'pass', B2: 'pass' })).level).toBe(2);
    expect(levelOf(base({ D1: 'pass', D2: 'pass', B1: 'pass', B2: 'pass', C1: 'pass' })).level).toBe(3);
    expect(levelOf(base({ D1: 'pass', D2: 'pass', B1: 'pass', B2: 'pass', C1: 'partial', A6: 'pass' })).level).toBe(2);
    expect(levelOf(base({ D1: 'pass', D2: 'pass', B1: 'pass', B2: 'pass', C1: 'pass', A6: 'pass' })).level).toBe(4);
  });

  it('needs two of the three level-5 arms; na members are skipped in "all of"', () => {
    const l4 = { D1: 'pass', D2: 'pass', B1: 'pass', B2: 'pass', C1: 'pass', A6: 'pass' } as Record<string, CheckStatus>;
    expect(levelOf(base({ ...l4, B3: 'pass' })).level).toBe(4);
    expect(levelOf(base({ ...l4, B3: 'pass', A3: 'pass' })).level).toBe(5);
    expect(levelOf(base({ ...l4, A1: 'na', A4: 'na', A5: 'pass', A9: 'pass' })).level).toBe(5);
    // An arm already met lists none of its members as blockers: A9 is not needed when A3 passes.
    const authMet = levelOf(base({ ...l4, A3: 'pass' }));
    expect(authMet.level).toBe(4);
    expect(authMet.nextLevel?.requirements.map((x) => x.checkId)).toEqual(['B3', 'A1', 'A4', 'A5']);
    const r5 = levelOf(base({ ...l4, B3: 'pass', A2: 'pass' }));
    expect(r5.levelName).toBe('Agent-Native');
    expect(r5.nextLevel).toBeNull();
  });
});

describe('profiles', () => {
  /** A raw outcome with the real check's metadata (the profile reads the rules checks declare). */
  const raw = (id: string, status: CheckStatus, details?: Record<string, unknown>): RawOutcome => {
    const { meta } = findCheck(id)!;
    return { id, dimension: meta.dimension, profile: meta.profile, status, details };
  };
  const platform = { platform: 'unknown', confidence: 0, evidence: [], isEcommerce: false, isApp: false, seoPlugin: null };
  it('is content without app or commerce evidence', () => {
    expect(resolveProfile('auto', platform, [raw('A1', 'fail')])).toMatchObject({ app: false, commerce: false, source: 'auto' });
  });
  it('becomes app when API or auth metadata is found, commerce on store signals or a passing M check', () => {
    expect(resolveProfile('auto', platform, [raw('A4', 'partial')]).app).toBe(true);
    expect(resolveProfile('auto', { ...platform, isEcommerce: true }, []).commerce).toBe(true);
    expect(resolveProfile('auto', platform, [raw('M1', 'pass')]).commerce).toBe(true);
  });
  it('reads a public MCP server from the declared rules: the card is the only evidence and declares no auth', () => {
    const open = resolveProfile('auto', platform, [raw('A4', 'pass', { declaresAuth: false }), raw('A2', 'fail')]);
    expect(open).toMatchObject({ app: true, publicMcpOnly: true });
    expect(open.reasons[0]).toMatch(/public MCP server card/);
    expect(resolveProfile('auto', platform, [raw('A4', 'pass', { declaresAuth: true })]).publicMcpOnly).toBeUndefined();
    expect(resolveProfile('auto', platform, [raw('A4', 'pass', { declaresAuth: false }), raw('A8', 'pass')]).publicMcpOnly).toBeUndefined();
    expect(resolveProfile('auto', { ...platform, isApp: true }, [raw('A4', 'pass', { declaresAuth: false })]).publicMcpOnly).toBeUndefined();
  });
  it('obeys overrides', () => {
    expect(resolveProfile('content', { ...platform, isApp: true }, [raw('A1', 'pass')])).toMatchObject({ app: false, commerce: false, source: 'override' });
    expect(resolveProfile('commerce', platform, [])).toMatchObject({ commerce: true, source: 'override' });
  });
});

describe('isitagentready-compatible score', () => {
  it('is passes / (passes + fails) with partial counted as a fail and Web Bot Auth only when passing', () => {
    const r = isitagentreadyScore(
      [
        { anchorKey: 'robotsTxt', status: 'pass' },
        { anchorKey: 'sitemap', status: 'partial' },
        { anchorKey: 'webBotAuth', status: 'fail' },
        { anchorKey: 'ucp', status: 'fail' },
        { status: 'pass' },
      ],
      false,
    );
    expect(r).toMatchObject({ score: 50, passed: 1, failed: 1 });
  });
});

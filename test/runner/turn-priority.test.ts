/**
 * turnPriority, the shared queue's order (src/runner/job-boss.ts), against a model of pg-boss's
 * fetch (priority desc, then creation order) over random interleavings of callers queuing jobs,
 * consumers taking them and jobs finishing. test/runner/job-queue-fairness.test.ts checks the same on a real
 * Postgres; this explores the interleavings:
 * - each caller's jobs are taken in the order it queued them;
 * - a caller with nothing in flight waits for at most one job of each other caller (no backlog);
 * - priorities stay within [-(the most jobs the caller has had in flight), 0].
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnPriority } from '../../src/runner/job-boss.js';

interface Job {
  seq: number;
  caller: number;
  priority: number;
  liveAtCreation: number;
  /** Jobs taken before this one was queued. */
  takenAtCreation: number;
  state: 'queued' | 'active' | 'done';
}

type Op = { kind: 'send'; caller: number } | { kind: 'take' } | { kind: 'finish'; pick: number };

// Sends outnumber takes, so that backlogs build up and drain while callers keep sending.
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('send' as const), caller: fc.integer({ min: 0, max: 2 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('take' as const) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('finish' as const), pick: fc.nat() }), weight: 2 },
);

/** Plays the ops; returns every job and the order jobs were taken in. */
function play(ops: Op[]): { jobs: Job[]; taken: Job[] } {
  const jobs: Job[] = [];
  const taken: Job[] = [];
  for (const o of ops) {
    if (o.kind === 'send') {
      const mine = jobs.filter((j) => j.caller === o.caller && j.state !== 'done');
      const queued = mine.filter((j) => j.state === 'queued').map((j) => j.priority);
      const priority = turnPriority(mine.length, queued.length ? Math.min(...queued) : null);
      jobs.push({ seq: jobs.length, caller: o.caller, priority, liveAtCreation: mine.length, takenAtCreation: taken.length, state: 'queued' });
    } else if (o.kind === 'take') {
      // pg-boss 10's fetch: ORDER BY priority desc, created_on, id.
      const next = jobs.filter((j) => j.state === 'queued').sort((a, b) => b.priority - a.priority || a.seq - b.seq)[0];
      if (next) {
        next.state = 'active';
        taken.push(next);
      }
    } else {
      const active = jobs.filter((j) => j.state === 'active');
      if (active.length) active[o.pick % active.length].state = 'done';
    }
  }
  return { jobs, taken };
}

describe('turnPriority', () => {
  it('gives a caller with nothing in flight the top priority and a backlog decreasing turns', () => {
    expect(turnPriority(0, null)).toBe(0);
    expect(Object.is(turnPriority(0, null), -0)).toBe(false);
    expect([1, 2, 3].map((n) => turnPriority(n, null))).toEqual([-1, -2, -3]);
    // Never ahead of the caller's own older queued job.
    expect(turnPriority(2, -5)).toBe(-5);
    expect(turnPriority(3, -1)).toBe(-3);
  });

  it("takes each caller's jobs in its order, lets a newcomer wait for at most one job of each other caller, and stays bounded", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 120, size: 'max' }), (ops) => {
        const { jobs, taken } = play(ops);
        for (const c of [0, 1, 2]) {
          const order = taken.filter((j) => j.caller === c).map((j) => j.seq);
          expect(order).toEqual([...order].sort((a, b) => a - b));
        }
        // Bounded by the most jobs the caller had in flight (so by its cap, when it has one).
        const most = new Map<number, number>();
        for (const j of jobs) {
          most.set(j.caller, Math.max(most.get(j.caller) ?? 0, j.liveAtCreation));
          expect(j.priority).toBeLessThanOrEqual(0);
          expect(j.priority).toBeGreaterThanOrEqual(-most.get(j.caller)!);
        }
        // A job queued by a caller with nothing in flight: the jobs taken after it was queued
        // and before it are each another caller's, one per caller at most.
        for (const [at, j] of taken.entries()) {
          if (j.liveAtCreation !== 0) continue;
          const callers = taken.slice(j.takenAtCreation, at).map((k) => k.caller);
          expect(callers).not.toContain(j.caller);
          expect(new Set(callers).size).toBe(callers.length);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a caller's order when its jobs in flight drop while an older one still waits", () => {
    // A queues four (0, -1, -2, -3); two are taken and finish; A's next job has 2 in flight
    // (-2 by its count) but must not go ahead of its own a3 (-3).
    const send: Op = { kind: 'send', caller: 0 };
    const ops: Op[] = [
      send,
      send,
      send,
      send,
      { kind: 'take' },
      { kind: 'take' },
      { kind: 'finish', pick: 0 },
      { kind: 'finish', pick: 0 },
      send,
      { kind: 'take' },
      { kind: 'take' },
      { kind: 'take' },
    ];
    expect(play(ops).taken.map((j) => j.seq)).toEqual([0, 1, 2, 3, 4]);
  });

  it('interleaves callers when everything is queued before the first take: A0, B0, C0, A1, B1, ...', () => {
    const ops: Op[] = [
      ...[0, 0, 0, 0].map((caller) => ({ kind: 'send' as const, caller })),
      ...[1, 1].map((caller) => ({ kind: 'send' as const, caller })),
      { kind: 'send', caller: 2 },
      ...Array.from({ length: 7 }, () => ({ kind: 'take' as const })),
    ];
    expect(play(ops).taken.map((j) => `${'ABC'[j.caller]}${j.seq}`)).toEqual(['A0', 'B4', 'C6', 'A1', 'B5', 'A2', 'A3']);
  });
});

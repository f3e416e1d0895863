/** --verify: the preview re-scanned, each planned check as fixed, still failing or needing the owner's data, and the gates. */
import type { ScanResult } from '../../schema.js';
import type { FixPlan } from './plan.js';

export type CheckVerdict = 'fixed' | 'still-failing' | 'needs-owner-data' | 'not-written';

export interface Verification {
  preview: string;
  score: number;
  grade: string | undefined;
  checks: Array<{ id: string; name: string; verdict: CheckVerdict; status: string; code?: string; needs?: string[] }>;
  gates: string[];
  ok: boolean;
}

/** `gateMisses`: the CLI's gates (thresholds.ts) applied to the preview. */
export function verifyPlan(plan: FixPlan, preview: ScanResult, gateMisses: string[]): Verification {
  const checks = plan.checks.map((c) => {
    const now = preview.checks.find((x) => x.id === c.id);
    const passed = now?.status === 'pass' || now?.status === 'info' || now?.status === 'na';
    const verdict: CheckVerdict = passed ? 'fixed' : c.needs.length ? 'needs-owner-data' : c.changes.length ? 'still-failing' : 'not-written';
    return {
      id: c.id,
      name: c.name,
      verdict,
      status: now?.status ?? 'missing',
      code: now?.code,
      ...(c.needs.length ? { needs: c.needs.map((n) => n.value) } : {}),
    };
  });
  // A fix that was written and still fails is a failed run, as a missed gate is.
  const ok = !gateMisses.length && !checks.some((c) => c.verdict === 'still-failing');
  return {
    preview: preview.url,
    score: preview.overallScore,
    grade: preview.grade,
    checks,
    gates: gateMisses,
    ok,
  };
}

const WORDS: Record<CheckVerdict, string> = {
  fixed: 'fixed',
  'still-failing': 'STILL FAILING',
  'needs-owner-data': 'needs your data',
  'not-written': 'not written (by hand)',
};

export function renderVerification(v: Verification): string {
  const out = ['', `Verify: ${v.preview} scores ${v.score} (${v.grade ?? '-'})`];
  for (const c of v.checks)
    out.push(
      `  ${c.id.padEnd(4)} ${WORDS[c.verdict].padEnd(22)} ${c.name} — now ${c.status}` +
        `${c.code ? ` (${c.code})` : ''}${c.needs ? `; needs ${c.needs.join(', ')}` : ''}`,
    );
  for (const g of v.gates) out.push(`  gate: ${g}`);
  out.push(v.ok ? 'Every written fix passes on the preview.' : 'Some fixes do not pass on the preview (see above).');
  return out.join('\n') + '\n';
}

/**
 * Rendered mode as a layer over a check: the check's module stays as it is (its static verdict,
 * codes and fix guide), and the registry wraps it with a hook that gathers what the browser saw
 * and merges it into the outcome. Without --render the hook gathers null and the check's own
 * outcome comes back untouched.
 */
import type { CheckModule, CheckOutcome, EvaluateContext } from '../checks/types.js';
import type { GatherContext } from '../gather/context.js';

export interface RenderedHook<A, R> {
  /** Codes the hook can return, added to the check's own. */
  codes?: Record<string, string>;
  /** What the browser saw for this view; null when the scan does not render. */
  gather(ctx: GatherContext, base: A): Promise<R | null>;
  /** The outcome with the rendered evidence merged in (pure). */
  merge(outcome: CheckOutcome, rendered: R, artifact: A, ctx: EvaluateContext): CheckOutcome;
}

export type WithRendered<A, R> = A & { rendered?: R | null };

export function withRendered<A extends object, R>(check: CheckModule<A, any>, hook: RenderedHook<A, R>): CheckModule<WithRendered<A, R>> {
  return {
    ...check,
    meta: { ...check.meta, codes: { ...check.meta.codes, ...hook.codes } },
    async gather(ctx) {
      const base = await check.gather(ctx);
      return { ...base, rendered: await hook.gather(ctx, base) };
    },
    evaluate(artifact, ctx) {
      const outcome = check.evaluate(artifact, ctx);
      return artifact.rendered ? hook.merge(outcome, artifact.rendered, artifact, ctx) : outcome;
    },
  };
}

/**
 * Rendered mode as a layer over a check: the check's module stays as it is (its static verdict,
 * codes and fix guide), and the registry wraps it with a hook that gathers what the browser saw
 * and merges it into the outcome. Without --render the hook gathers null and the check's own
 * outcome comes back untouched.
 */
import type { CheckModule, CheckOutcome, MessageData, RenderedHook, RenderedOutcome } from '../checks/types.js';
import { fillTemplate } from '../checks/messages.js';

export type { RenderedHook, RenderedOutcome } from '../checks/types.js';

/** Renders a hook code's evidence from its template, as defineCheck does for the check's own. */
function renderHookOutcome(hook: RenderedHook<never, never>, merged: RenderedOutcome): CheckOutcome {
  const template = hook.messages?.[merged.code];
  if (template === undefined || !('data' in merged) || !merged.data) return merged as CheckOutcome;
  return { ...merged, evidence: fillTemplate(template, merged.data as MessageData, merged.code) } as CheckOutcome;
}

export type WithRendered<A, R> = A & { rendered?: R | null };

export function withRendered<A extends object, R>(check: CheckModule<A, any>, hook: RenderedHook<A, R>): CheckModule<WithRendered<A, R>> {
  return {
    ...check,
    meta: {
      ...check.meta,
      codes: { ...check.meta.codes, ...hook.codes },
      messages: { ...check.meta.messages, ...hook.messages },
      ...(hook.advisories ? { advisories: { ...check.meta.advisories, ...hook.advisories } } : {}),
    },
    async gather(ctx) {
      const base = await check.gather(ctx);
      return { ...base, rendered: await hook.gather(ctx, base) };
    },
    evaluate(artifact, ctx) {
      const outcome = check.evaluate(artifact, ctx);
      return artifact.rendered ? renderHookOutcome(hook as RenderedHook<never, never>, hook.merge(outcome, artifact.rendered, artifact, ctx)) : outcome;
    },
  };
}

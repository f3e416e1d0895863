/**
 * Rendered mode as a layer over a check: the check's module stays as it is (its static verdict,
 * codes and fix guide), and the registry wraps it with a hook that gathers what the browser saw
 * and merges it into the outcome. Without --render the hook gathers null and the check's own
 * outcome comes back untouched.
 */
import {
  renderAdvisories,
  renderRemedy,
  withAdvisory,
  type CheckModule,
  type CheckOutcome,
  type MessageData,
  type RenderedHook,
  type RenderedOutcome,
} from './types.js';
import { fillTemplate, type Templates } from './messages.js';

export type { RenderedHook, RenderedOutcome } from './types.js';

/**
 * Renders a hook code's evidence from its template, as defineCheck does for the check's own, its
 * remedy from the hook's remedies (none named: no remediation of its own), and the advisories the
 * hook added from the hook's advisory templates. `templates` (the check's and the hook's) render a
 * verdict nested in the data (`{static:verdict}`).
 */
function renderHookOutcome(
  hook: RenderedHook<never, never>,
  merged: RenderedOutcome,
  templates: Templates,
  checkRemedies: Readonly<Record<string, string>>,
): CheckOutcome {
  const { addAdvisories, remediation: _, ...rest } = merged;
  const template = hook.messages?.[rest.code];
  let outcome = (
    template === undefined || !('data' in rest) || !rest.data
      ? rest
      : { ...rest, evidence: fillTemplate(template, rest.data as MessageData, rest.code, templates) }
  ) as CheckOutcome;
  // The remediation follows the remedy: a hook's is rendered here, one of the check's stays as the
  // check rendered it (its static outcome, or its reading of the rendered DOM), and a key neither
  // declares is a bug of the hook.
  if (rest.remedy !== undefined) {
    const { remedy } = rest;
    if (hook.remedies?.[remedy] === undefined && checkRemedies[remedy] === undefined) {
      throw new Error(`${remedy}: no template in meta.remedies (neither the hook's nor the check's)`);
    }
    // `{findings}` reads the sub-findings' texts, as in the check's own remedies.
    const data = { ...rest.data, ...(rest.findings?.length ? { findings: rest.findings.map((f) => f.text).join('; ') } : {}) };
    const remediation = hook.remedies?.[remedy] !== undefined ? renderRemedy(hook.remedies, remedy, data, rest.remedyData) : merged.remediation;
    outcome = { ...outcome, remediation };
  }
  for (const note of renderAdvisories(hook.advisories ?? {}, addAdvisories ?? [])) outcome = withAdvisory(outcome, note);
  return outcome;
}

export type WithRendered<A, R> = A & { rendered?: R | null };

export function withRendered<A extends object, R>(check: CheckModule<A, any>, hook: RenderedHook<A, R>): CheckModule<WithRendered<A, R>> {
  const advisories = check.meta.advisories || hook.advisories ? { advisories: { ...check.meta.advisories, ...hook.advisories } } : {};
  const quoted = check.meta.quoted || hook.quoted ? { quoted: [...(check.meta.quoted ?? []), ...(hook.quoted ?? [])] } : {};
  const remedies = check.meta.remedies || hook.remedies ? { remedies: { ...check.meta.remedies, ...hook.remedies } } : {};
  const meta = {
    ...check.meta,
    codes: { ...check.meta.codes, ...hook.codes },
    messages: { ...check.meta.messages, ...hook.messages },
    ...advisories,
    ...quoted,
    ...remedies,
  };
  return {
    ...check,
    meta,
    async gather(ctx) {
      const base = await check.gather(ctx);
      return { ...base, rendered: await hook.gather(ctx, base) };
    },
    evaluate(artifact, ctx) {
      const outcome = check.evaluate(artifact, ctx);
      return artifact.rendered
        ? renderHookOutcome(hook as RenderedHook<never, never>, hook.merge(outcome, artifact.rendered, artifact, ctx), meta, check.meta.remedies ?? {})
        : outcome;
    },
  };
}

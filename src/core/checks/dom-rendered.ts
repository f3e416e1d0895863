/**
 * C4, M6, D6 in rendered mode: the check's own gather and evaluate run a second time on the
 * rendered DOM (JSON-LD, links and hints that scripts add), and the two verdicts are merged: when
 * they differ, the better one stands under a code that says where it came from, its evidence
 * template rendering both verdicts from their codes and data (`{html:verdict}`).
 */
import type { CheckModule, CheckOutcome } from './types.js';
import type { CheckStatus } from '../schema.js';
import { realProbes, renderedView } from '../gather/rendered-page.js';
import type { RenderedHook, RenderedOutcome } from './with-rendered.js';
import { nestedVerdictData } from './messages.js';
import { failureOf, renderFailureData, renderFailureQuoted, type RenderFailure } from '../gather/render-failure.js';

export type DomRendered<A> = { artifact: A } | { failure: RenderFailure };

const RANK: Partial<Record<CheckStatus, number>> = { fail: 1, partial: 2, pass: 3 };

/** Better for an agent: pass > partial > fail (info and na rank below). */
function better(a: CheckStatus, b: CheckStatus): boolean {
  return (RANK[a] ?? 0) > (RANK[b] ?? 0);
}

/**
 * The advisories any check re-run on the rendered DOM can add, each code `<id>/<name>` (like the
 * engine's codes, listed in docs/check-codes.md's introduction).
 */
export const DOM_RENDERED_ADVISORIES = {
  'rendered-unreadable': 'the rendered page could not be read ({failure:renderFailure}): HTML verdict only',
  'rendered-scripts-add':
    "found only after JavaScript ran: agents and crawlers that read the HTML without running scripts do not see it (put it in the server's HTML)",
  'rendered-scripts-remove': 'the rendered page no longer has what the HTML carries: a script removes or replaces it',
} as const;

/**
 * The codes a check re-run on the rendered DOM adds, for when the two verdicts differ: the better
 * one stands, and its evidence carries both (each verdict nested in the data: its code, data and sub-findings). When they
 * agree, the HTML verdict stands with its own code and evidence.
 */
export function domRenderedCodes(id: string): { codes: Record<string, string>; messages: Record<string, string>; advisories: Record<string, string> } {
  return {
    advisories: Object.fromEntries(Object.entries(DOM_RENDERED_ADVISORIES).map(([name, template]) => [`${id}/${name}`, template])),
    codes: {
      [`${id}/rendered-only`]:
        'found only after scripts ran: the rendered page does better than the HTML as served, and its verdict (status) ' +
        'stands; agents that read the HTML miss it',
      [`${id}/removed-by-scripts`]: 'the HTML as served does better than the rendered page (a script removes or replaces it), and its verdict (status) stands',
    },
    messages: {
      [`${id}/rendered-only`]: 'Rendered page (scripts run): {rendered:verdict} HTML as served: {html:verdict}',
      [`${id}/removed-by-scripts`]: 'HTML as served: {html:verdict} Rendered page (scripts run): {rendered:verdict}',
    },
  };
}

/** The merge of the HTML verdict and the rendered one: a hook code with both in its data, or the HTML verdict when they agree. */
export function mergeDomVerdicts(id: string, html: CheckOutcome, rendered: CheckOutcome): RenderedOutcome {
  const probes = [...(html.probes ?? []), ...realProbes(rendered.probes).filter((p) => !(html.probes ?? []).includes(p))];
  // Both verdicts nested (their codes, data and sub-findings), each rendered by the check's own template.
  const data = { ...nestedVerdictData('rendered', rendered), ...nestedVerdictData('html', html) };
  if (better(rendered.status, html.status)) {
    const { evidence: _, ...verdict } = rendered;
    return {
      ...verdict,
      code: `${id}/rendered-only`,
      data,
      addAdvisories: [{ code: `${id}/rendered-scripts-add` }],
      probes,
      details: { ...rendered.details, source: 'rendered', html: { status: html.status, code: html.code } },
    };
  }
  if (better(html.status, rendered.status)) {
    const { evidence: _, ...verdict } = html;
    return {
      ...verdict,
      code: `${id}/removed-by-scripts`,
      data,
      addAdvisories: [{ code: `${id}/rendered-scripts-remove` }],
      probes,
      details: { ...html.details, source: 'html', rendered: { status: rendered.status, code: rendered.code } },
    };
  }
  return { ...html, probes, details: { ...html.details, source: 'html', rendered: { status: rendered.status, code: rendered.code } } };
}

/** The hook that re-runs `check` on the rendered DOM. */
export function domRenderedHook<A extends object>(check: CheckModule<A, any>): RenderedHook<A, DomRendered<A>> {
  return {
    ...domRenderedCodes(check.meta.id),
    // The browser's own message, when it says why the page could not be rendered.
    quoted: renderFailureQuoted(),
    async gather(ctx) {
      const r = await renderedView(ctx);
      if (!r) return null;
      if (!r.view) return { failure: failureOf(r.page) };
      return { artifact: await check.gather(r.view) };
    },
    merge(outcome, rendered, _a, ctx) {
      if ('failure' in rendered) {
        return { ...outcome, addAdvisories: [{ code: `${check.meta.id}/rendered-unreadable`, data: renderFailureData(rendered.failure) }] };
      }
      return mergeDomVerdicts(check.meta.id, outcome, check.evaluate(rendered.artifact, ctx));
    },
  };
}

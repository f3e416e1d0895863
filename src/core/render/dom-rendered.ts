/**
 * C4, M6, D6 in rendered mode: the check's own gather and evaluate run a second time on the
 * rendered DOM (JSON-LD, links and hints that scripts add), and the two verdicts are merged so
 * each finding says whether it came from the HTML as served or from the rendered page.
 */
import type { CheckModule, CheckOutcome } from '../checks/types.js';
import type { CheckStatus } from '../schema.js';
import { realProbes, renderedView } from './rendered-page.js';
import type { RenderedHook } from './with-rendered.js';

export type DomRendered<A> = { artifact: A } | { error: string };

const RANK: Partial<Record<CheckStatus, number>> = { fail: 1, partial: 2, pass: 3 };

/** Better for an agent: pass > partial > fail (info and na rank below). */
function better(a: CheckStatus, b: CheckStatus): boolean {
  return (RANK[a] ?? 0) > (RANK[b] ?? 0);
}

/** The merge of the HTML verdict and the rendered one, each labelled. */
export function mergeDomVerdicts(html: CheckOutcome, rendered: CheckOutcome): CheckOutcome {
  const probes = [...(html.probes ?? []), ...realProbes(rendered.probes).filter((p) => !(html.probes ?? []).includes(p))];
  if (better(rendered.status, html.status)) {
    return {
      ...rendered,
      evidence: `Rendered page (scripts run): ${rendered.evidence} HTML as served: ${html.evidence}`,
      advisories: [
        ...(rendered.advisories ?? []),
        'found only after JavaScript ran: agents and crawlers that read the HTML without running scripts do not see it (put it in the server\'s HTML)',
      ],
      probes,
      details: { ...rendered.details, source: 'rendered', html: { status: html.status, code: html.code } },
    };
  }
  if (better(html.status, rendered.status)) {
    return {
      ...html,
      evidence: `HTML as served: ${html.evidence} Rendered page (scripts run): ${rendered.evidence}`,
      advisories: [...(html.advisories ?? []), 'the rendered page no longer has what the HTML carries: a script removes or replaces it'],
      probes,
      details: { ...html.details, source: 'html', rendered: { status: rendered.status, code: rendered.code } },
    };
  }
  return {
    ...html,
    evidence: `HTML as served and rendered page agree. HTML: ${html.evidence}${rendered.evidence !== html.evidence ? ` Rendered: ${rendered.evidence}` : ''}`,
    probes,
    details: { ...html.details, source: 'html', rendered: { status: rendered.status, code: rendered.code } },
  };
}

/** The hook that re-runs `check` on the rendered DOM. */
export function domRenderedHook<A extends object>(check: CheckModule<A, any>): RenderedHook<A, DomRendered<A>> {
  return {
    async gather(ctx) {
      const r = await renderedView(ctx);
      if (!r) return null;
      if (!r.view) return { error: r.page.error ?? 'the page could not be rendered' };
      return { artifact: await check.gather(r.view) };
    },
    merge(outcome, rendered, _a, ctx) {
      if ('error' in rendered) {
        return { ...outcome, advisories: [...(outcome.advisories ?? []), `the rendered page could not be read (${rendered.error}): HTML verdict only`] };
      }
      return mergeDomVerdicts(outcome, check.evaluate(rendered.artifact, ctx));
    },
  };
}

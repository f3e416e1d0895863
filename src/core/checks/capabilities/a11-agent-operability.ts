/**
 * A11 Agent-operable controls (rendered mode only): axe-core runs on the rendered page with the
 * rules that decide whether an agent can find and operate its controls (names of buttons, links
 * and form fields, valid ARIA). Agents act through the accessibility tree; a button with no name
 * is a button they cannot choose. Without --render there is no rendered page: `na`.
 */
import { defineCheck } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { isOk } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { specStep, verifyStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import type { RenderedPage } from '../../gather/rendered-artifact.js';
import { renderedPage } from '../../gather/rendered-page.js';
import { failureOf, renderFailureData, renderFailureQuoted, type RenderFailure } from '../../gather/render-failure.js';

const SPEC = [
  'https://www.w3.org/TR/wai-aria-1.2/',
  'https://www.w3.org/TR/accname-1.2/',
  'https://github.com/dequelabs/axe-core/blob/develop/doc/rule-descriptions.md',
];
/** Violating elements up to which the page is partial rather than failing. */
export const A11_PARTIAL_MAX = 5;

export interface OperabilityArtifact {
  page: FetchResult;
  isHtml: boolean;
  /** The rendered page; null when the scan does not render. */
  rendered: RenderedPage | null;
}

/** What was run where, shared by the measured outcomes. */
const SCOPE = 'axe-core {rules} agent-operability rules on the rendered page ({browser})';

export const a11AgentOperability = defineCheck<OperabilityArtifact>()({
  meta: {
    id: 'A11',
    name: 'Agent-operable controls',
    dimension: 'capabilities',
    tier: 'recommended',
    weight: 4,
    specUrls: SPEC,
    standards: ['aria'],
    summary:
      'Rendered mode (--render): axe-core on the rendered page with the rules agents depend on: accessible names of ' +
      'buttons, links and form fields, and valid ARIA roles and attributes. Not applicable without --render.',
    why:
      'Browser agents find and operate controls through their accessible names and roles; an unnamed button or an ' +
      'invalid role is a control they cannot reliably choose.',
    remediation: 'Give every button, link and form field an accessible name (visible text, <label>, aria-label) and use only valid ARIA roles and attributes.',
    pageLevel: true,
    codes: {
      'A11/not-rendered': 'n/a: the scan did not render the page (run with --render)',
      'A11/not-html': 'n/a: the page is not HTML',
      'A11/unmeasured': 'info: the page could not be rendered or axe-core could not run on it',
      'A11/ok': 'no violation of the agent-operability rules on the rendered page',
      'A11/some-violations': `partial: up to ${A11_PARTIAL_MAX} elements violate the agent-operability rules`,
      'A11/violations': `more than ${A11_PARTIAL_MAX} elements violate the agent-operability rules`,
    },
    messages: {
      'A11/not-rendered': 'Not measured: agent operability is read from the rendered page; scan with --render to measure it.',
      'A11/not-html': '{seen:probe}: not an HTML page.',
      'A11/unmeasured': 'Could not be measured: {findings}.',
      'A11/ok': `${SCOPE}: no violation ({passed} rule(s) with matching elements passed).`,
      'A11/some-violations': `${SCOPE}: {elements} element(s) an agent cannot reliably operate: {findings}.`,
      'A11/violations': `${SCOPE}: {elements} element(s) an agent cannot reliably operate: {findings}.`,
    },
    findings: {
      'A11/render-error': '{failure:renderFailure}',
      'A11/axe-not-run': 'axe-core did not run',
      'A11/rule': '{rule} ×{count} ({help}; e.g. {targets})',
      'A11/rule-untargeted': '{rule} ×{count} ({help})',
    },
    // The browser's or axe-core's own message, axe-core's help text and the page's selectors, as they came.
    quoted: [...renderFailureQuoted(), 'help', 'targets'],
  },
  async gather(ctx) {
    const page = ctx.page();
    const rendered = await renderedPage(ctx);
    return { page, isHtml: rendered !== null || (isOk(page) && /html/.test(page.contentType ?? '')), rendered };
  },
  evaluate({ page, isHtml, rendered }, { origin }) {
    if (!rendered) {
      return isHtml || !isOk(page)
        ? { status: 'na', code: 'A11/not-rendered', data: {} }
        : { status: 'na', code: 'A11/not-html', data: probeData(page, origin), probes: [page] };
    }
    if (rendered.error || rendered.failure || !rendered.operability) {
      // Why: the render's failure, or axe-core's own message when the page rendered but axe did not run.
      const failure: RenderFailure | null =
        rendered.error || rendered.failure ? failureOf(rendered) : rendered.operabilityError ? { kind: 'browser', message: rendered.operabilityError } : null;
      return {
        status: 'info',
        code: 'A11/unmeasured',
        data: {},
        findings: [failure ? { code: 'A11/render-error', data: renderFailureData(failure) } : { code: 'A11/axe-not-run' }],
        probes: [page],
      };
    }
    const { violations, rules, passed } = rendered.operability;
    const elements = violations.reduce((n, v) => n + v.count, 0);
    const details = { violations, rules, elements };
    const browser = rendered.browser ? `${rendered.browser.name} ${rendered.browser.version}` : 'unknown';
    const scope = { rules: rules.length, browser };
    if (!violations.length) {
      return { status: 'pass', code: 'A11/ok', data: { ...scope, passed }, matched: 'axe-core (WCAG name/role/value rules)', probes: [page], details };
    }
    const listed = violations.slice(0, 6).map((v) => {
      const rule = { rule: v.rule, count: v.count, help: v.help };
      return v.targets.length
        ? { code: 'A11/rule' as const, data: { ...rule, targets: v.targets.slice(0, 2).join(', ') } }
        : { code: 'A11/rule-untargeted' as const, data: rule };
    });
    const partial = elements <= A11_PARTIAL_MAX;
    return {
      status: partial ? 'partial' : 'fail',
      code: partial ? 'A11/some-violations' : 'A11/violations',
      data: { ...scope, elements },
      findings: listed,
      probes: [page],
      details,
    };
  },
  fixGuide(fx) {
    return [
      {
        title: 'Name every control',
        body: 'A button or link with only an icon needs a text alternative; a form field needs a <label> (or aria-label when no visible label fits).',
        code:
          `<button aria-label="Add to cart"><svg aria-hidden="true">…</svg></button>\n<label for="q">Search</label> ` +
          `<input id="q" name="q">\n<a href="/cart" aria-label="Cart (2 items)"><svg aria-hidden="true">…</svg></a>\n`,
        lang: 'html',
      },
      {
        title: 'Use valid ARIA only',
        body:
          'Remove misspelled roles and attributes (role="buton", aria-labeledby) and values ARIA does not allow; prefer ' +
          'native elements (<button>, <a href>) over role= on <div>.',
      },
      verifyStep(sh`npx ai-ready scan ${fx.origin} --render --only A11`, 'A11 passes: no control without a name, no invalid ARIA on the rendered page.'),
      specStep(SPEC),
    ];
  },
});

/**
 * C3 measured in rendered mode: the same text extraction runs on the HTML as served and on the
 * rendered DOM, and the verdict is the share of the rendered main text that the HTML lacks
 * (words counted with their multiplicity). That measurement replaces the static heuristics (word
 * count, empty app roots): a short page whose HTML already has all its text passes, a page whose
 * text only scripts write fails, whatever its word count.
 */
import type { CheerioAPI } from 'cheerio/slim';
import { renderedView } from '../../gather/rendered-page.js';
import { failureOf, renderFailureData, renderFailureQuoted, type RenderFailure } from '../../gather/render-failure.js';
import type { RenderedHook, RenderedOutcome } from '../types.js';

/** Missing share at or above which C3 fails, and from which it is partial. */
export const C3_RENDERED_FAIL = 0.5;
export const C3_RENDERED_PARTIAL = 0.2;
/** Below this many rendered words the page has too little text to measure a share. */
const MIN_RENDERED_WORDS = 20;
const MAX_WORDS = 200_000;

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'nav', 'footer', 'iframe', 'canvas', 'head', 'object', 'math']);

interface Node {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

/** The words of the page's main text (lower case), with the same exclusions as C3's static reading. */
export function mainTextWords($: CheerioAPI): string[] {
  const words: string[] = [];
  const stack: Node[] = [...(($.root()[0] as unknown as Node).children ?? [])].reverse();
  while (stack.length && words.length < MAX_WORDS) {
    const n = stack.pop()!;
    if (n.type === 'text') {
      for (const w of (n.data ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w) words.push(w);
      continue;
    }
    if (n.type !== 'tag' && n.type !== 'root') continue;
    const a = n.attribs ?? {};
    if (SKIP.has(n.name ?? '') || 'hidden' in a || a['aria-hidden'] === 'true') continue;
    const kids = n.children ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return words;
}

/** Share of `rendered` words (with multiplicity) that `served` lacks. */
export function missingShare(served: string[], rendered: string[]): number {
  if (!rendered.length) return 0;
  const have = new Map<string, number>();
  for (const w of served) have.set(w, (have.get(w) ?? 0) + 1);
  let missing = 0;
  for (const w of rendered) {
    const n = have.get(w) ?? 0;
    if (n > 0) have.set(w, n - 1);
    else missing++;
  }
  return missing / rendered.length;
}

/** What the HTML as served gives: its words, the signs that scripts fill it, and how its text starts (C3's static facts). */
export const C3_FACTS =
  '{words} word(s) of readable text without JavaScript; empty app roots: {appRoots}; ' +
  '<noscript> message asking to enable JavaScript: {noscript}. Starts: "{start}"';
/** The browser's measurement, then the static reading it replaces. */
const MEASURED =
  'Measured in a browser ({browser}): {pct}% of the rendered main text ({renderedWords} words) is missing ' + 'from the HTML as served ({servedWords} words).';
const STATIC = `HTML as served: {seen:probe}; ${C3_FACTS}.`;

export type C3Rendered = { servedWords: number; renderedWords: number; missing: number; browser?: string } | { failure: RenderFailure };

export const c3RenderedHook: RenderedHook<object, C3Rendered> = {
  // The browser's own message, when it says why the page could not be rendered.
  quoted: renderFailureQuoted(),
  remedies: {
    'C3/render-on-server': "Render the main content on the server (SSR or static generation): scripts write most of this page's text.",
    'C3/server-render-added-text': 'Server-render the parts of the main text that scripts add after load.',
  },
  codes: {
    'C3/rendered-match': "measured in a browser: the HTML as served carries the rendered page's main text",
    'C3/rendered-partly': 'partial, measured in a browser: part of the rendered main text is missing from the HTML',
    'C3/rendered-only': 'measured in a browser: most of the rendered main text is missing from the HTML (scripts write it)',
  },
  messages: {
    'C3/rendered-match': `${MEASURED} ${STATIC}`,
    'C3/rendered-partly': `${MEASURED} ${STATIC}`,
    'C3/rendered-only': `${MEASURED} Agents that do not run JavaScript miss most of the page. ${STATIC}`,
  },
  advisories: {
    'C3/rendered-unreadable': 'the rendered page could not be read ({failure:renderFailure}): static estimate only',
    'C3/rendered-too-little-text':
      'Measured in a browser: {pct}% of the rendered main text ({renderedWords} words) is missing from the HTML as served ' +
      '({servedWords} words). Too little rendered text to measure a share: static estimate kept.',
  },
  async gather(ctx) {
    const r = await renderedView(ctx);
    if (!r) return null;
    if (!r.view) return { failure: failureOf(r.page) };
    const [served, rendered] = await Promise.all([ctx.html(), r.view.html()]);
    if (!served || !rendered) return { failure: { kind: 'no-html' } };
    const s = mainTextWords(served);
    const w = mainTextWords(rendered);
    const b = r.page.browser;
    return { servedWords: s.length, renderedWords: w.length, missing: missingShare(s, w), ...(b ? { browser: `${b.name} ${b.version}` } : {}) };
  },
  merge(outcome, r): RenderedOutcome {
    if (outcome.status === 'na' || outcome.status === 'info') return outcome;
    if ('failure' in r) return { ...outcome, addAdvisories: [{ code: 'C3/rendered-unreadable', data: renderFailureData(r.failure) }] };
    const pct = Math.round(r.missing * 100);
    // The static reading's facts (C3_FACTS) stay; the measurement joins them as values.
    const data = { ...outcome.data, browser: r.browser ?? 'unnamed', pct, renderedWords: r.renderedWords, servedWords: r.servedWords };
    const details = { ...outcome.details, rendered: r };
    if (r.renderedWords < MIN_RENDERED_WORDS) {
      return {
        ...outcome,
        addAdvisories: [{ code: 'C3/rendered-too-little-text', data: { pct, renderedWords: r.renderedWords, servedWords: r.servedWords } }],
        details,
      };
    }
    if (r.missing >= C3_RENDERED_FAIL) {
      return {
        ...outcome,
        status: 'fail',
        code: 'C3/rendered-only',
        data,
        remedy: 'C3/render-on-server',
        details,
      };
    }
    if (r.missing >= C3_RENDERED_PARTIAL) {
      return {
        ...outcome,
        status: 'partial',
        code: 'C3/rendered-partly',
        data,
        remedy: 'C3/server-render-added-text',
        details,
      };
    }
    return { ...outcome, status: 'pass', code: 'C3/rendered-match', data, remedy: undefined, details };
  },
};

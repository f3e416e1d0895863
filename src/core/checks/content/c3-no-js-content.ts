import { defineCheck, type FixContext } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { excerpt } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { MAX_DOM_DEPTH, type DomCut } from '../../gather/dom-cut.js';
import { readableText, type ReadableText } from '../../gather/readable-text.js';
import { bulkData, servedSize, SIZE_WARN_CHARS, TRANSFER_FAIL_BYTES, TRANSFER_PASS_BYTES, type BulkData } from '../../gather/page-weight.js';
import { platformHook, specStep, verifyStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { C3_FACTS, c3RenderedHook } from './c3-rendered.js';

const SPEC = ['https://agentdocsspec.com/'];
/** Word thresholds of catalog C3. */
export const C3_PASS_WORDS = 150;
export const C3_MIN_WORDS = 40;

export interface NoJsArtifact {
  page: FetchResult;
  /** Null for non-HTML pages. */
  text: ReadableText | null;
  /** Set when the page nested elements beyond the DOM depth cap (see gather/dom-cut.ts). */
  domCut?: DomCut | null;
  /** Generated bulk (tables, JSON, base64) against the page's text (agent-docs-spec embedded-data-serialization). */
  bulk?: BulkData | null;
}

/** Non-scoring notes (meta.advisories): the agent-docs-spec 0.6.0 page-weight checks, which do not move C3's verdict. */
const ADVISORIES = {
  'C3/large-transfer':
    'The HTML document is {size} bytes as served (decoded; inline scripts, styles and data included): agent-docs-spec page-size-transfer ' +
    `warns from ${TRANSFER_PASS_BYTES.toLocaleString('en-US')} bytes. Truncate-first pipelines and byte-capped fetches pay for these bytes before any text.`,
  'C3/oversized-transfer':
    `The HTML document is {size} bytes as served (decoded): over ${TRANSFER_FAIL_BYTES.toLocaleString('en-US')} bytes agent-docs-spec ` +
    'page-size-transfer fails; past the documented ~10 MB fetch cap the rest of the page is unreachable.',
  'C3/text-ratio': 'The served HTML carries {chars} characters of text: ~{ratio} bytes per character.',
  'C3/bulk-data':
    "Generated bulk data is {share}% of the page's {chars} characters of text ({elements}): agent-docs-spec embedded-data-serialization warns " +
    `(a page in the ${SIZE_WARN_CHARS.toLocaleString('en-US')}-100,000 character band, dominated by bulk). Put the prose first and split or filter the data.`,
  'C3/bulk-data-oversized':
    "Generated bulk data is {share}% of the page's {chars} characters of text ({elements}): agent-docs-spec embedded-data-serialization fails " +
    "(over 100,000 characters, dominated by bulk); what follows the data is past most platforms' truncation point.",
  'C3/dom-cut':
    `Read with a cut: the page nests elements {maxDepth} deep; {flattened} element(s) beyond depth ${MAX_DOM_DEPTH} ` + 'were read flat (DOM depth cap).',
} as const;

/** What the HTML as served gives (shared with the rendered reading). */
const FACTS = C3_FACTS;

export const c3NoJsContent = defineCheck<NoJsArtifact>()({
  meta: {
    id: 'C3',
    name: 'Content readable without JavaScript',
    dimension: 'content',
    tier: 'recommended',
    weight: 6,
    specUrls: SPEC,
    standards: ['agentDocsSpec'],
    summary:
      `The HTML as served (no JavaScript run) carries the page's text: at least ${C3_PASS_WORDS} words outside scripts, ` +
      'styles, navigation and footers, not an empty app shell.',
    why: 'Most agents and fetch tools do not execute JavaScript; a client-rendered shell gives them an empty page.',
    remediation: 'Render the main content on the server (SSR or static generation) so the HTML response contains the text.',
    pageLevel: true,
    remedies: {
      'C3/server-render-scripted-part': 'Server-render the main content: part of the page is only filled in by JavaScript.',
      'C3/text-in-html': "Make sure the page's main text is in the HTML response (not loaded by JavaScript); very short pages can add a summary paragraph.",
    },
    codes: {
      'C3/not-html': 'n/a: the page is not HTML',
      'C3/ok': 'enough readable text without JavaScript',
      'C3/js-shell': 'a client-rendered shell: almost no text without JavaScript, with an empty app root or a "enable JavaScript" message',
      'C3/little-text': 'partial: little text reaches agents that do not run JavaScript',
    },
    messages: {
      'C3/not-html': '{seen:probe}: not an HTML page.',
      'C3/ok': `{seen:probe}; ${FACTS}.`,
      'C3/js-shell': `{seen:probe}; ${FACTS}. A client-rendered shell: agents that do not run JavaScript see no content.`,
      'C3/little-text': `{seen:probe}; ${FACTS}. Little text reaches agents that do not run JavaScript ({expected}+ words expected).`,
    },
    advisories: ADVISORIES,
    /** The page's own text: its first words. */
    quoted: ['start'],
  },
  async gather(ctx) {
    const $ = await ctx.html();
    return { page: ctx.page(), text: $ ? readableText($) : null, domCut: await ctx.domCut(), bulk: $ ? bulkData($) : null };
  },
  // In rendered mode: the share of the rendered main text the HTML lacks (render/c3-rendered.ts).
  rendered: c3RenderedHook,
  evaluate({ page, text, domCut, bulk }, { origin }) {
    const seen = probeData(page, origin);
    if (!text) return { status: 'na', code: 'C3/not-html', data: seen, probes: [page] };
    const advisories: ReturnType<typeof pageWeightAdvisories> = pageWeightAdvisories(page, bulk ?? null);
    if (domCut) advisories.push({ code: 'C3/dom-cut', data: { maxDepth: domCut.maxDepth, flattened: domCut.flattened } });
    const signs = text.emptyAppRoots.length > 0 || text.jsRequiredMessage;
    const facts = {
      ...seen,
      words: text.words,
      appRoots: text.emptyAppRoots.length ? text.emptyAppRoots.join(', ') : 'none',
      noscript: text.jsRequiredMessage ? 'yes' : 'no',
      start: excerpt(text.sample, 100),
    };
    const details = { words: text.words, emptyAppRoots: text.emptyAppRoots };
    if (text.words >= C3_PASS_WORDS)
      return { status: 'pass', code: 'C3/ok', data: facts, matched: 'server-rendered content', advisories, probes: [page], details };
    if (text.words < C3_MIN_WORDS && signs) {
      return {
        status: 'fail',
        code: 'C3/js-shell',
        data: facts,
        advisories,
        probes: [page],
        details,
      };
    }
    return {
      status: 'partial',
      code: 'C3/little-text',
      data: { ...facts, expected: C3_PASS_WORDS },
      advisories,
      remedy: signs ? 'C3/server-render-scripted-part' : 'C3/text-in-html',
      probes: [page],
      details,
    };
  },
  fixGuide(fx) {
    return [
      ...renderSteps(fx),
      {
        title: 'Or give agents a Markdown version',
        body: 'If the app must stay client-rendered, serve Markdown on Accept: text/markdown (check C1) or at page.md (C2) so agents still get the text.',
      },
      verifyStep(
        sh`curl -s ${fx.origin}/ | sed -e 's/<[^>]*>/ /g' | wc -w`,
        `Expect well over ${C3_PASS_WORDS} words of real text (not only script code) in the raw HTML.`,
      ),
      specStep(SPEC),
    ];
  },
});

function renderSteps(fx: FixContext): FixStep[] {
  const own = platformHook(fx, 'serverRendering')?.(fx);
  // A build change (server rendering, prerendering): the text is already the site's own, in its
  // pages; the steps say what the build must do and ask the owner for nothing.
  return (
    own ?? [
      {
        title: 'Server-render or prerender the content',
        body:
          'For a single-page app (React, Vue, Angular), move to SSR or static generation (Next.js, Nuxt, Astro, Angular SSR, ' +
          'vite-plugin-ssr), or prerender public routes at build time.',
      },
      {
        title: 'Put the essentials in the HTML',
        body: 'At minimum, include the page title, a summary paragraph and the main text in the HTML response; keep the app shell for interactivity.',
      },
    ]
  );
}

/** The agent-docs-spec page-size-transfer and embedded-data-serialization readings, as advisories. */
function pageWeightAdvisories(page: FetchResult, bulk: BulkData | null) {
  const out: Array<
    | { code: 'C3/large-transfer' | 'C3/oversized-transfer'; data: { size: string } }
    | { code: 'C3/text-ratio'; data: { chars: string; ratio: number } }
    | { code: 'C3/bulk-data' | 'C3/bulk-data-oversized'; data: { share: number; chars: string; elements: string } }
    | { code: 'C3/dom-cut'; data: { maxDepth: number; flattened: number } }
  > = [];
  const served = servedSize(page);
  if (served.band !== 'pass') {
    // A body cut at the read cap is at least that large.
    const size = `${served.bytes.toLocaleString('en-US')}${served.atLeast ? '+' : ''}`;
    out.push({ code: served.band === 'fail' ? 'C3/oversized-transfer' : 'C3/large-transfer', data: { size } });
    if (bulk && bulk.textChars > 0)
      out.push({ code: 'C3/text-ratio', data: { chars: bulk.textChars.toLocaleString('en-US'), ratio: Math.round(served.bytes / bulk.textChars) } });
  }
  if (bulk && bulk.band !== 'pass') {
    const top = [...bulk.elements].sort((a, b) => b.chars - a.chars).slice(0, 3);
    const elements = top
      .map((e) => {
        const chars = `${e.chars.toLocaleString('en-US')} characters`;
        return e.kind === 'table' ? `table (${e.rows} rows, ${chars})` : `${e.kind === 'json' ? 'JSON blob' : 'base64 run'} (${chars})`;
      })
      .join(', ');
    out.push({
      code: bulk.band === 'fail' ? 'C3/bulk-data-oversized' : 'C3/bulk-data',
      data: { share: Math.round((bulk.bulkChars / bulk.textChars) * 100), chars: bulk.textChars.toLocaleString('en-US'), elements },
    });
  }
  return out;
}

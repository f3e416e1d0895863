import { formatCount } from '../../count-format.js';
import { defineCheck, type SubFinding } from '../types.js';
import { LLMS_FULL_TXT_REQUEST, LLMS_TXT_REQUEST, gatherLlms, LLMS_MAX_BYTES, type LlmsArtifact, type LlmsLink } from '../../gather/llms-txt.js';
import { llmsCoverage } from '../../gather/llms-coverage.js';
import { specStep, verifyStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { nonTextKind } from '../../gather/classify.js';
import { llmsCandidatesData, llmsFullSample, llmsPlatformSteps, pageTitle } from './d4-llms-txt.js';
import { givenPageUrls, givenValue } from '../../fixes/owner-value-parse.js';
import type { FixContext } from '../types.js';
import type { FixStep } from '../../schema.js';
import { serveFileSteps } from '../../fixes/platform-steps.js';
import { factsSource, llmsFullFromSite, missingFacts, withSource } from '../../fixes/site-content.js';

const SPEC = ['https://llmstxt.org/', 'https://agentdocsspec.com/'];
/** Below this it is not the full text of anything (judged by size only when llms.txt lists no page). */
export const LLMS_FULL_MIN_BYTES = 1024;
/**
 * Share of the pages llms.txt lists that llms-full.txt must hold: agent-docs-spec's llms-txt-coverage
 * defaults (SPEC.md at fb2d03df, v0.5.0: >=95% pass, 80-95% warn, <80% fail), applied to the pages
 * llms.txt lists. Warn is a pass with an advisory: the match is by title or URL, so a miss may be a
 * page held under another name.
 */
export const LLMS_FULL_PASS_SHARE = 0.95;
export const LLMS_FULL_WARN_SHARE = 0.8;
/** Above this, advise splitting (agents load it whole). */
export const LLMS_FULL_SPLIT_BYTES = 1024 * 1024;

/** llms-full.txt, plus the pages llms.txt lists (its coverage is judged against them). */
export type LlmsFullArtifact = LlmsArtifact & { listed?: LlmsLink[]; indexPath?: string; indexUrl?: string };

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'D5/large': '{sizeText}: agents load it whole; consider per-section files linked from llms.txt.',
  'D5/content-type': 'Served as {type}; text/plain or text/markdown is expected.',
  'D5/no-content-type': 'Served with no content type; text/plain or text/markdown is expected.',
  'D5/no-h1': 'No H1 heading: start with "# Site name" like llms.txt.',
  'D5/pages-not-found':
    '{notFound} of the {listed} pages {index} lists were not found in it by title or URL ({missing}): add them, or ' +
    'write each page under a heading with its title.',
} as const;
type D5Advisory = keyof typeof ADVISORIES;

export const d5LlmsFullTxt = defineCheck<LlmsFullArtifact>()({
  meta: {
    id: 'D5',
    name: 'llms-full.txt',
    dimension: 'discoverability',
    requests: [LLMS_FULL_TXT_REQUEST, LLMS_TXT_REQUEST],
    tier: 'bonus',
    weight: 2,
    specUrls: SPEC,
    standards: ['llmstxt', 'agentDocsSpec'],
    summary:
      'The most specific llms-full.txt covering the page answers 200 with the full Markdown text of the pages llms.txt ' +
      'lists: at least 80% of them held (by title in a heading, or by URL), whatever its size; without an llms.txt to ' +
      'compare with, more than 1 KB.',
    why: 'One request gives an agent the whole documentation in Markdown, ready for a context window or an index.',
    remediation: 'Publish /llms-full.txt with the full Markdown text of your key pages (most docs generators can emit it).',
    offers: { resource: 'llmsFullTxt', absentCodes: ['D5/empty', 'D5/not-text'] },
    remedies: {
      'D5/fill-file': 'Fill {path} with the Markdown text of your pages.',
      'D5/serve-as-text': 'Serve {path} as text/plain or text/markdown.',
      'D5/serve-markdown-not-api': 'Serve {path} as the Markdown text of your pages (text/plain or text/markdown), not an API answer.',
      'D5/cover-index':
        '{path} should hold the full Markdown text of every page {index} lists, each under a heading with its title (and a "Source: <url>" line); regenerate it from the same list.',
      'D5/not-a-stub': '{path} should hold the full Markdown text of your key pages, not a stub.',
    },
    codes: {
      'D5/missing': 'no llms-full.txt',
      'D5/empty': 'partial: llms-full.txt is empty',
      'D5/html-typed': 'partial: Markdown served as text/html',
      'D5/not-text': 'partial: an API answer (JSON, XML), not Markdown text',
      'D5/low-coverage': 'partial: holds under 80% of the pages llms.txt lists (by title in a heading or by URL), whatever its size',
      'D5/too-small': 'partial: under 1 KB, and no llms.txt listing pages to judge its coverage by',
      'D5/ok': 'a full-text llms-full.txt holding at least 80% of the pages llms.txt lists',
      'D5/ok-by-size': 'a full-text llms-full.txt: over 1 KB, with no llms.txt listing pages to judge its coverage by',
    },
    messages: {
      'D5/missing': '{tried:probes}. No llms-full.txt.',
      'D5/empty': '{tried:probes}. {path} is empty.',
      'D5/html-typed': '{tried:probes}. {path}: Markdown served as text/html, {sizeText}.',
      'D5/not-text': '{tried:probes}. {path}: {kind}, {sizeText}, not a Markdown text.',
      'D5/low-coverage': '{tried:probes}. {path}: {sizeText}, holds {held} of the {listed} pages {index} lists (missing: {missing}).',
      'D5/too-small': '{tried:probes}. {path}: only {size} B, too small to be the full text, and no llms.txt lists pages to compare it with.',
      'D5/ok': '{tried:probes}. {path}: {sizeText}, holding {held} of the {listed} pages {index} lists.',
      'D5/ok-by-size': '{tried:probes}. {path}: {sizeText}.',
    },
    advisories: ADVISORIES,
    /** The titles (or URLs) of the listed pages not found, as llms.txt names them. */
    quoted: ['missing'],
  },
  gather: async (ctx) => {
    // llms.txt is fetched (memoised) for D4 anyway: reading its links costs no request.
    const [full, index] = await Promise.all([gatherLlms(ctx, 'llms-full.txt'), gatherLlms(ctx, 'llms.txt')]);
    const readable = index.chosen.state === 'document' && !!index.chosen.doc;
    return {
      ...full,
      listed: readable ? index.chosen.doc!.links : [],
      ...(readable ? { indexPath: index.chosen.path, indexUrl: index.chosen.probe.url } : {}),
    };
  },
  evaluate(a, { origin }) {
    const seen = llmsCandidatesData(a, origin);
    const c = a.chosen;
    const probes = a.candidates.map((x) => x.probe);
    if (c.state === 'absent' || c.state === 'soft-404') return { status: 'fail', code: 'D5/missing', data: seen, probes };
    const size = c.probe.body.length;
    const sizeText = c.probe.truncated ? `over ${LLMS_MAX_BYTES / 1024 / 1024} MiB (read cap)` : `${formatCount(size)} B`;
    if (c.state === 'empty')
      return {
        status: 'partial',
        code: 'D5/empty',
        data: { ...seen, path: c.path },
        remedy: 'D5/fill-file',
        probes,
      };
    if (c.state === 'html-typed') {
      return {
        status: 'partial',
        code: 'D5/html-typed',
        data: { ...seen, path: c.path, sizeText },
        remedy: 'D5/serve-as-text',
        probes,
      };
    }
    const kind = nonTextKind(c.probe);
    if (kind) {
      return {
        status: 'partial',
        code: 'D5/not-text',
        data: { ...seen, path: c.path, kind, sizeText },
        remedy: 'D5/serve-markdown-not-api',
        probes,
      };
    }
    // Judged by what it holds of the pages llms.txt lists; size decides only when there is no list.
    const coverage = a.listed?.length ? llmsCoverage(a.listed, c.probe.text, a.indexUrl ?? c.probe.url) : null;
    const index = a.indexPath ?? 'llms.txt';
    const missingText = (m: string[]) => m.map((x) => `"${x.slice(0, 60)}"`).join(', ');
    if (coverage?.listed && coverage.held / coverage.listed < LLMS_FULL_WARN_SHARE) {
      return {
        status: 'partial',
        code: 'D5/low-coverage',
        data: { ...seen, path: c.path, sizeText, held: coverage.held, listed: coverage.listed, index, missing: missingText(coverage.missing) },
        remedy: 'D5/cover-index',
        probes,
        details: { coverage },
      };
    }
    if (!coverage?.listed && size < LLMS_FULL_MIN_BYTES) {
      return {
        status: 'partial',
        code: 'D5/too-small',
        data: { ...seen, path: c.path, size },
        remedy: 'D5/not-a-stub',
        probes,
      };
    }
    const advisories: Array<SubFinding<D5Advisory>> = [];
    if (c.probe.truncated || size > LLMS_FULL_SPLIT_BYTES) advisories.push({ code: 'D5/large', data: { sizeText } });
    if (c.probe.contentType !== 'text/plain' && c.probe.contentType !== 'text/markdown')
      advisories.push(c.probe.contentType ? { code: 'D5/content-type', data: { type: c.probe.contentType } } : { code: 'D5/no-content-type' });
    if (c.doc && !c.doc.h1) advisories.push({ code: 'D5/no-h1' });
    if (coverage?.listed && coverage.held / coverage.listed < LLMS_FULL_PASS_SHARE)
      advisories.push({
        code: 'D5/pages-not-found',
        data: { notFound: coverage.listed - coverage.held, listed: coverage.listed, index, missing: missingText(coverage.missing) },
      });
    return {
      status: 'pass',
      ...(coverage?.listed
        ? { code: 'D5/ok' as const, data: { ...seen, path: c.path, sizeText, held: coverage.held, listed: coverage.listed, index } }
        : { code: 'D5/ok-by-size' as const, data: { ...seen, path: c.path, sizeText } }),
      matched: 'llms-full.txt convention',
      advisories,
      probes,
      ...(coverage ? { details: { coverage } } : {}),
    };
  },
  fixGuide(fx) {
    return [
      // The sample holds placeholder text: the owner's own pages' text replaces it.
      ...ownLlmsFullSteps(fx),
      {
        title: 'Generate it from the pages llms.txt lists',
        body:
          'Concatenate the Markdown of every page your llms.txt lists, each under a heading with its title and a "Source: ' +
          '<url>" line, so agents (and this check) can find each page in it. Regenerate it on every deploy so it never goes ' +
          'stale.',
      },
      verifyStep(sh`curl -si ${fx.origin}/llms-full.txt | head -n 15`, 'Expect HTTP 200, text/plain or text/markdown, and Markdown text (not an HTML page).'),
      specStep(SPEC),
    ];
  },
});

/**
 * llms-full.txt from the owner's own text (pageContent: the Markdown of the pages, as the owner's
 * generator or docs export gives it), under the site's name, with a "Source:" line per page the
 * owner lists. Without the text there is nothing true to write: a file of headings alone would
 * pass the coverage rule with no content, so the step keeps its needs.
 */
export function llmsOwnFull(siteName: string | undefined, pageContent: string, pageUrls: string[] | undefined): string | null {
  const hasH1 = /^# \S/.test(pageContent);
  if (!hasH1 && !siteName) return null;
  const head = hasH1 ? '' : `# ${siteName}\n\n> The full text of the pages of ${siteName} listed in /llms.txt.\n\n`;
  const sources = pageUrls?.length ? `\n\n## Sources\n\n${pageUrls.map((u) => `- ${pageTitle(u)}: Source: ${u}`).join('\n')}\n` : '\n';
  return `${head}${pageContent.replace(/\n+$/, '')}${sources}`;
}

/** Under `ai-ready fix`, the Markdown of the pages read; else the owner's text; else the sample, marked as one. */
function ownLlmsFullSteps(fx: FixContext): FixStep[] {
  if (fx.site) {
    const built = llmsFullFromSite(fx.site);
    if (built)
      return serveFileSteps(fx, { path: '/llms-full.txt', contentType: 'text/plain; charset=utf-8', ...built, lang: 'markdown', source: factsSource(fx.site) });
    if (!givenValue(fx, 'pageContent')) {
      const needs = missingFacts(fx.site, true);
      return llmsPlatformSteps(fx, 'llms-full.txt', llmsFullSample(fx.origin), { source: 'example', needs: needs.length ? needs : ['pageContent'] });
    }
  }
  const pageContent = givenValue(fx, 'pageContent');
  const siteName = givenValue(fx, 'siteName');
  const content = pageContent ? llmsOwnFull(siteName, pageContent, givenPageUrls(fx)) : null;
  if (content) return llmsPlatformSteps(fx, 'llms-full.txt', content, { source: 'owner' });
  return llmsPlatformSteps(fx, 'llms-full.txt', llmsFullSample(fx.origin), { source: 'example', needs: pageContent ? ['siteName'] : ['pageContent'] });
}

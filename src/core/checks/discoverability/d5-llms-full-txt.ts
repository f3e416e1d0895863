import { formatCount } from '../../count-format.js';
import { defineCheck } from '../types.js';
import { gatherLlms, LLMS_MAX_BYTES, type LlmsArtifact, type LlmsLink } from '../../gather/llms-txt.js';
import { llmsCoverage } from '../../gather/llms-coverage.js';
import { specStep, verifyStep } from '../../fixes/platform-steps.js';
import { nonTextDocument } from '../../gather/classify.js';
import { describeLlmsCandidates, llmsPlatformSteps } from './d4-llms-txt.js';

const SPEC = ['https://llmstxt.org/', 'https://agentdocsspec.com/'];
/** Below this it is not the full text of anything. */
export const LLMS_FULL_MIN_BYTES = 1024;
/** Above this, advise splitting (agents load it whole). */
export const LLMS_FULL_SPLIT_BYTES = 1024 * 1024;

/** llms-full.txt, plus the pages llms.txt lists (its coverage is judged against them). */
export type LlmsFullArtifact = LlmsArtifact & { listed?: LlmsLink[] };

export const d5LlmsFullTxt = defineCheck<LlmsFullArtifact>()({
  meta: {
    id: 'D5',
    name: 'llms-full.txt',
    dimension: 'discoverability',
    tier: 'bonus',
    weight: 2,
    specUrls: SPEC,
    standards: ['llmstxt', 'agentDocsSpec'],
    summary: '/llms-full.txt (or the page directory\'s) answers 200 with the site\'s full text as Markdown, not HTML: more than 1 KB, or, when smaller, holding every page llms.txt lists (by title or URL).',
    why: 'One request gives an agent the whole documentation in Markdown, ready for a context window or an index.',
    remediation: 'Publish /llms-full.txt with the full Markdown text of your key pages (most docs generators can emit it).',
    offers: { resource: 'llmsFullTxt', absentCodes: ['D5/empty', 'D5/not-text'] },
    codes: {
      'D5/missing': 'no llms-full.txt',
      'D5/empty': 'partial: llms-full.txt is empty',
      'D5/html-typed': 'partial: Markdown served as text/html',
      'D5/not-text': 'partial: an API answer (JSON, XML), not Markdown text',
      'D5/too-small': 'partial: under 1 KB and not holding every page llms.txt lists',
      'D5/ok': 'a full-text llms-full.txt (over 1 KB, or holding every page llms.txt lists)',
    },
    messages: {
      'D5/missing': '{seen}. No llms-full.txt.',
      'D5/empty': '{seen}. {path} is empty.',
      'D5/html-typed': '{seen}. {path}: Markdown served as text/html, {sizeText}.',
      'D5/not-text': '{seen}. {path}: {notText}, {sizeText}, not a Markdown text.',
      'D5/too-small': '{seen}. {path}: only {size} B, too small to be the full text.{held}',
      'D5/ok': '{seen}. {path}: {sizeText}{completeText}.',
    },
  },
  gather: async (ctx) => {
    // llms.txt is fetched (memoised) for D4 anyway: reading its links costs no request.
    const [full, index] = await Promise.all([gatherLlms(ctx, 'llms-full.txt'), gatherLlms(ctx, 'llms.txt')]);
    return { ...full, listed: index.chosen.state === 'document' ? (index.chosen.doc?.links ?? []) : [] };
  },
  evaluate(a, { origin }) {
    const seen = describeLlmsCandidates(a, origin);
    const c = a.chosen;
    const probes = a.candidates.map((x) => x.probe);
    if (c.state === 'absent' || c.state === 'soft-404') return { status: 'fail', code: 'D5/missing', data: { seen }, probes };
    const size = c.probe.body.length;
    const sizeText = c.probe.truncated ? `over ${LLMS_MAX_BYTES / 1024 / 1024} MiB (read cap)` : `${formatCount(size)} B`;
    if (c.state === 'empty') return { status: 'partial', code: 'D5/empty', data: { seen, path: c.path }, remediation: `Fill ${c.path} with the Markdown text of your pages.`, probes };
    if (c.state === 'html-typed') {
      return {
        status: 'partial',
        code: 'D5/html-typed',
        data: { seen, path: c.path, sizeText },
        remediation: `Serve ${c.path} as text/plain or text/markdown.`,
        probes,
      };
    }
    const notText = nonTextDocument(c.probe);
    if (notText) {
      return {
        status: 'partial',
        code: 'D5/not-text',
        data: { seen, path: c.path, notText, sizeText },
        remediation: `Serve ${c.path} as the Markdown text of your pages (text/plain or text/markdown), not an API answer.`,
        probes,
      };
    }
    // Size alone misjudges small sites: a short file that holds every listed page is complete.
    const coverage = size < LLMS_FULL_MIN_BYTES && a.listed?.length ? llmsCoverage(a.listed, c.probe.text, c.probe.url) : null;
    const complete = !!coverage && coverage.listed > 0 && coverage.held === coverage.listed;
    if (size < LLMS_FULL_MIN_BYTES && !complete) {
      const held = coverage ? ` It holds ${coverage.held} of the ${coverage.listed} pages llms.txt lists (missing: ${coverage.missing.map((m) => `"${m.slice(0, 60)}"`).join(', ')}).` : '';
      return {
        status: 'partial',
        code: 'D5/too-small',
        data: { seen, path: c.path, size, held },
        remediation: `${c.path} should hold the full Markdown text of your key pages, not a stub.`,
        probes,
      };
    }
    const advisories: string[] = [];
    if (c.probe.truncated || size > LLMS_FULL_SPLIT_BYTES) advisories.push(`${sizeText}: agents load it whole; consider per-section files linked from llms.txt.`);
    if (c.probe.contentType !== 'text/plain' && c.probe.contentType !== 'text/markdown') advisories.push(`Served as ${c.probe.contentType ?? 'no content type'}; text/plain or text/markdown is expected.`);
    if (c.doc && !c.doc.h1) advisories.push('No H1 heading: start with "# Site name" like llms.txt.');
    const completeText = complete ? `, small but holding all ${coverage!.listed} pages llms.txt lists` : '';
    return { status: 'pass', code: 'D5/ok', data: { seen, path: c.path, sizeText, completeText }, matched: 'llms-full.txt convention', advisories, probes };
  },
  fixGuide(fx) {
    const content = `# Example Co\n\n> Full text of the Example Co documentation.\n\n## Shipping policy\n\nSource: ${fx.origin}/shipping\n\nOrders ship from Berlin within 2 working days...\n\n## Returns\n\nSource: ${fx.origin}/returns\n\nYou can return any item within 30 days...\n`;
    return [
      ...llmsPlatformSteps(fx, 'llms-full.txt', content),
      { title: 'Generate it at build time', body: 'Concatenate the Markdown of your key pages, each under an H2 with its source URL. Regenerate it on every deploy so it never goes stale.' },
      verifyStep(`curl -si ${fx.origin}/llms-full.txt | head -n 15`, 'Expect HTTP 200, text/plain or text/markdown, and Markdown text (not an HTML page).'),
      specStep(SPEC),
    ];
  },
});

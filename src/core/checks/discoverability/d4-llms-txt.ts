import { formatCount } from '../../count-format.js';
import { defineCheck, type FixContext, type SubFinding } from '../types.js';
import type { FixStep } from '../../schema.js';
import { excerpt } from '../../gather/classify.js';
import { probeListData } from '../../gather/probe-list.js';
import { isBrokenTarget } from '../../gather/link-check.js';
import { LLMS_TXT_REQUEST, gatherLlms, type LlmsArtifact, type LlmsCandidate } from '../../gather/llms-txt.js';
import { platformHook, serveFileSteps, specStep, verifyStep, type PublishOrigin } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import type { OwnerValue } from '../../fixes/owner-values.js';
import { givenPageUrls, givenValue, stillNeeded } from '../../fixes/owner-value-parse.js';
import { stripControl } from '../../fixes/escape.js';
import { factsSource, generatorStep, llmsTxtFromSite, missingFacts, withSource } from '../../fixes/site-content.js';

const SPEC = ['https://llmstxt.org/', 'https://agentdocsspec.com/'];
/** agent-docs-spec size thresholds (characters). */
export const LLMS_WARN_CHARS = 50_000;
export const LLMS_MAX_CHARS = 100_000;
/** Share of sampled links that may be broken before the file is called defective. */
const BROKEN_SHARE = 0.1;

/** How each candidate answer was read, as the token shown after its probe line. */
const STATE_TAG: Record<LlmsCandidate['state'], string> = {
  document: 'found',
  'html-typed': 'html-typed',
  empty: 'empty',
  'soft-404': 'soft-404',
  absent: 'absent',
};

/** The candidates tried, as probe fields under `tried1`, `tried2`, ... (`{tried:probes}`). */
export function llmsCandidatesData(a: LlmsArtifact, origin: string): Record<string, string | number> {
  // A network error already reads as one in the probe line; a state tag would misstate it.
  return probeListData(
    a.candidates.map((c) => ({ probe: c.probe, ...(c.probe.error ? {} : { tag: STATE_TAG[c.state] }) })),
    origin,
    'tried',
  );
}

/** The notes on the shape of the file read (none changes the verdict). */
function shapeAdvisories(doc: NonNullable<LlmsCandidate['doc']>, hasFileLists: boolean, headed: boolean): Array<SubFinding<D4Advisory>> {
  const advisories: Array<SubFinding<D4Advisory>> = [];
  if (doc.h1 && !doc.h1First) advisories.push({ code: 'D4/h1-not-first' });
  if (!doc.blockquote) advisories.push({ code: 'D4/no-blockquote' });
  if (doc.chars > LLMS_WARN_CHARS && doc.chars <= LLMS_MAX_CHARS) advisories.push({ code: 'D4/long' });
  if (doc.links.length && !doc.links.some((l) => /\.md(?:$|[?#])/i.test(l.url))) advisories.push({ code: 'D4/no-md-links' });
  if (!hasFileLists && doc.otherLevelLinks) advisories.push({ code: 'D4/other-level-sections', data: { count: doc.otherLevelLinks } });
  if (hasFileLists && doc.bareUrls) advisories.push({ code: 'D4/some-bare-urls', data: { count: doc.bareUrls } });
  if (!headed && doc.links.length) advisories.push({ code: 'D4/no-h2-section' });
  if (doc.parserOnlyLines) advisories.push({ code: 'D4/other-bullets', data: { count: doc.parserOnlyLines } });
  if (doc.dashNotes) advisories.push({ code: 'D4/dash-notes', data: { count: doc.dashNotes } });
  if (doc.h1 && /^(?:https?:\/\/|www\.)\S+$/i.test(doc.h1.trim())) advisories.push({ code: 'D4/h1-is-url' });
  return advisories;
}

/** The partial outcomes: what was found, then every problem (its first names the code). */
/** What the file holds, then the links checked. */
const FACTS =
  'H1 {h1}, blockquote summary: {blockquote}, {sections} H2 section(s), {links} link(s), {chars} characters, ' +
  '{broken} of {checked} same-origin link(s) checked are broken';
const PARTIAL = `{tried:probes}. {where}: ${FACTS}; {findings}.`;

/** The shape of the llms.txt read, and the broken links of a partial outcome. */
export interface LlmsDetails {
  sections: Array<{ title: string; links: number }>;
  links: number;
  chars: number;
  broken?: string[];
  /** List links under headings of another level than H2 (agent-docs-spec reads them as sections; llmstxt.org does not). */
  otherLevelLinks?: number;
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'D4/h1-not-first': 'The H1 should be the first line of the file.',
  'D4/no-blockquote': 'Add a "> one-paragraph summary" blockquote after the H1.',
  'D4/long': `Over ${formatCount(LLMS_WARN_CHARS)} characters: keep llms.txt a short index and put full text in llms-full.txt.`,
  'D4/no-md-links': 'No link points to a .md version of a page; Markdown targets are cheaper for agents to read.',
  'D4/other-level-sections':
    '{count} list link(s) sit under headings of another level than H2: agent-docs-spec (v0.4.0, llms-txt-valid) accepts ' +
    'sections at any heading level, llmstxt.org and its reference parser read file lists under H2 only, so D4 follows ' +
    'llmstxt.org here.',
  'D4/some-bare-urls': '{count} bare URL(s) or path(s) in H2 sections are not read as links: write them as "- [name](url)".',
  'D4/no-h2-section':
    'No H2 section: llmstxt.org v2 allows a file with only its H1 and links under it, which agents reading the text ' +
    'follow, but its reference parser finds no file list; put the links under an "## Docs" heading as "- [name](url): ' +
    'notes".',
  'D4/other-bullets':
    '{count} file-list item(s) use "*", "+" or numbered bullets: the text allows any Markdown list, the llmstxt.org ' +
    'reference parser reads only "- [name](url)" and stops on these.',
  'D4/dash-notes':
    '{count} link(s) separate their notes with a dash ("— notes"): llmstxt.org uses "[name](url): notes", and the reference ' +
    'parser keeps notes only after ":" (the links themselves are read).',
  'D4/h1-is-url': 'The H1 is a URL: llmstxt.org asks for the name of the project or site.',
  'D4/content-type': 'Served as {type}; text/plain or text/markdown is expected.',
  'D4/no-content-type': 'Served with no content type; text/plain or text/markdown is expected.',
  'D4/some-broken-links': 'Broken link(s): {urls}.',
  'D4/links-unchecked': '{count} more same-origin link(s) were not checked (bound of {checked}).',
} as const;
type D4Advisory = keyof typeof ADVISORIES;

export const d4LlmsTxt = defineCheck<LlmsArtifact>()({
  meta: {
    id: 'D4',
    name: 'llms.txt',
    dimension: 'discoverability',
    requests: [LLMS_TXT_REQUEST],
    tier: 'recommended',
    weight: 8,
    specUrls: SPEC,
    standards: ['llmstxt', 'agentDocsSpec'],
    summary:
      'The most specific llms.txt covering the page (llmstxt.org v2: /llms.txt or one at any path, covering the pages ' +
      'under it) is a Markdown index: an H1 with the site name (the only required section), a blockquote summary, links ' +
      'agents can follow, and H2 sections that hold only "- [name](url): notes" file lists, under 100,000 characters.',
    why: 'Agents read llms.txt to find the pages worth loading into a context window, in clean Markdown, instead of crawling navigation.',
    remediation:
      'Publish /llms.txt: an H1 with your site name, a one-paragraph blockquote, and H2 sections of [name](url): notes ' +
      'links to your key pages (ideally their .md versions).',
    offers: { resource: 'llmsTxt', link: { rel: 'describedby', type: () => 'text/plain', defaultHref: '/llms.txt', label: 'llms.txt' } },
    remedies: {
      'D4/write-index': '{path} is empty: write the index (H1, blockquote, H2 sections of links).',
      'D4/fix-problems': 'Fix {where}: {findings}.',
    },
    codes: {
      'D4/missing': 'no llms.txt at /llms.txt or the fallback paths',
      'D4/empty': 'llms.txt exists but is empty',
      'D4/html-page': 'an HTML page answers at /llms.txt (200) where Markdown was expected: no llms.txt',
      'D4/cross-host': 'partial: llms.txt is only reached through a redirect to another host, which some agents do not follow (agent-docs-spec: warn)',
      'D4/html-typed': 'partial: served as text/html (first of the problems found)',
      'D4/no-h1': 'partial: no H1 title, the one required element',
      'D4/no-links': 'partial: no Markdown links',
      'D4/bare-urls': 'partial: the H2 sections list bare URLs, not [name](url) links, so the llmstxt.org reference parser finds no file list',
      'D4/no-file-list':
        'partial: H2 sections (or headings of another level), but none holds a "- [name](url)" list, so the llmstxt.org reference parser finds no file list',
      'D4/off-format-lines':
        'partial: lines inside the H2 sections that are not "- [name](url): notes" items (prose, key: value bullets), on ' +
        'which the llmstxt.org reference parser stops and reads nothing',
      'D4/too-long': 'partial: over the size agents read whole',
      'D4/broken-links': 'partial: too many of the same-origin links checked are broken',
      'D4/ok': 'a well-formed llms.txt index',
    },
    messages: {
      'D4/missing': '{tried:probes}. No llms.txt.',
      'D4/empty': '{tried:probes}. No llms.txt.',
      'D4/html-page': '{tried:probes}. No llms.txt.',
      'D4/cross-host': PARTIAL,
      'D4/html-typed': PARTIAL,
      'D4/no-h1': PARTIAL,
      'D4/no-links': PARTIAL,
      'D4/bare-urls': PARTIAL,
      'D4/no-file-list': PARTIAL,
      'D4/off-format-lines': PARTIAL,
      'D4/too-long': PARTIAL,
      'D4/broken-links': PARTIAL,
      'D4/ok': `{tried:probes}. {where}: ${FACTS}.`,
    },
    findings: {
      'D4/cross-host': 'reached only through a redirect to {host}, which some agents do not follow: serve it from this host (or redirect within it)',
      'D4/html-typed': 'served as text/html (agents may treat it as a web page): serve it as text/plain or text/markdown',
      'D4/no-h1': 'no H1 title (the only required element)',
      'D4/no-links': 'no Markdown links',
      'D4/bare-urls':
        '{count} bare URL(s) listed in H2 sections: llmstxt.org file lists are "- [name](url): notes" items, and the reference ' +
        'parser reads no link from a bare URL',
      'D4/no-file-list':
        '{links} link(s) but no H2 section with a "- [name](url)" list: llmstxt.org puts file lists under H2 headings, ' +
        'and the reference parser finds none here',
      'D4/off-format-lines':
        '{count} line(s) inside the H2 sections are not "- [name](url): notes" items (first: "{example}"): llmstxt.org ' +
        'v2 H2 sections hold file lists, and agents that parse with its reference parser (llms_txt) read nothing from this ' +
        'file, which stops at such a line; move prose above the first H2, or into a link\'s notes after ":"',
      'D4/too-long': 'over {max} characters (agents truncate it): move full text to llms-full.txt',
      'D4/broken-links': '{broken} of {checked} checked links are broken ({examples})',
    },
    advisories: ADVISORIES,
    /** The file's own words: its H1 (quoted, or `none`) and the first off-format line. */
    quoted: ['h1', 'example'],
  },
  gather: (ctx) => gatherLlms(ctx, 'llms.txt'),
  evaluate(a, { origin }) {
    const seen = llmsCandidatesData(a, origin);
    const c = a.chosen;
    const probes = a.candidates.map((x) => x.probe);
    if (!c.doc) {
      return {
        status: 'fail',
        code: c.state === 'empty' ? 'D4/empty' : c.state === 'soft-404' ? 'D4/html-page' : 'D4/missing',
        data: seen,
        ...(c.state === 'empty' ? { remedy: 'D4/write-index' as const, remedyData: { path: c.path } } : {}),
        probes,
      };
    }
    const doc = c.doc;
    const where = c.path;
    const checked = a.linkChecks.length;
    const broken = a.linkChecks.filter((l) => isBrokenTarget(l.probe));
    const facts = {
      h1: doc.h1 ? `"${excerpt(doc.h1, 60)}"` : 'none',
      blockquote: doc.blockquote ? 'yes' : 'no',
      sections: doc.sections.length,
      links: doc.links.length,
      // A file cut at the read cap holds more than was read.
      chars: `${formatCount(doc.chars)}${c.probe.truncated ? '+' : ''}`,
      broken: broken.length,
      checked,
    };
    // Every problem is a sub-finding; the first names the outcome code.
    const findings: Array<
      SubFinding<
        | 'D4/cross-host'
        | 'D4/html-typed'
        | 'D4/no-h1'
        | 'D4/no-links'
        | 'D4/bare-urls'
        | 'D4/no-file-list'
        | 'D4/off-format-lines'
        | 'D4/too-long'
        | 'D4/broken-links'
      >
    > = [];
    const landed = new URL(c.probe.url).host;
    if (landed !== new URL(c.probe.requestedUrl).host) findings.push({ code: 'D4/cross-host', data: { host: landed } });
    if (c.state === 'html-typed') findings.push({ code: 'D4/html-typed' });
    if (!doc.h1) findings.push({ code: 'D4/no-h1' });
    // llmstxt.org v2: the H1 is the only required section and H2 sections are "zero or more", but an
    // H2 section holds a "file list" whose items each carry a required [name](url) hyperlink. So
    // links under the H1 with no heading after it are a valid file; headings whose lists hold no
    // link (bare URLs, "- Label: /path", prose) are not, and neither are off-format lines beside the
    // links (the reference parser, llms_txt parse_llms_file, raises on them and reads nothing).
    const fileLists = doc.sections.filter((s) => s.links > 0).length;
    const headed = doc.sections.length > 0 || doc.otherLevelLinks > 0;
    if (!doc.links.length) findings.push(doc.bareUrls ? { code: 'D4/bare-urls', data: { count: doc.bareUrls } } : { code: 'D4/no-links' });
    else if (!fileLists && headed)
      findings.push(doc.bareUrls ? { code: 'D4/bare-urls', data: { count: doc.bareUrls } } : { code: 'D4/no-file-list', data: { links: doc.links.length } });
    else if (fileLists && doc.offFormatLines)
      findings.push({ code: 'D4/off-format-lines', data: { count: doc.offFormatLines, example: doc.offFormatExample ?? '' } });
    if (doc.chars > LLMS_MAX_CHARS || c.probe.truncated) findings.push({ code: 'D4/too-long', data: { max: formatCount(LLMS_MAX_CHARS) } });
    if (checked && broken.length / checked > BROKEN_SHARE)
      findings.push({
        code: 'D4/broken-links',
        data: {
          broken: broken.length,
          checked,
          examples: broken
            .slice(0, 3)
            .map((b) => b.url)
            .join(', '),
        },
      });
    const advisories = shapeAdvisories(doc, fileLists > 0, headed);
    if (c.state === 'document' && c.probe.contentType !== 'text/plain' && c.probe.contentType !== 'text/markdown') {
      advisories.push(c.probe.contentType ? { code: 'D4/content-type', data: { type: c.probe.contentType } } : { code: 'D4/no-content-type' });
    }
    if (broken.length && !findings.some((f) => f.code === 'D4/broken-links'))
      advisories.push({ code: 'D4/some-broken-links', data: { urls: broken.map((b) => b.url).join(', ') } });
    if (a.uncheckedLinks) advisories.push({ code: 'D4/links-unchecked', data: { count: a.uncheckedLinks, checked } });
    const linkProbes = broken.map((b) => b.probe);
    const matched = `llms.txt (llmstxt.org)${where !== '/llms.txt' ? ` at ${where}` : ''}`;
    if (findings.length) {
      return {
        status: 'partial',
        code: findings[0].code,
        data: { ...seen, where, ...facts },
        findings,
        remedy: 'D4/fix-problems',
        matched,
        advisories,
        probes: [...probes, ...linkProbes],
        details: {
          sections: doc.sections,
          links: doc.links.length,
          chars: doc.chars,
          broken: broken.map((b) => b.url),
          ...(doc.otherLevelLinks ? { otherLevelLinks: doc.otherLevelLinks } : {}),
        } as LlmsDetails,
      };
    }
    return {
      status: 'pass',
      code: 'D4/ok',
      data: { ...seen, where, ...facts },
      matched,
      advisories,
      probes,
      details: { sections: doc.sections, links: doc.links.length, chars: doc.chars },
    };
  },
  fixGuide(fx) {
    return [
      // The sample lists placeholder pages: the owner's own page URLs (and name) replace them.
      ...ownLlmsSteps(fx),
      {
        title: 'Keep it a short index',
        body:
          'H1 = site name; a blockquote summary; prose only above the first H2; H2 sections holding nothing but "- [name](url): ' +
          'notes" items pointing to your most useful pages (their .md versions if you have them); by convention an "## Optional" ' +
          'section for secondary links. Stay well under 50,000 characters. A file at /docs/llms.txt covers the pages under ' +
          '/docs/ (the most specific file applies); pages can point to theirs with Link: </llms.txt>; rel="describedby".',
      },
      verifyStep(
        sh`curl -si ${fx.origin}/llms.txt | head -n 20`,
        'Expect HTTP 200, Content-Type text/plain or text/markdown, and a first line starting with "# ".',
      ),
      specStep(SPEC),
    ];
  },
});

/** The pages the guides' sample llms.txt lists; the llms-full.txt sample holds the text of each. */
export const SAMPLE_PAGES = [
  {
    title: 'Shipping policy',
    path: '/shipping',
    notes: 'delivery times and costs',
    text:
      'Orders ship from Berlin within 2 working days. Delivery takes 2-4 working days in Germany and 3-6 elsewhere in ' +
      'the EU; shipping is free above 100 EUR. Every parcel is tracked, and the tracking link arrives by email on the ' +
      'day it leaves the warehouse.',
  },
  {
    title: 'Returns',
    path: '/returns',
    notes: '30-day return process',
    text:
      'You can return any item within 30 days of delivery. Start a return from your account page; we email a prepaid ' +
      'label and refund within 5 days of receiving the item. Items must come back with their charger; a missing charger ' +
      'is deducted at its list price.',
  },
  {
    title: 'Warranty',
    path: '/warranty',
    notes: '12-month warranty on every laptop',
    text:
      'Every refurbished laptop carries a 12-month warranty covering hardware faults. Batteries are covered for 6 months; ' +
      'accidental damage is not covered. To claim, describe the fault on the warranty form; we collect the laptop and ' +
      'repair or replace it within 10 working days.',
  },
] as const;

export function llmsSample(origin: string): string {
  const items = SAMPLE_PAGES.map((p) => `- [${p.title}](${origin}${p.path}.md): ${p.notes}`).join('\n');
  return (
    `# Example Co\n\n> Example Co sells refurbished laptops in the EU. Prices include VAT; orders ship from Berlin.\n\nCatalog ` +
    `pages are authoritative; blog posts may be outdated.\n\n## Docs\n${items}\n\n## Optional\n- [Blog](${origin}/blog.md): ` +
    `news and guides\n`
  );
}

/** The full text of the sample's pages (the Optional section's blog is left out, as generators do). */
export function llmsFullSample(origin: string): string {
  const pages = SAMPLE_PAGES.map((p) => `## ${p.title}\n\nSource: ${origin}${p.path}.md\n\n${p.text}\n`).join('\n');
  return `# Example Co\n\n> The full text of the Example Co customer pages, one section per page listed in /llms.txt.\n\n${pages}`;
}

/** A page's name for a list item, from its URL's last path segment ("/shipping-policy" -> "Shipping policy", "/" -> "Home"). */
export function pageTitle(url: string): string {
  const u = new URL(url);
  const segment = u.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  let last = segment;
  try {
    last = decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoding: the segment as written.
  }
  const words = stripControl(last.replace(/\.[a-z0-9]+$/i, ''))
    .replace(/[-_\s]+/g, ' ')
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Home';
}

/** A Markdown link: brackets in the text are escaped; the URL (a parsed href, no spaces) has its parentheses encoded. */
function mdLink(text: string, url: string): string {
  const t = text.replace(/[\\[\]]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
  return `[${t}](${url.replace(/\(/g, '%28').replace(/\)/g, '%29')})`;
}

/** llms.txt listing the owner's own pages under the owner's name (both validated values). */
export function llmsOwnIndex(siteName: string, pageUrls: string[]): string {
  const items = pageUrls.map((u) => `- ${mdLink(pageTitle(u), u)}`).join('\n');
  return `# ${siteName.replace(/[\r\n]+/g, ' ')}\n\n> The pages of ${siteName.replace(/[\r\n]+/g, ' ')} that agents should read first.\n\n## Pages\n${items}\n`;
}

/**
 * D4's publish step: under `ai-ready fix`, the site's own pages (titles, descriptions, production
 * URLs) and name; else the owner's pages and name when given; else the sample, marked as one, with its needs.
 */
function ownLlmsSteps(fx: FixContext): FixStep[] {
  if (fx.site) {
    const built = llmsTxtFromSite(fx.site);
    if (built) {
      const keep = generatorStep(fx.site, 'llms', 'llms.txt');
      return [
        ...serveFileSteps(fx, { path: '/llms.txt', contentType: 'text/plain; charset=utf-8', ...built, lang: 'markdown', source: factsSource(fx.site) }),
        ...(keep ? [keep] : []),
      ];
    }
    // Without what the site shows, the owner's pages and name (below) still make the file.
    if (!givenValue(fx, 'siteName') || !givenPageUrls(fx)) {
      const needs = missingFacts(fx.site, true);
      return llmsPlatformSteps(fx, 'llms.txt', llmsSample(fx.origin), { source: 'example', needs: needs.length ? needs : ['pageUrls'] });
    }
  }
  const siteName = givenValue(fx, 'siteName');
  const pageUrls = givenPageUrls(fx);
  const needs = stillNeeded(['pageUrls', 'siteName'], { pageUrls, siteName });
  const content = siteName && pageUrls ? llmsOwnIndex(siteName, pageUrls) : llmsSample(fx.origin);
  return llmsPlatformSteps(fx, 'llms.txt', content, needs.length ? { source: 'example', needs } : { source: 'owner' });
}

/** Where llms.txt / llms-full.txt come from on each platform (catalog §6.5). */
export function llmsPlatformSteps(fx: FixContext, file: 'llms.txt' | 'llms-full.txt', content: string, origin: PublishOrigin): FixStep[] {
  const own = platformHook(fx, 'llmsTxt')?.(fx, file);
  // The platform's own way (a plugin, a setting) publishes what the caller's values are: the same source.
  if (own) return withSource(own, origin.source);
  return serveFileSteps(fx, { path: `/${file}`, contentType: 'text/plain; charset=utf-8', content, lang: 'markdown', ...origin });
}

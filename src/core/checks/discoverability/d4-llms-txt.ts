import { formatCount } from '../../count-format.js';
import { defineCheck, type FixContext, type SubFinding } from '../types.js';
import { renderFindings } from '../messages.js';
import type { FixStep } from '../../schema.js';
import { describeProbe, excerpt } from '../../gather/classify.js';
import { isBrokenTarget } from '../../gather/link-check.js';
import { gatherLlms, type LlmsArtifact, type LlmsCandidate } from '../../gather/llms-txt.js';
import { platformHook, serveFileSteps, specStep, verifyStep } from '../../fixes/platform-steps.js';

const SPEC = ['https://llmstxt.org/', 'https://agentdocsspec.com/'];
/** agent-docs-spec size thresholds (characters). */
export const LLMS_WARN_CHARS = 50_000;
export const LLMS_MAX_CHARS = 100_000;
/** Share of sampled links that may be broken before the file is called defective. */
const BROKEN_SHARE = 0.1;

const STATE_TEXT: Record<LlmsCandidate['state'], string> = {
  document: 'found',
  'html-typed': 'Markdown served as text/html',
  empty: 'empty body',
  'soft-404': 'an HTML page where Markdown was expected',
  absent: 'not found',
};

export function describeLlmsCandidates(a: LlmsArtifact, origin: string): string {
  // A network error already reads as one in describeProbe; "not found" would misstate it.
  return a.candidates.map((c) => `${describeProbe(c.probe, origin)}${c.probe.error ? '' : ` (${STATE_TEXT[c.state]})`}`).join('; ');
}

/** The partial outcomes: what was found, then every problem (its first names the code). */
const PARTIAL = '{seen}. {where}: {facts}; {findings}.';

/** The shape of the llms.txt read, and the broken links of a partial outcome. */
export interface LlmsDetails {
  sections: Array<{ title: string; links: number }>;
  links: number;
  chars: number;
  broken?: string[];
  /** List links under headings of another level than H2 (agent-docs-spec reads them as sections; llmstxt.org does not). */
  otherLevelLinks?: number;
}

export const d4LlmsTxt = defineCheck<LlmsArtifact>()({
  meta: {
    id: 'D4',
    name: 'llms.txt',
    dimension: 'discoverability',
    tier: 'recommended',
    weight: 8,
    specUrls: SPEC,
    standards: ['llmstxt', 'agentDocsSpec'],
    summary: '/llms.txt (or the page directory\'s llms.txt) is a Markdown index as llmstxt.org structures it: an H1 with the site name, a blockquote summary, and H2 sections whose "- [name](url): notes" lists are the file lists, under 100,000 characters.',
    why: 'Agents read llms.txt to find the pages worth loading into a context window, in clean Markdown, instead of crawling navigation.',
    remediation: 'Publish /llms.txt: an H1 with your site name, a one-paragraph blockquote, and H2 sections of [name](url): notes links to your key pages (ideally their .md versions).',
    offers: { resource: 'llmsTxt' },
    codes: {
      'D4/missing': 'no llms.txt at /llms.txt or the fallback paths',
      'D4/empty': 'llms.txt exists but is empty',
      'D4/html-page': 'an HTML page answers at /llms.txt (200) where Markdown was expected: no llms.txt',
      'D4/cross-host': 'partial: llms.txt is only reached through a redirect to another host, which some agents do not follow (agent-docs-spec: warn)',
      'D4/html-typed': 'partial: served as text/html (first of the problems found)',
      'D4/no-h1': 'partial: no H1 title, the one required element',
      'D4/no-links': 'partial: no Markdown links',
      'D4/bare-urls': 'partial: the H2 sections list bare URLs, not [name](url) links, so the llmstxt.org reference parser finds no file list',
      'D4/no-file-list': 'partial: links, but none in an H2 section\'s "- [name](url)" list, so the llmstxt.org reference parser finds no file list',
      'D4/too-long': 'partial: over the size agents read whole',
      'D4/broken-links': 'partial: too many of the same-origin links checked are broken',
      'D4/ok': 'a well-formed llms.txt index',
    },
    messages: {
      'D4/missing': '{seen}. No llms.txt.',
      'D4/empty': '{seen}. No llms.txt.',
      'D4/html-page': '{seen}. No llms.txt.',
      'D4/cross-host': PARTIAL,
      'D4/html-typed': PARTIAL,
      'D4/no-h1': PARTIAL,
      'D4/no-links': PARTIAL,
      'D4/bare-urls': PARTIAL,
      'D4/no-file-list': PARTIAL,
      'D4/too-long': PARTIAL,
      'D4/broken-links': PARTIAL,
      'D4/ok': '{seen}. {where}: {facts}.',
    },
    findings: {
      'D4/cross-host': 'reached only through a redirect to {host}, which some agents do not follow: serve it from this host (or redirect within it)',
      'D4/html-typed': 'served as text/html (agents may treat it as a web page): serve it as text/plain or text/markdown',
      'D4/no-h1': 'no H1 title (the only required element)',
      'D4/no-links': 'no Markdown links',
      'D4/bare-urls': '{count} bare URL(s) listed in H2 sections: llmstxt.org file lists are "- [name](url): notes" items, and the reference parser reads no link from a bare URL',
      'D4/no-file-list': '{links} link(s) but no H2 section with a "- [name](url)" list: llmstxt.org puts file lists under H2 headings, and the reference parser finds none here',
      'D4/too-long': 'over {max} characters (agents truncate it): move full text to llms-full.txt',
      'D4/broken-links': '{broken} of {checked} checked links are broken ({examples})',
    },
  },
  gather: (ctx) => gatherLlms(ctx, 'llms.txt'),
  evaluate(a, { origin }) {
    const seen = describeLlmsCandidates(a, origin);
    const c = a.chosen;
    const probes = a.candidates.map((x) => x.probe);
    if (!c.doc) {
      return {
        status: 'fail',
        code: c.state === 'empty' ? 'D4/empty' : c.state === 'soft-404' ? 'D4/html-page' : 'D4/missing',
        data: { seen },
        remediation: c.state === 'empty' ? `${c.path} is empty: write the index (H1, blockquote, H2 sections of links).` : undefined,
        probes,
      };
    }
    const doc = c.doc;
    const where = c.path;
    const facts = [
      doc.h1 ? `H1 "${excerpt(doc.h1, 60)}"` : 'no H1',
      doc.blockquote ? 'blockquote summary' : 'no blockquote',
      `${doc.sections.length} H2 section(s)`,
      `${doc.links.length} link(s)`,
      `${formatCount(doc.chars)} characters${c.probe.truncated ? '+ (read cap reached)' : ''}`,
    ];
    const checked = a.linkChecks.length;
    const broken = a.linkChecks.filter((l) => isBrokenTarget(l.probe));
    if (checked) facts.push(`${broken.length} of ${checked} same-origin link(s) checked are broken`);
    // Every problem is a sub-finding; the first names the outcome code.
    const findings: Array<SubFinding<'D4/cross-host' | 'D4/html-typed' | 'D4/no-h1' | 'D4/no-links' | 'D4/bare-urls' | 'D4/no-file-list' | 'D4/too-long' | 'D4/broken-links'>> = [];
    const landed = new URL(c.probe.url).host;
    if (landed !== new URL(c.probe.requestedUrl).host) findings.push({ code: 'D4/cross-host', data: { host: landed } });
    if (c.state === 'html-typed') findings.push({ code: 'D4/html-typed' });
    if (!doc.h1) findings.push({ code: 'D4/no-h1' });
    // llmstxt.org: file lists live under H2 headings, one "- [name](url): notes" item per line; the
    // reference parser (llms_txt miniparse) reads links only there.
    const fileLists = doc.sections.filter((s) => s.links > 0).length;
    if (!doc.links.length) findings.push(doc.bareUrls ? { code: 'D4/bare-urls', data: { count: doc.bareUrls } } : { code: 'D4/no-links' });
    else if (!fileLists) findings.push(doc.bareUrls ? { code: 'D4/bare-urls', data: { count: doc.bareUrls } } : { code: 'D4/no-file-list', data: { links: doc.links.length } });
    if (doc.chars > LLMS_MAX_CHARS || c.probe.truncated) findings.push({ code: 'D4/too-long', data: { max: formatCount(LLMS_MAX_CHARS) } });
    if (checked && broken.length / checked > BROKEN_SHARE)
      findings.push({ code: 'D4/broken-links', data: { broken: broken.length, checked, examples: broken.slice(0, 3).map((b) => b.url).join(', ') } });
    const advisories: string[] = [];
    if (doc.h1 && !doc.h1First) advisories.push('The H1 should be the first line of the file.');
    if (!doc.blockquote) advisories.push('Add a "> one-paragraph summary" blockquote after the H1.');
    if (doc.chars > LLMS_WARN_CHARS && doc.chars <= LLMS_MAX_CHARS) advisories.push('Over 50,000 characters: keep llms.txt a short index and put full text in llms-full.txt.');
    if (doc.links.length && !doc.links.some((l) => /\.md(?:$|[?#])/i.test(l.url))) advisories.push('No link points to a .md version of a page; Markdown targets are cheaper for agents to read.');
    if (!fileLists && doc.otherLevelLinks)
      advisories.push(
        `${doc.otherLevelLinks} list link(s) sit under headings of another level than H2: agent-docs-spec (v0.4.0, llms-txt-valid) accepts sections at any heading level, llmstxt.org and its reference parser read file lists under H2 only, so D4 follows llmstxt.org here.`,
      );
    if (fileLists && doc.bareUrls) advisories.push(`${doc.bareUrls} bare URL(s) in H2 sections are not read as links: write them as "- [name](url)".`);
    if (doc.dashNotes) advisories.push(`${doc.dashNotes} link(s) separate their notes with a dash ("— notes"): llmstxt.org uses "[name](url): notes", and the reference parser keeps notes only after ":" (the links themselves are read).`);
    if (doc.h1 && /^(?:https?:\/\/|www\.)\S+$/i.test(doc.h1.trim())) advisories.push('The H1 is a URL: llmstxt.org asks for the name of the project or site.');
    if (c.state === 'document' && c.probe.contentType !== 'text/plain' && c.probe.contentType !== 'text/markdown') {
      advisories.push(`Served as ${c.probe.contentType ?? 'no content type'}; text/plain or text/markdown is expected.`);
    }
    if (broken.length && !findings.some((f) => f.code === 'D4/broken-links')) advisories.push(`Broken link(s): ${broken.map((b) => b.url).join(', ')}.`);
    if (a.uncheckedLinks) advisories.push(`${a.uncheckedLinks} more same-origin link(s) were not checked (bound of ${checked}).`);
    const linkProbes = broken.map((b) => b.probe);
    const matched = `llms.txt (llmstxt.org)${where !== '/llms.txt' ? ` at ${where}` : ''}`;
    if (findings.length) {
      return {
        status: 'partial',
        code: findings[0].code,
        data: { seen, where, facts: facts.join(', ') },
        findings,
        remediation: `Fix ${where}: ${renderFindings(d4Findings(), findings).join('; ')}.`,
        matched,
        advisories,
        probes: [...probes, ...linkProbes],
        details: { sections: doc.sections, links: doc.links.length, chars: doc.chars, broken: broken.map((b) => b.url), ...(doc.otherLevelLinks ? { otherLevelLinks: doc.otherLevelLinks } : {}) } as LlmsDetails,
      };
    }
    return {
      status: 'pass',
      code: 'D4/ok',
      data: { seen, where, facts: facts.join(', ') },
      matched,
      advisories,
      probes,
      details: { sections: doc.sections, links: doc.links.length, chars: doc.chars },
    };
  },
  fixGuide(fx) {
    return [
      ...llmsPlatformSteps(fx, 'llms.txt', llmsSample(fx.origin)),
      {
        title: 'Keep it a short index',
        body: 'H1 = site name; a blockquote summary; H2 sections of "- [name](url): notes" pointing to your most useful pages (their .md versions if you have them); an "## Optional" section for skippable links. Stay well under 50,000 characters.',
      },
      verifyStep(`curl -si ${fx.origin}/llms.txt | head -n 20`, 'Expect HTTP 200, Content-Type text/plain or text/markdown, and a first line starting with "# ".'),
      specStep(SPEC),
    ];
  },
});

export function llmsSample(origin: string): string {
  return `# Example Co\n\n> Example Co sells refurbished laptops in the EU. Prices include VAT; orders ship from Berlin.\n\nCatalog pages are authoritative; blog posts may be outdated.\n\n## Docs\n- [Shipping policy](${origin}/shipping.md): delivery times and costs\n- [Returns](${origin}/returns.md): 30-day return process\n\n## Optional\n- [Blog](${origin}/blog/): news and guides\n`;
}

/** Where llms.txt / llms-full.txt come from on each platform (catalog §6.5). */
export function llmsPlatformSteps(fx: FixContext, file: 'llms.txt' | 'llms-full.txt', content: string): FixStep[] {
  const own = platformHook(fx, 'llmsTxt')?.(fx, file);
  if (own) return own;
  return serveFileSteps(fx, { path: `/${file}`, contentType: 'text/plain; charset=utf-8', content, lang: 'markdown' });
}

/** The sub-finding templates, for the remediation sentence. */
function d4Findings(): Record<string, string> {
  return d4LlmsTxt.meta.findings ?? {};
}

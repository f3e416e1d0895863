import { defineCheck, type FixContext } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { nonTextKind } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { probeListData } from '../../gather/probe-list.js';
import { ACCEPT_MD_FILE, classifyMarkdown, markdownTwinPath, markdownTwinPaths, type MarkdownAnswer } from '../../gather/markdown.js';
import { parseLinkHeader } from '../../gather/link-header.js';
import { classifyMarkdownLinks } from '../../gather/markdown-links.js';
import { paginationSignals, type PaginationSignals } from '../../gather/markdown-pagination.js';
import { platformHook, serveFileSteps, specStep, verifyStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { factsSource, twinFromPage, withSource } from '../../fixes/site-content.js';

const SPEC = ['https://llmstxt.org/#proposal', 'https://agentdocsspec.com/'];
/** rel="alternate" type="text/markdown" targets fetched, at most (same origin only). */
export const MAX_ALTERNATES = 2;

export interface MarkdownUrlProbe {
  /** twin: a .md form of the page URL; alternate: an HTML <link>; link-header: a Link: response header. */
  source: 'twin' | 'alternate' | 'link-header';
  url: string;
  probe: FetchResult;
}

export interface MarkdownUrlsArtifact {
  page: FetchResult;
  /** Null when the page URL is itself a .md URL (nothing to derive). */
  twinPath: string | null;
  probes: MarkdownUrlProbe[];
  /** Alternate targets on other origins, listed but not fetched. */
  foreignAlternates: string[];
  /**
   * When the Markdown found reads as one page of several (agent-docs-spec single-fetch-completeness):
   * the signals, and the continuation fetched when it is on the page's origin (null: not fetched).
   */
  pagination?: { signals: PaginationSignals; url: string | null; probe: FetchResult | null } | null;
}

const RANK: Record<MarkdownAnswer, number> = { markdown: 3, 'markdown-wrong-type': 2, empty: 1, html: 0, 'not-markdown': 0, error: 0 };

/** How the probes tried are tagged: their source, then what the answer was when it is not Markdown. */
function triedTag(source: MarkdownUrlProbe['source'], answer: MarkdownAnswer, probe: FetchResult): string {
  if (answer === 'html' && probe.status === 200) return `${source}, catch-all HTML`;
  if (answer === 'not-markdown') return `${source}, ${nonTextKind(probe) ?? 'not-markdown'}, not-markdown`;
  return source;
}

const PAGINATED_FAILS =
  'agent-docs-spec single-fetch-completeness fails. Serve the whole Markdown in one response when it fits, ' +
  'or declare a working absolute continuation at the top.';

/** Non-scoring notes (meta.advisories). */
const ADVISORIES = {
  'C2/foreign-alternates': 'Markdown alternate(s) on another origin, not fetched: {urls}.',
  'C2/root-relative-links':
    '{count} root-relative link(s) in the Markdown (e.g. {examples}): they resolve only while the base URL is known, ' +
    'which summaries, RAG chunks and pasted text lose; agent-docs-spec markdown-link-portability warns. Write absolute ' +
    'URLs when generating the Markdown.',
  'C2/path-relative-links':
    '{count} path-relative link(s) in the Markdown (e.g. {examples}): without the base URL they point nowhere; agent-docs-spec ' +
    'markdown-link-portability fails. Write absolute URLs when generating the Markdown.',
  'C2/paginated-fragile':
    'The Markdown is one page of several ({signals}); its continuation {continuation} is fragile ({fragile}): ' +
    'agent-docs-spec single-fetch-completeness warns. Declare the continuation at the top with an absolute URL, ' +
    'or serve the whole Markdown in one response when it fits.',
  'C2/paginated-broken': `The Markdown is one page of several ({signals}) and no continuation is given: ${PAGINATED_FAILS}`,
  'C2/paginated-unresolvable': `The Markdown is one page of several ({signals}) and its continuation {continuation} does not resolve: ${PAGINATED_FAILS}`,
  'C2/paginated-dead-continuation':
    'The Markdown is one page of several ({signals}) and its continuation {continuation} answered {next:probe}, ' +
    `not the next part in Markdown: ${PAGINATED_FAILS}`,
} as const;

export const c2MarkdownUrls = defineCheck<MarkdownUrlsArtifact>()({
  meta: {
    id: 'C2',
    name: 'Markdown URL variants (.md)',
    dimension: 'content',
    tier: 'bonus',
    weight: 3,
    specUrls: SPEC,
    standards: ['llmstxt', 'agentDocsSpec'],
    summary:
      'The page has a Markdown twin, served as text/markdown, at one of the llmstxt.org v2 forms (page.html.md or page.md; ' +
      'index.md or index.html.md for a directory URL) or at the target of rel="alternate" type="text/markdown" (an HTML ' +
      '<link> or a Link: header).',
    why: 'Agents that cannot set Accept headers (or follow llms.txt links) fetch page.md directly; the convention comes from llmstxt.org.',
    remediation: 'Serve a Markdown version of each page at the same URL plus ".md" (/index.md for the home page) with Content-Type: text/markdown.',
    pageLevel: true,
    offers: {
      resource: 'markdown',
      link: { rel: 'alternate', type: () => 'text/markdown', defaultHref: '/index.md', label: 'the Markdown version of the page' },
    },
    remedies: {
      'C2/send-markdown-type': 'Serve {path} with Content-Type: text/markdown; charset=utf-8.',
    },
    codes: {
      'C2/already-markdown': 'n/a: the page URL is already a .md URL and lists no Markdown alternate',
      'C2/ok': 'a Markdown version of the page at a .md twin form or a rel="alternate" type="text/markdown" URL (<link> or Link: header)',
      'C2/wrong-type': 'partial: a Markdown body served with another content type',
      'C2/missing': 'no Markdown version of the page',
    },
    messages: {
      'C2/already-markdown': '{seen:probe}: the page URL is already a .md URL and lists no Markdown alternate.',
      'C2/ok': '{tried:probes}.',
      'C2/wrong-type': '{tried:probes}. Markdown body served as {type}.',
      'C2/missing': '{tried:probes}. No Markdown version of the page.',
    },
    advisories: ADVISORIES,
    /** What the site's Markdown says: its pagination signals ("Page 1 of 3") and link examples. */
    quoted: ['signals', 'examples'],
  },
  pageRequests: (pageUrl) => {
    const twinPath = markdownTwinPath(pageUrl.pathname);
    return twinPath ? [{ url: new URL(twinPath, pageUrl.origin).href, options: { accept: ACCEPT_MD_FILE } }] : [];
  },
  async gather(ctx) {
    const page = ctx.page();
    const twinPaths = markdownTwinPaths(ctx.pageUrl.pathname);
    const twinPath = twinPaths[0] ?? null;
    const $ = await ctx.html();
    const isMarkdownAlternate = (rels: string[], type: string | undefined) =>
      rels.includes('alternate') && (type ?? '').toLowerCase().split(';')[0].trim() === 'text/markdown';
    const fromHtml = $
      ? $('link[rel][href]')
          .toArray()
          .filter((el) => isMarkdownAlternate(($(el).attr('rel') ?? '').toLowerCase().split(/\s+/), $(el).attr('type')))
          .map((el) => {
            try {
              return new URL($(el).attr('href')!.trim(), ctx.pageUrl).href;
            } catch {
              return null;
            }
          })
          .filter((u): u is string => !!u && /^https?:/.test(u))
      : [];
    // llmstxt.org v2: the alternate may come as an HTTP Link: header too.
    const fromHeader = parseLinkHeader(page.headers.link, page.url)
      .filter((l) => isMarkdownAlternate(l.rels, l.params.type) && !!l.target && /^https?:/.test(l.target))
      .map((l) => l.target!);
    const twinUrls = twinPaths.map((p) => ctx.resolve(p));
    const pick = (urls: string[]) => [...new Set(urls.filter((u) => new URL(u).origin === ctx.origin && !twinUrls.includes(u)))];
    const headerTargets = pick(fromHeader).slice(0, MAX_ALTERNATES);
    const htmlTargets = pick(fromHtml)
      .filter((u) => !headerTargets.includes(u))
      .slice(0, Math.max(0, MAX_ALTERNATES - headerTargets.length));
    const foreignAlternates = [...new Set([...fromHeader, ...fromHtml].filter((u) => new URL(u).origin !== ctx.origin))];
    const fetchMd = (t: Omit<MarkdownUrlProbe, 'probe'>) => ctx.fetch(t.url, { accept: ACCEPT_MD_FILE }).then((probe) => ({ ...t, probe }));
    const probes = await Promise.all([
      ...(twinUrls[0] ? [fetchMd({ source: 'twin', url: twinUrls[0] })] : []),
      ...headerTargets.map((url) => fetchMd({ source: 'link-header', url })),
      ...htmlTargets.map((url) => fetchMd({ source: 'alternate', url })),
    ]);
    // The second twin form is asked only when nothing else gave Markdown.
    if (twinUrls[1] && !probes.some((p) => classifyMarkdown(p.probe) === 'markdown')) probes.push(await fetchMd({ source: 'twin', url: twinUrls[1] }));
    return { page, twinPath, probes, foreignAlternates, pagination: await followPagination(ctx, probes) };
  },
  evaluate({ page, twinPath, probes, foreignAlternates, pagination }, { origin }) {
    if (!probes.length) {
      return { status: 'na', code: 'C2/already-markdown', data: probeData(page, origin), probes: [page] };
    }
    const judged = probes.map((p) => ({ ...p, answer: classifyMarkdown(p.probe) }));
    const tried = probeListData(
      judged.map((j) => ({ probe: j.probe, tag: triedTag(j.source, j.answer, j.probe) })),
      origin,
      'tried',
    );
    const best = [...judged].sort((a, b) => RANK[b.answer] - RANK[a.answer])[0];
    const advisories: C2Advisory[] = foreignAlternates.length
      ? [{ code: 'C2/foreign-alternates', data: { urls: foreignAlternates.slice(0, 3).join(', ') } }]
      : [];
    if (best.answer === 'markdown' || best.answer === 'markdown-wrong-type') advisories.push(...markdownBodyAdvisories(best.probe, pagination ?? null));
    if (best.answer === 'markdown') {
      return {
        status: 'pass',
        code: 'C2/ok',
        data: tried,
        matched:
          best.source === 'twin'
            ? `llms.txt .md convention (${new URL(best.url).pathname})`
            : best.source === 'link-header'
              ? 'Link: rel="alternate" type="text/markdown" header'
              : 'rel="alternate" type="text/markdown"',
        advisories,
        probes: [best.probe],
      };
    }
    if (best.answer === 'markdown-wrong-type') {
      return {
        status: 'partial',
        code: 'C2/wrong-type',
        data: { ...tried, type: best.probe.contentType ?? 'none' },
        remedy: 'C2/send-markdown-type',
        remedyData: { path: new URL(best.url).pathname },
        advisories,
        probes: [best.probe],
      };
    }
    return {
      status: 'fail',
      code: 'C2/missing',
      data: tried,
      advisories,
      probes: judged.map((j) => j.probe),
    };
  },
  fixGuide(fx) {
    return [
      ...twinSteps(fx),
      {
        title: 'Link it from the page',
        body:
          'llmstxt.org v2 accepts page.html.md or page.md (index.html.md or index.md for a directory URL). Point each page ' +
          'at its twin with <link rel="alternate" type="text/markdown" href="/index.md"> in the HTML head, or a response ' +
          'header Link: </index.md>; rel="alternate"; type="text/markdown" (which also works for non-HTML resources), and ' +
          'use the .md URLs in llms.txt.',
      },
      verifyStep(sh`curl -sI ${fx.origin}/index.md | grep -i '^content-type'`, 'Expect HTTP 200 and Content-Type: text/markdown.'),
      specStep(SPEC),
    ];
  },
});

type C2Advisory = { code: keyof typeof ADVISORIES; data: Record<string, string | number> };

/** The first Markdown answer's pagination, and its continuation fetched when it is on the page's origin. */
async function followPagination(
  ctx: { origin: string; fetch: (url: string, o: { accept: string }) => Promise<FetchResult> },
  probes: MarkdownUrlProbe[],
): Promise<MarkdownUrlsArtifact['pagination']> {
  const md = probes.find((p) => ['markdown', 'markdown-wrong-type'].includes(classifyMarkdown(p.probe)));
  if (!md) return null;
  const signals = paginationSignals(md.probe.text, md.probe.headers, md.probe.url);
  if (!signals) return null;
  let url: string | null = null;
  try {
    url = signals.continuation ? new URL(signals.continuation, md.probe.url).href : null;
  } catch {
    url = null;
  }
  const sameOrigin = !!url && new URL(url).origin === ctx.origin && /^https?:/.test(url);
  return { signals, url, probe: sameOrigin ? await ctx.fetch(url!, { accept: ACCEPT_MD_FILE }) : null };
}

/** agent-docs-spec 0.6.0 markdown-link-portability and single-fetch-completeness, read on the Markdown found. */
function markdownBodyAdvisories(probe: FetchResult, pagination: MarkdownUrlsArtifact['pagination'] | null): C2Advisory[] {
  const out: C2Advisory[] = [];
  const links = classifyMarkdownLinks(probe.text);
  if (links.pathRelative) out.push({ code: 'C2/path-relative-links', data: { count: links.pathRelative, examples: links.examples.pathRelative.join(', ') } });
  if (links.rootRelative) out.push({ code: 'C2/root-relative-links', data: { count: links.rootRelative, examples: links.examples.rootRelative.join(', ') } });
  if (!pagination) return out;
  const { signals: p, url, probe: next } = pagination;
  const signals = p.signals.join(', ');
  if (!p.continuation || !url) {
    out.push(
      p.continuation
        ? { code: 'C2/paginated-unresolvable', data: { signals, continuation: p.continuation } }
        : { code: 'C2/paginated-broken', data: { signals } },
    );
    return out;
  }
  if (next) {
    const answer = classifyMarkdown(next);
    const works = (answer === 'markdown' || answer === 'markdown-wrong-type') && next.text.trim().length > 0;
    if (!works) {
      out.push({ code: 'C2/paginated-dead-continuation', data: { signals, continuation: url, ...probeData(next, undefined, 'next') } });
      return out;
    }
  }
  // Why the continuation is fragile, as tokens.
  const fragile = [
    ...(p.declaredIn === 'bottom' ? ['declared-past-top'] : p.declaredIn === 'header' ? ['declared-in-link-header-only'] : []),
    ...(p.continuationAbsolute ? [] : ['relative-url']),
    ...(next ? [] : ['other-origin-not-fetched']),
  ];
  if (fragile.length) out.push({ code: 'C2/paginated-fragile', data: { signals, continuation: url, fragile: fragile.join(', ') } });
  return out;
}

/** Under `ai-ready fix`: one twin per page read, from its own title, description and main content. */
function siteTwinSteps(fx: FixContext): FixStep[] | null {
  if (!fx.site) return null;
  const source = factsSource(fx.site);
  const steps = fx.site.pages.flatMap((p) => {
    const twin = p.twin ? twinFromPage(fx.site!, p) : null;
    if (!p.twin || !twin) return [];
    const { content, values } = twin;
    return serveFileSteps(fx, { path: p.twin, contentType: 'text/markdown; charset=utf-8', content, lang: 'markdown', source, values }).slice(0, 1);
  });
  if (!steps.length) return null;
  return [
    ...steps,
    {
      title: 'Keep the twins current',
      body:
        `ai-ready fix wrote ${steps.length} Markdown twin${steps.length > 1 ? 's' : ''} from the pages it read today (their ` +
        'HTML converted to Markdown). A build step or plugin that emits page.md beside each page keeps them current; otherwise ' +
        'run ai-ready fix again after changing a page.',
    },
  ];
}

function twinSteps(fx: FixContext): FixStep[] {
  const derived = siteTwinSteps(fx);
  if (derived) return derived;
  const own = platformHook(fx, 'markdownUrls')?.(fx);
  if (own) return withSource(own, 'example');
  return serveFileSteps(fx, {
    path: '/index.md',
    contentType: 'text/markdown; charset=utf-8',
    content: '# Example Co\n\nRefurbished laptops, shipped across the EU.\n\n## Popular pages\n- [Shipping](/shipping.md)\n- [Returns](/returns.md)\n',
    lang: 'markdown',
    source: 'example',
  }).slice(0, 2);
}

import type { CheerioAPI } from 'cheerio';
import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { probeData } from '../../gather/probe-facts.js';
import { MAX_DOM_DEPTH, type DomCut } from '../../gather/dom-cut.js';
import { checkLinks, isBrokenTarget, type LinkProbe } from '../../gather/link-check.js';
import { describedbyLlmsProblem, gatherLlms, isLlmsTxtUrl, type DescribedbyScope } from '../../gather/llms-txt.js';
import { DESCRIBEDBY_SCOPE_TEMPLATES, describedbyScopeAdvisories } from './llms-scope.js';
import { pageHtmlStep, platformHook, specStep, verifyStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { describeLinks, linkTags, linkValues, siteWideLinks } from '../../fixes/agent-links.js';
import { factsSource, withSource } from '../../fixes/site-content.js';

const SPEC = ['https://html.spec.whatwg.org/multipage/links.html#linkTypes', 'https://agentdocsspec.com/', 'https://www.rfc-editor.org/rfc/rfc9727#section-3'];
/** Hint targets checked, at most. */
export const MAX_HINT_CHECKS = 4;
/** How much of the body (scripts and styles removed) counts as "near the top" for the directive. */
const DIRECTIVE_WINDOW = 50_000;

export type HintKind = 'markdown-alternate' | 'api-catalog' | 'describedby' | 'llms-directive';

export interface PageHint {
  kind: HintKind;
  href: string;
  /** Resolved against the page URL; null when it does not resolve. */
  target: string | null;
  /** llms.txt directive only: where it starts in the body markup (scripts and styles removed), 0 to 1. */
  position?: number;
  /** llms.txt directive only: hidden with display:none or the hidden attribute, which some HTML-to-Markdown converters drop. */
  displayNone?: boolean;
}

/** agent-docs-spec (v0.4.0, llms-txt-directive): a directive past half the content is "buried" (warn). */
export const BURIED_AFTER = 0.5;

function hiddenByDisplay($: CheerioAPI, el: Parameters<CheerioAPI>[0]): boolean {
  let node = $(el);
  for (let depth = 0; node.length && depth < 64; depth++, node = node.parent()) {
    if (node.is('body')) return false;
    if (node.attr('hidden') !== undefined || /display\s*:\s*none/i.test(node.attr('style') ?? '')) return true;
  }
  return false;
}

export interface HintsArtifact {
  page: FetchResult;
  /** False for non-HTML pages (the check does not apply). */
  html: boolean;
  hints: PageHint[];
  checks: LinkProbe[];
  /** Set when the page nested elements beyond the DOM depth cap (see gather/dom-cut.ts). */
  domCut?: DomCut | null;
  /** <link rel="describedby"> to an llms.txt that is not the one covering the page (llmstxt.org v2). */
  llmsScope?: DescribedbyScope[];
}

function resolve(href: string, base: string): string | null {
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function relTokens($: CheerioAPI, el: Parameters<CheerioAPI>[0]): string[] {
  return ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** Pure: the discovery hints a page's HTML carries. */
export function findHints($: CheerioAPI, pageUrl: string): PageHint[] {
  const hints: PageHint[] = [];
  const add = (kind: HintKind, href: string | undefined, extra: Partial<PageHint> = {}) => {
    if (!href?.trim() || hints.some((h) => h.kind === kind && h.href === href)) return;
    hints.push({ kind, href: href.trim(), target: resolve(href.trim(), pageUrl), ...extra });
  };
  $('link[rel][href]').each((_, el) => {
    const rels = relTokens($, el);
    const type = ($(el).attr('type') ?? '').toLowerCase().split(';')[0].trim();
    if (rels.includes('alternate') && type === 'text/markdown') add('markdown-alternate', $(el).attr('href'));
    if (rels.includes('api-catalog')) add('api-catalog', $(el).attr('href'));
    if (rels.includes('describedby')) add('describedby', $(el).attr('href'));
  });
  // agent-docs-spec "llms-txt-directive": a visible pointer to llms.txt near the top of the body.
  const bodyHtml = ($('body').html() ?? '').replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, '');
  const at = (index: number) => (index >= 0 && bodyHtml.length ? Math.round((index / bodyHtml.length) * 100) / 100 : undefined);
  const anchorEl = $('body a[href]')
    .toArray()
    .find((el) => /(^|\/)llms(-full)?\.txt(?:$|[?#])/i.test($(el).attr('href') ?? ''));
  if (anchorEl) {
    const href = $(anchorEl).attr('href') ?? '';
    add('llms-directive', href, { position: at(bodyHtml.indexOf(href)), displayNone: hiddenByDisplay($, anchorEl) });
  } else {
    // Tags blanked to spaces of their length, so the match index is an index into the markup.
    const visible = bodyHtml.slice(0, DIRECTIVE_WINDOW).replace(/<[^>]+>/g, (t) => ' '.repeat(t.length));
    const m = /(?:https?:\/\/[^\s"'<>]+)?\/llms(?:-full)?\.txt\b/i.exec(visible);
    if (m) add('llms-directive', m[0], { position: at(m.index) });
  }
  return hints;
}

const LABEL: Record<HintKind, string> = {
  'markdown-alternate': '<link rel="alternate" type="text/markdown">',
  'api-catalog': '<link rel="api-catalog">',
  describedby: '<link rel="describedby">',
  'llms-directive': 'llms.txt directive (body)',
};

/** Each hint found, by what became of its target: a sub-finding of its own (`{findings}` lists them). */
const HINT_FINDINGS = {
  'D6/hint-checked': '{label} → {href} ({seen:probe})',
  'D6/hint-unresolvable': '{label} → {href} (unresolvable href)',
  'D6/hint-other-origin': '{label} → {href} (other origin, not checked)',
  'D6/hint-not-checked': '{label} → {href} (not checked (bound))',
} as const;
type D6HintFinding = keyof typeof HINT_FINDINGS;

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'D6/some-broken-hints': 'Broken hint target(s): {targets}.',
  'D6/describedby-not-covering': DESCRIBEDBY_SCOPE_TEMPLATES['not-covering'],
  'D6/describedby-less-specific': DESCRIBEDBY_SCOPE_TEMPLATES['less-specific'],
  'D6/directive-display-none':
    'The llms.txt directive is hidden with display:none (or the hidden attribute), which some HTML-to-Markdown converters ' +
    'drop: hide it visually instead (a clip-rect "visually hidden" class).',
} as const;
type D6Advisory = keyof typeof ADVISORIES;

export const d6InPageHints = defineCheck<HintsArtifact>()({
  meta: {
    id: 'D6',
    name: 'In-page discovery hints',
    dimension: 'discoverability',
    tier: 'bonus',
    weight: 2,
    specUrls: SPEC,
    standards: ['agentDocsSpec', 'rfc9727', 'llmstxt'],
    summary:
      'The HTML points agents to machine-readable versions: <link rel="alternate" type="text/markdown">, rel="api-catalog", ' +
      'rel="describedby", or a directive to /llms.txt near the top of the body.',
    why: 'Agents that only see the HTML (browser agents, fetch tools) learn from these hints where the Markdown, API catalog or docs index are.',
    remediation: 'Add <link rel="alternate" type="text/markdown" href="…"> (and rel="api-catalog" / a visible pointer to /llms.txt) to your pages.',
    pageLevel: true,
    remedies: {
      'D6/publish-hint-targets': 'Publish the resources the hints point to, or fix their href.',
      'D6/move-directive':
        'Move the llms.txt directive to the top of the page content (a short blockquote before the main text), or add <link> hints in the <head>.',
    },
    codes: {
      'D6/not-html': 'n/a: the page is not HTML, so it has no <head> for hints',
      'D6/missing': 'no markdown alternate, api-catalog or describedby <link>, and no llms.txt directive',
      'D6/missing-dom-cut': 'no hint found, on a page nested beyond the DOM depth cap (read flat past it)',
      'D6/broken-hints': 'partial: hints found but none resolves',
      'D6/buried-directive':
        'partial: the only hint is an llms.txt directive past the first half of the page, where truncation may cut it (agent-docs-spec: warn)',
      'D6/ok': 'at least one in-page hint that resolves',
    },
    messages: {
      'D6/not-html': '{seen:probe}: not an HTML page, so there is no <head> to carry hints.',
      'D6/missing': '{seen:probe}: no markdown alternate, api-catalog or describedby <link>, and no llms.txt directive.',
      'D6/missing-dom-cut':
        '{seen:probe}: no markdown alternate, api-catalog or describedby <link>, and no llms.txt directive ' +
        `(the page nests elements {maxDepth} deep; {flattened} element(s) beyond depth ${MAX_DOM_DEPTH} were read flat (DOM depth cap)).`,
      'D6/broken-hints': '{seen:probe}. Hints found but none resolves: {findings}.',
      'D6/buried-directive':
        '{seen:probe}. {findings}. The llms.txt directive is the only hint and starts {percent}% into the page: ' +
        'agents that truncate the page may never see it.',
      'D6/ok': '{seen:probe}. {findings}.',
    },
    findings: HINT_FINDINGS,
    /** The hrefs as the page wrote them. */
    quoted: ['href'],
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    const page = ctx.page();
    const $ = await ctx.html();
    if (!$) return { page, html: false, hints: [], checks: [], domCut: null };
    const hints = findHints($, ctx.pageUrl.href);
    const sameOrigin = hints.map((h) => h.target).filter((t): t is string => !!t && new URL(t).origin === ctx.origin);
    // llmstxt.org v2: rel="describedby" points to the llms.txt covering the page (the most specific one).
    const llmsHints = hints.filter((h) => h.kind === 'describedby' && h.target && isLlmsTxtUrl(h.target) && new URL(h.target).origin === ctx.origin);
    const chosen = llmsHints.length ? (await gatherLlms(ctx, 'llms.txt')).chosen : null;
    const llmsScope = llmsHints.map((h) => describedbyLlmsProblem(h.target!, new URL(page.url), chosen)).filter((x): x is DescribedbyScope => !!x);
    return {
      page,
      html: true,
      hints,
      checks: await checkLinks(ctx, sameOrigin, MAX_HINT_CHECKS),
      domCut: await ctx.domCut(),
      ...(llmsScope.length ? { llmsScope } : {}),
    };
  },
  // In rendered mode: read again on the rendered DOM (checks/dom-rendered.ts).
  rendered: 'dom',
  evaluate({ page, html, hints, checks, domCut, llmsScope }, { origin }) {
    const seen = probeData(page, origin);
    if (!html) return { status: 'na', code: 'D6/not-html', data: seen, probes: [page] };
    if (!hints.length) {
      return domCut
        ? { status: 'fail', code: 'D6/missing-dom-cut', data: { ...seen, maxDepth: domCut.maxDepth, flattened: domCut.flattened }, probes: [page] }
        : { status: 'fail', code: 'D6/missing', data: seen, probes: [page] };
    }
    const byTarget = new Map(checks.map((c) => [c.url, c.probe]));
    const works = (h: PageHint) => {
      if (!h.target) return false;
      const p = byTarget.get(h.target);
      return p ? !isBrokenTarget(p) : new URL(h.target).origin !== origin; // cross-origin targets are not fetched
    };
    const findings = hints.map((h): SubFinding<D6HintFinding> => {
      const p = h.target ? byTarget.get(h.target) : undefined;
      const hint = { label: LABEL[h.kind], href: h.href };
      if (!h.target) return { code: 'D6/hint-unresolvable', data: hint };
      if (p) return { code: 'D6/hint-checked', data: { ...hint, ...probeData(p, origin) } };
      return { code: new URL(h.target).origin !== origin ? 'D6/hint-other-origin' : 'D6/hint-not-checked', data: hint };
    });
    const good = hints.filter(works);
    const badProbes = checks.filter((c) => isBrokenTarget(c.probe)).map((c) => c.probe);
    if (!good.length) {
      return {
        status: 'partial',
        code: 'D6/broken-hints',
        data: seen,
        findings,
        remedy: 'D6/publish-hint-targets',
        probes: [page, ...badProbes],
      };
    }
    const advisories: Array<SubFinding<D6Advisory>> = badProbes.length
      ? [{ code: 'D6/some-broken-hints', data: { targets: badProbes.map((p) => p.requestedUrl).join(', ') } }]
      : [];
    advisories.push(...describedbyScopeAdvisories('D6', llmsScope ?? []));
    const directive = hints.find((h) => h.kind === 'llms-directive');
    if (directive?.displayNone) advisories.push({ code: 'D6/directive-display-none' });
    const details = directive
      ? { directive: { href: directive.href, position: directive.position ?? null, displayNone: directive.displayNone ?? false } }
      : undefined;
    const buried = good.every((h) => h.kind === 'llms-directive' && h.position !== undefined && h.position > BURIED_AFTER);
    if (buried) {
      return {
        status: 'partial',
        code: 'D6/buried-directive',
        data: { ...seen, percent: Math.round((directive?.position ?? 0) * 100) },
        findings,
        remedy: 'D6/move-directive',
        advisories,
        probes: [page],
        details,
      };
    }
    return {
      status: 'pass',
      code: 'D6/ok',
      data: seen,
      findings,
      matched: [...new Set(good.map((h) => LABEL[h.kind]))].join(', '),
      advisories,
      probes: [page],
      details,
    };
  },
  fixGuide(fx) {
    const { present, missing, unknown } = siteWideLinks(fx);
    // Hints point only at what exists; with nothing found yet, at the first thing to publish.
    const links = present.length ? present : unknown.length ? [...present, ...unknown] : missing.slice(0, 1);
    if (!links.length)
      return [{ title: 'Nothing to point at yet', body: 'Publish llms.txt (D4) first, then point your pages at it.' }, specStep(SPEC.slice(0, 2))];
    const source = fx.site || links.every((l) => present.includes(l)) ? 'site' : 'example';
    const later = present.length ? [...missing, ...unknown] : [];
    const llms = links.find((l) => l.resource === 'llmsTxt');
    const markdown = links.find((l) => l.resource === 'markdown');
    const tagsBody = present.length
      ? `This scan found ${describeLinks(present)}; these tags point at ${present.length > 1 ? 'them' : 'it'}.` +
        (later.length ? ` Add ${describeLinks(later)} once you publish ${later.length > 1 ? 'them' : 'it'}.` : '')
      : unknown.length
        ? `Point each at a resource that exists: ${describeLinks(links)}.`
        : `This scan found none of ${describeLinks(missing)}: publish ${missing[0].label} first (check ${missing[0].check}), ` +
          'then add this tag, and the others as you publish them.';
    const steps: FixStep[] = [
      pageHtmlStep(
        { title: 'Add the hints to your page <head>', code: linkTags(links), lang: 'html', body: tagsBody },
        { where: 'head', content: linkTags(links), source: 'site', values: linkValues(links, 'site') },
      ),
    ];
    if (llms) {
      const directive =
        `<blockquote class="visually-hidden">For AI agents: a documentation index is at <a href="${llms.href}">${llms.href}</a>` +
        `${markdown ? '; append .md to any page URL for Markdown' : ''}.</blockquote>`;
      steps.push(
        pageHtmlStep(
          {
            title: 'Add an llms.txt directive near the top of the body',
            body: 'A short, visually hidden note that agents reading the HTML will see first:',
            code: directive,
            lang: 'html',
          },
          { where: 'body', content: directive, source: 'site', values: linkValues([llms], 'site') },
        ),
      );
    }
    const own = links.length ? platformHook(fx, 'pageHints')?.(fx, { tags: linkTags(links), markdownHref: markdown?.href ?? null }) : null;
    if (own) steps.splice(1, 0, own);
    // Under fix: each page (but the home page, whose path means every page here) points at its own twin.
    for (const p of fx.site?.pages ?? []) {
      if (!p.twin || p.path === '/') continue;
      const tag = `<link rel="alternate" type="text/markdown" href="${p.twin.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
      steps.push(
        pageHtmlStep(
          { title: `Point ${p.path} at its Markdown twin`, code: tag, lang: 'html' },
          {
            where: 'head',
            content: tag,
            path: p.path,
            source: factsSource(fx.site!),
            values: [{ name: `page ${p.path} twin`, value: p.twin, source: 'site', from: p.fetchedUrl }],
          },
        ),
      );
    }
    steps.push(
      verifyStep(
        sh`curl -s ${fx.origin}/ | grep -iE 'rel="(alternate|api-catalog|describedby|service-desc)"|llms\\.txt'`,
        'Expect the <link> tags (and the directive) in the HTML.',
      ),
    );
    steps.push(specStep(SPEC.slice(0, 2)));
    return withSource(steps, source);
  },
});

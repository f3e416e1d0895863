import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { excerpt } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { probeListData } from '../../gather/probe-list.js';
import { isBrokenTarget } from '../../gather/link-check.js';
import { parseLinkHeader, type LinkValue } from '../../gather/link-header.js';
import { describedbyLlmsProblem, gatherLlms, isLlmsTxtUrl, type DescribedbyScope } from '../../gather/llms-txt.js';
import { DESCRIBEDBY_SCOPE_TEMPLATES, describedbyScopeAdvisories } from './llms-scope.js';
import { addHeaderSteps, specStep, verifyStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { describeLinks, linkHeaderValue, linkValues, siteWideLinks } from '../../fixes/agent-links.js';
import { withSource } from '../../fixes/site-content.js';

const SPEC = ['https://www.rfc-editor.org/rfc/rfc8288', 'https://www.rfc-editor.org/rfc/rfc9727#section-3', 'https://www.iana.org/assignments/link-relations/'];
/** Same-origin targets of strong relations checked, at most. */
export const MAX_TARGET_CHECKS = 3;

export type LinkTier = 'strong' | 'weak' | 'ignored';

const STRONG = new Set(['api-catalog', 'service-desc', 'service-doc', 'service-meta', 'status', 'describedby']);
/** Resource hints and page plumbing: nothing an agent discovers through them. */
const IGNORED = new Set([
  'preload',
  'preconnect',
  'dns-prefetch',
  'modulepreload',
  'prefetch',
  'prerender',
  'canonical',
  'shortlink',
  'icon',
  'stylesheet',
  'manifest',
]);
/** How many links of a kind the evidence names, at most. */
const LINKS_SHOWN = 6;
/** The counts of the links read, by tier. */
const SUMMARY = '{total} link(s): strong {strong}, weak {weak}, ignored {ignored}';
const MACHINE_TYPE = /^(text\/markdown|application\/(?:[\w.+-]+\+)?json|application\/(?:[\w.+-]+\+)?yaml)$/;

/** Tier of one relation type of a link (catalog D3). */
export function relationTier(rel: string, link: LinkValue): LinkTier {
  if (STRONG.has(rel)) return 'strong';
  if (rel === 'alternate') return MACHINE_TYPE.test((link.params.type ?? '').toLowerCase().split(';')[0].trim()) ? 'strong' : 'weak';
  if (IGNORED.has(rel)) return 'ignored';
  return 'weak';
}

export interface TargetCheck {
  rel: string;
  url: string;
  probe: FetchResult;
}

export interface LinkHeaderArtifact {
  page: FetchResult;
  links: LinkValue[];
  targets: TargetCheck[];
  /** rel="describedby" links to an llms.txt that is not the one covering the page (llmstxt.org v2). */
  llmsScope?: DescribedbyScope[];
}

function linkTier(link: LinkValue): LinkTier {
  // javascript:, data:, file: targets (or unresolvable ones) are nothing an agent can fetch.
  if (!link.target || !/^https?:/i.test(link.target)) return 'ignored';
  const tiers = link.rels.map((r) => relationTier(r, link));
  return tiers.includes('strong') ? 'strong' : tiers.includes('weak') ? 'weak' : 'ignored';
}

function label(link: LinkValue): string {
  const type = link.params.type ? `; type="${link.params.type}"` : '';
  return `<${link.href}>; rel="${link.rels.join(' ')}"${type}`;
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'D3/describedby-not-covering': DESCRIBEDBY_SCOPE_TEMPLATES['not-covering'],
  'D3/describedby-less-specific': DESCRIBEDBY_SCOPE_TEMPLATES['less-specific'],
  'D3/some-broken-targets': 'Broken Link target(s): {targets}.',
} as const;
type D3Advisory = keyof typeof ADVISORIES;

export const d3LinkHeaders = defineCheck<LinkHeaderArtifact>()({
  meta: {
    id: 'D3',
    name: 'Link response headers',
    dimension: 'discoverability',
    tier: 'recommended',
    weight: 6,
    level: { rung: 1 },
    anchorKey: 'linkHeaders',
    specUrls: SPEC,
    standards: ['rfc8288', 'rfc9727', 'llmstxt'],
    summary:
      'The page response carries RFC 8288 Link headers to machine-readable resources: api-catalog, service-desc/doc/meta, ' +
      'status, describedby, or a Markdown/JSON alternate.',
    why:
      'An agent that fetched one page learns from its headers where the API catalog, docs and Markdown version are, without ' +
      'guessing well-known paths or parsing HTML.',
    remediation: 'Add a Link header to your pages pointing at your machine-readable resources (api-catalog, describedby, a text/markdown alternate).',
    pageLevel: true,
    remedies: {
      'D3/link-machine-readable':
        'Add a Link to a machine-readable resource (rel="api-catalog", "describedby", "service-desc", or rel="alternate" with type="text/markdown").',
      'D3/fix-broken-targets': 'Fix or remove the Link targets that do not resolve: {targets}.',
    },
    codes: {
      'D3/missing': 'no Link header on the page response',
      'D3/unparseable': 'a Link header that cannot be parsed',
      'D3/weak-only': 'partial: only weak relations (e.g. alternate to HTML), none to a machine-readable resource',
      'D3/hints-only': 'only resource hints (preload, preconnect), nothing for agents',
      'D3/broken-targets': 'partial: every strong Link target checked is broken',
      'D3/ok': 'a Link to a machine-readable resource, its same-origin targets checked',
      'D3/ok-unchecked': 'a Link to a machine-readable resource on another origin (its targets are not fetched)',
    },
    messages: {
      'D3/missing': '{seen:probe}; no Link header.',
      'D3/unparseable': '{seen:probe}; Link header present but unparseable: "{raw}".',
      'D3/weak-only': `{seen:probe}; ${SUMMARY}. Weak only: {links}.`,
      'D3/hints-only': `{seen:probe}; ${SUMMARY}. Only resource hints: {links}.`,
      'D3/broken-targets': `{seen:probe}; ${SUMMARY}: {links}. Every strong target checked is broken. Targets checked: {target:probes}.`,
      'D3/ok': `{seen:probe}; ${SUMMARY}: {links}. Targets checked: {target:probes}.`,
      'D3/ok-unchecked': `{seen:probe}; ${SUMMARY}: {links}.`,
    },
    advisories: ADVISORIES,
    /** The site's Link header: as sent when it does not parse, else its links as read. */
    quoted: ['raw', 'links'],
  },
  async gather(ctx) {
    const page = ctx.page();
    const links = parseLinkHeader(page.headers.link, page.url);
    const strongSameOrigin = [
      ...new Map(
        links
          .filter((l) => linkTier(l) === 'strong' && l.target && new URL(l.target).origin === ctx.origin)
          .map((l) => [l.target!, l.rels.find((r) => relationTier(r, l) === 'strong')!] as const),
      ),
    ].slice(0, MAX_TARGET_CHECKS);
    // HEAD keeps the checks cheap and does not share a cache entry (and body cap) with other checks' GETs.
    const targets = await Promise.all(strongSameOrigin.map(async ([url, rel]) => ({ rel, url, probe: await ctx.fetch(url, { method: 'HEAD' }) })));
    // llmstxt.org v2: rel="describedby" points to the llms.txt covering the page (the most specific one).
    const llmsLinks = links.filter((l) => l.rels.includes('describedby') && l.target && isLlmsTxtUrl(l.target) && new URL(l.target).origin === ctx.origin);
    const chosen = llmsLinks.length ? (await gatherLlms(ctx, 'llms.txt')).chosen : null;
    const llmsScope = llmsLinks.map((l) => describedbyLlmsProblem(l.target!, new URL(page.url), chosen)).filter((x): x is DescribedbyScope => !!x);
    return { page, links, targets, ...(llmsScope.length ? { llmsScope } : {}) };
  },
  evaluate({ page, links, targets, llmsScope }, { origin }) {
    const seen = probeData(page, origin);
    const probes = [page];
    if (!links.length) {
      const raw = page.headers.link;
      return {
        status: 'fail',
        code: raw ? 'D3/unparseable' : 'D3/missing',
        data: raw ? { ...seen, raw: excerpt(raw, 120) } : seen,
        probes,
      };
    }
    const byTier = { strong: [] as LinkValue[], weak: [] as LinkValue[], ignored: [] as LinkValue[] };
    for (const l of links) byTier[linkTier(l)].push(l);
    const more = (ls: LinkValue[]) => (ls.length > LINKS_SHOWN ? `, … (${ls.length - LINKS_SHOWN} more)` : '');
    const list = (ls: LinkValue[]) => ls.slice(0, LINKS_SHOWN).map(label).join(', ') + more(ls);
    const summary = { total: links.length, strong: byTier.strong.length, weak: byTier.weak.length, ignored: byTier.ignored.length };
    const advisories: Array<SubFinding<D3Advisory>> = describedbyScopeAdvisories('D3', llmsScope ?? []);
    const details = { links: links.map((l) => ({ href: l.href, target: l.target, rels: l.rels, tier: linkTier(l) })) };
    if (!byTier.strong.length) {
      const status = byTier.weak.length ? 'partial' : 'fail';
      return {
        status,
        code: byTier.weak.length ? 'D3/weak-only' : 'D3/hints-only',
        data: { ...seen, ...summary, links: list(byTier.weak.length ? byTier.weak : byTier.ignored) },
        remedy: byTier.weak.length ? 'D3/link-machine-readable' : undefined,
        probes,
        details,
      };
    }
    const bad = targets.filter((t) => isBrokenTarget(t.probe));
    const badUrls = new Set(bad.map((t) => t.url));
    const working = byTier.strong.filter((l) => !l.target || !badUrls.has(l.target));
    const checked = probeListData(targets, origin, 'target');
    if (!working.length) {
      return {
        status: 'partial',
        code: 'D3/broken-targets',
        data: { ...seen, ...summary, links: list(byTier.strong), ...checked },
        remedy: 'D3/fix-broken-targets',
        remedyData: { targets: bad.map((t) => t.url).join(', ') },
        probes: [page, ...bad.map((t) => t.probe)],
        details: { ...details, broken: bad.map((t) => t.url) },
      };
    }
    if (bad.length)
      advisories.push({ code: 'D3/some-broken-targets', data: { targets: bad.map((t) => `${t.url} (${t.probe.status ?? t.probe.error?.code})`).join(', ') } });
    const rels = [...new Set(byTier.strong.flatMap((l) => l.rels.filter((r) => relationTier(r, l) === 'strong')))];
    return {
      status: 'pass',
      code: targets.length ? 'D3/ok' : 'D3/ok-unchecked',
      data: { ...seen, ...summary, links: list(byTier.strong), ...checked },
      matched: `RFC 8288 (${rels.join(', ')})`,
      advisories,
      probes,
      details,
    };
  },
  fixGuide(fx) {
    const broken = (fx.outcome?.details?.broken as string[] | undefined) ?? [];
    const { present, missing, unknown } = siteWideLinks(fx);
    const steps: FixStep[] = [];
    if (!present.length && !missing.length && !unknown.length)
      return [{ title: 'Nothing to link yet', body: 'Publish llms.txt (D4) first, then link it with a Link header.' }, specStep(SPEC.slice(0, 2))];
    if (broken.length)
      steps.push({
        title: 'Fix the broken Link targets',
        body: `These targets do not resolve: ${broken.join(', ')}. Publish them or drop them from the header.`,
      });
    let links = present;
    if (present.length) {
      const later = [...missing, ...unknown];
      steps.push({
        title: 'Link what this scan found',
        body:
          `This scan found ${describeLinks(present)}; the header below links ${present.length > 1 ? 'them' : 'it'}. Several ` +
          'values go in one header, comma-separated.' +
          (later.length ? ` Add ${describeLinks(later)} once you publish ${later.length > 1 ? 'them' : 'it'}.` : ''),
      });
    } else if (missing.length && !unknown.length) {
      // Nothing to link yet: the header would only point at 404s. Name what to publish first.
      links = [missing[0]];
      steps.push({
        title: `Publish ${missing[0].label} first (check ${missing[0].check})`,
        body:
          `This scan found none of ${describeLinks(missing)}, so there is nothing to link yet. Once ${missing[0].href} is ` +
          'published, add the header below; add the others as you publish them.',
      });
    } else {
      links = [...present, ...unknown];
      steps.push({
        title: 'Choose the links',
        body: `Link only resources that exist: ${describeLinks(links)}. Several values go in one header, comma-separated.`,
      });
    }
    // Links to what the scan found are the site's; under fix, a link to a file it has not found is
    // written only once the plan publishes that file from the site (plan.ts checks the targets).
    const linksSource = fx.site || links.every((l) => present.includes(l)) ? 'site' : 'example';
    steps.push(...addHeaderSteps(fx, { name: 'Link', value: linkHeaderValue(links), source: linksSource, values: linkValues(links, linksSource) }));
    steps.push(verifyStep(sh`curl -sI ${fx.origin}/ | grep -i '^link:'`, `Expect a Link header with ${links.map((l) => `rel="${l.rel}"`).join(', ')}.`));
    steps.push(specStep(SPEC.slice(0, 2)));
    return steps.slice(0, 6);
  },
});

/**
 * The files that publish the site's own content, built from SiteFacts (what `ai-ready fix` read
 * of the site): llms.txt, llms-full.txt, sitemap.xml, each page's Markdown twin and the JSON-LD
 * Organization/WebSite. Each builder returns null when the facts do not hold what the file needs
 * (no production origin, no name, no pages): the guide then names the value instead of inventing it.
 */
import type { FixStep, PublishedValue } from '../schema.js';
import type { SiteFacts, SitePage, Sourced } from './site-facts.js';
import { xmlAttr } from './escape.js';

/** llms.txt stays well under the 50,000 characters its guidance names. */
const LLMS_MAX_CHARS = 40_000;
/** llms-full.txt is cut here (agents read it whole). */
const LLMS_FULL_MAX_CHARS = 2_000_000;

/** Where a site-derived file's values come from: the owner's when the owner gave the name or origin, else the site. */
export function factsSource(site: SiteFacts): NonNullable<FixStep['source']> {
  return site.name?.source === 'owner' || site.origin?.source === 'owner' ? 'owner' : 'site';
}

/** URLs a file lists are shorter than this (sitemaps.org: a <loc> is less than 2,048 characters); a longer one is left out, never cut. */
export const MAX_LISTED_URL = 2048;

/** The pages a file may list: read, at the production origin, with a URL of a sane length. */
export function listablePages(site: SiteFacts): SitePage[] {
  if (!site.origin) return [];
  return site.pages.filter((p) => p.url.length < MAX_LISTED_URL && (p.url.startsWith(`${site.origin!.value}/`) || p.url === site.origin!.value));
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** A file built from the site, with each value it carries and where that value comes from (FixStep.values). */
export interface Built {
  content: string;
  values: PublishedValue[];
}

/** A fact of the site (name, description, origin) as a published value. */
export function factValue(name: string, fact: Sourced<string>, value = oneLine(fact.value)): PublishedValue {
  return { name, value, source: fact.source, from: fact.from };
}

/** A value read on one page (its title, description, content: the site's); its URL takes the origin's source. */
function pageValue(site: SiteFacts, p: SitePage, what: 'title' | 'description' | 'url' | 'content', value?: string): PublishedValue {
  const source = what === 'url' && site.origin?.source === 'owner' ? 'owner' : 'site';
  return {
    name: `page ${p.path} ${what}`,
    ...(value === undefined ? {} : { value }),
    source,
    from: what === 'url' && site.origin ? `${site.origin.from} + the page's path` : p.fetchedUrl,
  };
}

/** A value the owner gave (`--set`, ai-ready.fix.json, an answer at the terminal), as it is written. */
export function ownerValue(name: string, value: string | undefined): PublishedValue {
  return { name, ...(value === undefined ? {} : { value }), source: 'owner', from: 'the owner (--set, ai-ready.fix.json or an answer)' };
}

/** The summary line's value, when the site (or owner) gave a description. */
const summaryValues = (site: SiteFacts): PublishedValue[] => [
  factValue('siteName', site.name!),
  ...(site.description ? [factValue('description', site.description)] : []),
];

/** A Markdown link: brackets in the text escaped, parentheses and spaces in the URL encoded. */
export function mdLink(text: string, url: string): string {
  return `[${oneLine(text).replace(/[\\[\]]/g, (c) => `\\${c}`)}](${url.replace(/[()\s]/g, encodeURIComponent)})`;
}

const TITLE_SEPARATORS = /\s+[|\-–—·•:»]\s+/;

/** A page's name: its title without the site's name ("Tides | Harbour" -> "Tides"), else its path. */
export function pageName(p: SitePage, siteName?: string): string {
  if (!p.title) return p.path === '/' ? 'Home' : p.path;
  const parts = p.title.split(TITLE_SEPARATORS).map((x) => x.trim());
  const rest = siteName && parts.length > 1 ? parts.filter((x) => x !== siteName) : parts;
  return rest.length && rest.length < parts.length ? rest.join(' - ') : p.title;
}

/** "docs" for /docs/intro; "" for the home page and root-level pages. */
function section(p: SitePage): string {
  const parts = p.path.split('/').filter(Boolean);
  return parts.length > 1 ? parts[0] : '';
}

const sectionTitle = (s: string) => (s ? (s[0].toUpperCase() + s.slice(1)).replace(/[-_]+/g, ' ') : 'Pages');

/** llms.txt: `# name`, `> description`, one `- [title](url): description` per page, sectioned by first path segment. */
export function llmsTxtFromSite(site: SiteFacts): Built | null {
  const pages = listablePages(site);
  if (!site.name || !pages.length) return null;
  const values = summaryValues(site);
  const groups = new Map<string, SitePage[]>();
  for (const p of pages) groups.set(section(p), [...(groups.get(section(p)) ?? []), p]);
  let out = `# ${oneLine(site.name.value)}\n\n${site.description ? `> ${oneLine(site.description.value)}\n\n` : ''}`;
  for (const [s, list] of [...groups].sort((a, b) => (a[0] === '' ? -1 : b[0] === '' ? 1 : 0))) {
    let block = `## ${sectionTitle(s)}\n\n`;
    for (const p of list) {
      const title = oneLine(pageName(p, site.name!.value));
      const line = `- ${mdLink(title, p.url)}${p.description ? `: ${oneLine(p.description)}` : ''}\n`;
      if (out.length + block.length + line.length > LLMS_MAX_CHARS) break;
      block += line;
      values.push(pageValue(site, p, 'title', title), pageValue(site, p, 'url', p.url));
      if (p.description) values.push(pageValue(site, p, 'description', oneLine(p.description)));
    }
    out += `${block}\n`;
  }
  return { content: `${out.replace(/\n+$/, '')}\n`, values };
}

/** llms-full.txt: the name, the summary, then each page's Markdown under its title with a Source line. */
export function llmsFullFromSite(site: SiteFacts): Built | null {
  const pages = listablePages(site).filter((p) => p.markdown);
  if (!site.name || !pages.length) return null;
  const values = summaryValues(site);
  let out = `# ${oneLine(site.name.value)}\n\n${site.description ? `> ${oneLine(site.description.value)}\n\n` : ''}`;
  for (const p of pages) {
    const title = oneLine(pageName(p, site.name!.value));
    const part = `## ${title}\n\nSource: ${p.url}\n\n${demote(p.markdown!)}\n\n`;
    if (out.length + part.length > LLMS_FULL_MAX_CHARS) break;
    out += part;
    values.push(pageValue(site, p, 'title', title), pageValue(site, p, 'url', p.url), pageValue(site, p, 'content'));
  }
  return { content: `${out.replace(/\n+$/, '')}\n`, values };
}

/** Headings one level down (a page's H1 becomes ### under its ## title), outside code fences. */
function demote(md: string): string {
  let fenced = false;
  return md
    .split('\n')
    .map((l) => {
      if (/^\s*(```|~~~)/.test(l)) fenced = !fenced;
      return !fenced && /^#{1,5} /.test(l) ? `##${l}` : l;
    })
    .join('\n');
}

/** sitemap.xml listing every page read, at the production origin. */
export function sitemapFromSite(site: SiteFacts): Built | null {
  const pages = listablePages(site);
  if (!pages.length) return null;
  const entries = pages.map((p) => `  <url>\n    <loc>${xmlAttr(p.url)}</loc>\n  </url>\n`).join('');
  return {
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</urlset>\n`,
    values: pages.map((p) => pageValue(site, p, 'url', xmlAttr(p.url))),
  };
}

/** A page's Markdown twin: its title, its description, its main content (links at the production origin). */
export function twinFromPage(site: SiteFacts, p: SitePage): Built | null {
  if (!p.markdown && !p.description) return null;
  let body = (p.markdown ?? '').replace(/^\s+/, '');
  // The page's own H1 leads when it has one (part of its content); else its title.
  const title = oneLine(pageName(p, site.name?.value));
  let head = `# ${title}`;
  const h1 = /^# \S[^\n]*/.exec(body);
  if (h1) {
    head = h1[0];
    body = body.slice(h1[0].length).replace(/^\s+/, '');
  }
  const summary = p.description && !body.includes(p.description) ? `> ${oneLine(p.description)}\n\n` : '';
  const values = [
    ...(h1 ? [] : [pageValue(site, p, 'title', title)]),
    ...(summary ? [pageValue(site, p, 'description', oneLine(p.description!))] : []),
    ...(p.markdown?.trim() ? [pageValue(site, p, 'content')] : []),
  ];
  return { content: `${`${head}\n\n${summary}${body}`.replace(/\n+$/, '')}\n`, values };
}

/** JSON-LD Organization and WebSite from the name and production origin the site shows (no logo, nothing guessed). */
export function jsonLdFromSite(site: SiteFacts): Built | null {
  if (!site.name || !site.origin) return null;
  const url = `${site.origin.value}/`;
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', '@id': `${url}#organization`, name: site.name.value, url },
      { '@type': 'WebSite', '@id': `${url}#website`, name: site.name.value, url, publisher: { '@id': `${url}#organization` } },
    ],
  };
  // `<` escaped so no text can close the script element.
  return {
    content: `<script type="application/ld+json">${JSON.stringify(graph).replace(/</g, '\\u003c')}</script>`,
    values: [factValue('siteName', site.name, site.name.value), factValue('origin', site.origin, url)],
  };
}

/** The generators that keep each file current, by framework (fix writes the snapshot either way). */
export const GENERATORS: Record<string, Partial<Record<'llms' | 'sitemap', string>>> = {
  docusaurus: { llms: 'docusaurus-plugin-llms', sitemap: '@docusaurus/plugin-sitemap (in preset-classic)' },
  vitepress: { llms: 'vitepress-plugin-llms', sitemap: 'VitePress `sitemap: { hostname }` in .vitepress/config' },
  astro: { llms: 'astro-llms-generate', sitemap: '@astrojs/sitemap' },
  nuxt: { llms: 'nuxt-llms', sitemap: '@nuxtjs/sitemap' },
  jekyll: { sitemap: 'jekyll-sitemap' },
  gatsby: { sitemap: 'gatsby-plugin-sitemap' },
  hugo: { sitemap: "Hugo's built-in sitemap (on unless `disableKinds` lists it)" },
  nextjs: { sitemap: 'app/sitemap.ts (Next.js metadata route)' },
};

/** A step naming the generator that keeps `kind` current on the project's framework; null when none is known. */
export function generatorStep(site: SiteFacts, kind: 'llms' | 'sitemap', file: string): FixStep | null {
  const g = site.framework ? GENERATORS[site.framework]?.[kind] : undefined;
  if (!g) return null;
  return {
    title: `Keep ${file} current with ${g.split(' ')[0]}`,
    body:
      `ai-ready fix wrote ${file} from the pages it read today;` +
      ` ${g} regenerates it on every build. Run ai-ready fix again to refresh the snapshot otherwise.`,
  };
}

/** The steps with `source` set on each one that publishes something. */
export function withSource(steps: FixStep[], source: NonNullable<FixStep['source']>): FixStep[] {
  return steps.map((s) => (s.publish ? { ...s, source } : s));
}

/** The values a site-derived file still lacks: the production origin (`domain`) and the site's name. */
export function missingFacts(site: SiteFacts, needName: boolean): Array<'domain' | 'siteName'> {
  return [...(site.origin ? [] : (['domain'] as const)), ...(needName && !site.name ? (['siteName'] as const) : [])];
}

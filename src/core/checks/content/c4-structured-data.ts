import { defineCheck, type FixContext, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { isObject } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { MAX_DOM_DEPTH, type DomCut } from '../../gather/dom-cut.js';
import { jsonLdBlocks, type JsonLdResult } from '../../gather/jsonld.js';
import { platformHook, specStep, verifyStep, withPublish, type PublishOrigin } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { givenValue } from '../../fixes/owner-value-parse.js';
import type { OwnerValue } from '../../fixes/owner-values.js';
import { factsSource, jsonLdFromSite, missingFacts, withSource } from '../../fixes/site-content.js';

const SPEC = [
  'https://json-ld.org/spec/latest/json-ld/',
  'https://schema.org/docs/gs.html',
  'https://developers.google.com/search/docs/appearance/structured-data/intro-structured-data',
];

export interface StructuredDataArtifact {
  page: FetchResult;
  html: boolean;
  jsonld: JsonLdResult;
  /** Elements with microdata (itemscope) or RDFa (typeof) markup. */
  otherMarkup: number;
  /** Set when the page nested elements beyond the DOM depth cap (see gather/dom-cut.ts). */
  domCut?: DomCut | null;
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'C4/dom-cut':
    `Read with a cut: the page nests elements {maxDepth} deep; {flattened} element(s) beyond depth ${MAX_DOM_DEPTH} ` + 'were read flat (DOM depth cap).',
  'C4/untyped-nodes': '{count} JSON-LD node(s) have no @type.',
  'C4/no-context': 'No @context: add "@context": "https://schema.org".',
  'C4/other-markup': '{count} element(s) use microdata/RDFa; JSON-LD is the format agents and search engines parse most reliably.',
} as const;
type C4Advisory = keyof typeof ADVISORIES;

export const c4StructuredData = defineCheck<StructuredDataArtifact>()({
  meta: {
    id: 'C4',
    name: 'Structured data (JSON-LD)',
    dimension: 'content',
    tier: 'bonus',
    weight: 2,
    specUrls: SPEC,
    standards: ['jsonLd'],
    summary:
      'The page carries at least one valid JSON-LD block (<script type="application/ld+json">) describing it with schema.org ' +
      'types (Organization, WebSite, Article, Product, FAQPage, ...).',
    why: 'JSON-LD gives agents typed facts (who you are, what the page is, prices, authors) without guessing from layout.',
    remediation:
      'Add a JSON-LD block with the schema.org types that describe the page (Organization and WebSite on the home page; ' +
      'Article, Product, FAQPage where they apply).',
    pageLevel: true,
    remedies: {
      'C4/fix-invalid-json':
        'Fix the JSON-LD blocks that are not valid JSON (trailing commas, unescaped quotes, template placeholders); agents drop them entirely.',
    },
    codes: {
      'C4/not-html': 'n/a: the page is not HTML',
      'C4/invalid-json': 'partial: JSON-LD blocks that do not parse',
      'C4/ok': 'JSON-LD structured data on the page',
      'C4/missing': 'no JSON-LD block',
    },
    messages: {
      'C4/not-html': '{seen:probe}: not an HTML page.',
      'C4/invalid-json': '{seen:probe}; {nodes} valid JSON-LD node(s), {unparsed} block(s) that do not parse: {errors}. Types: {types}.',
      'C4/ok': '{seen:probe}; {nodes} JSON-LD node(s). Types: {types}.',
      'C4/missing': '{seen:probe}; no JSON-LD block.',
    },
    advisories: ADVISORIES,
    /** The @type names the page declares, and the JSON parser's own messages. */
    quoted: ['types', 'errors'],
  },
  async gather(ctx) {
    const $ = await ctx.html();
    return {
      page: ctx.page(),
      html: !!$,
      jsonld: await jsonLdBlocks(ctx),
      otherMarkup: $ ? $('[itemscope], [typeof]').length : 0,
      domCut: await ctx.domCut(),
    };
  },
  // In rendered mode: read again on the rendered DOM (checks/dom-rendered.ts).
  rendered: 'dom',
  evaluate({ page, html, jsonld, otherMarkup, domCut }, { origin }) {
    const seen = probeData(page, origin);
    if (!html) return { status: 'na', code: 'C4/not-html', data: seen, probes: [page] };
    const advisories: Array<SubFinding<C4Advisory>> = [];
    const untyped = jsonld.blocks.filter((b) => !isObject(b) || b['@type'] === undefined).length;
    if (domCut) advisories.push({ code: 'C4/dom-cut', data: { maxDepth: domCut.maxDepth, flattened: domCut.flattened } });
    if (untyped) advisories.push({ code: 'C4/untyped-nodes', data: { count: untyped } });
    const noContext = jsonld.blocks.length && !jsonld.blocks.some((b) => isObject(b) && b['@context'] !== undefined);
    if (noContext) advisories.push({ code: 'C4/no-context' });
    if (otherMarkup) advisories.push({ code: 'C4/other-markup', data: { count: otherMarkup } });
    const shown = 12;
    const types = jsonld.types.length ? `${jsonld.types.slice(0, shown).join(', ')}${jsonld.types.length > shown ? ', …' : ''}` : 'none';
    const details = { types: jsonld.types, blocks: jsonld.blocks.length, errors: jsonld.errors };
    if (jsonld.errors.length) {
      return {
        status: 'partial',
        code: 'C4/invalid-json',
        data: { ...seen, nodes: jsonld.blocks.length, unparsed: jsonld.errors.length, errors: jsonld.errors.slice(0, 3).join('; '), types },
        remedy: 'C4/fix-invalid-json',
        advisories,
        probes: [page],
        details,
      };
    }
    if (jsonld.blocks.length) {
      return {
        status: 'pass',
        code: 'C4/ok',
        data: { ...seen, nodes: jsonld.blocks.length, types },
        matched: 'JSON-LD (schema.org)',
        advisories,
        probes: [page],
        details,
      };
    }
    return { status: 'fail', code: 'C4/missing', data: seen, advisories, probes: [page], details };
  },
  fixGuide(fx) {
    const verify = [
      verifyStep(sh`curl -s ${fx.origin}/ | grep -c 'application/ld+json'`, 'Expect at least 1; validate the blocks with https://validator.schema.org/.'),
      specStep(SPEC.slice(0, 2)),
    ];
    // Under `ai-ready fix`: the name and production origin the site shows (no logo: nothing is guessed).
    const derived = fx.site ? jsonLdFromSite(fx.site) : null;
    if (fx.site && derived) return [...platformSteps(fx, derived.content, { source: factsSource(fx.site), values: derived.values }), ...verify];
    // The owner's name (validated, one line) when given; the sample's logo is a guess then left out.
    const siteName = givenValue(fx, 'siteName');
    const org = siteName
      ? { '@type': 'Organization', '@id': `${fx.origin}/#org`, name: siteName, url: `${fx.origin}/` }
      : { '@type': 'Organization', '@id': `${fx.origin}/#org`, name: 'Example Co', url: `${fx.origin}/`, logo: `${fx.origin}/logo.png` };
    // Inside <script>, "<" is written \u003c so no value can close the element.
    const json = JSON.stringify(
      {
        '@context': 'https://schema.org',
        '@graph': [
          org,
          {
            '@type': 'WebSite',
            '@id': `${fx.origin}/#website`,
            url: `${fx.origin}/`,
            name: siteName ?? 'Example Co',
            publisher: { '@id': `${fx.origin}/#org` },
          },
        ],
      },
      null,
      2,
    ).replace(/</g, '\\u003c');
    const block = `<script type="application/ld+json">\n${json}\n</script>`;
    const needs: OwnerValue[] = fx.site ? missingFacts(fx.site, true) : siteName ? [] : ['siteName'];
    return [...platformSteps(fx, block, { source: needs.length || !siteName ? 'example' : 'owner', needs }), ...verify];
  },
});

function platformSteps(fx: FixContext, block: string, origin: PublishOrigin): FixStep[] {
  const add: FixStep = { title: 'Add a JSON-LD block to the page <head>', code: block, lang: 'html' };
  const own = platformHook(fx, 'structuredData')?.(fx);
  // The block is what gets published whatever the platform's way to add it; the name is the owner's.
  const steps = own ?? [
    add,
    {
      title: 'Describe each page type',
      body:
        'Home: Organization + WebSite. Articles: Article (headline, author, datePublished). Products: Product with Offer ' +
        '(price, availability). FAQs: FAQPage.',
    },
  ];
  // The platform's own steps may publish too: each carries the caller's source.
  return withSource(withPublish(steps, { kind: 'html', path: '/', where: 'head', content: block }, origin), origin.source);
}

import { formatCount } from '../../count-format.js';
import { defineCheck, type FixContext, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { excerpt } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import {
  ACCEPT_MARKDOWN_ONLY,
  ACCEPT_MARKDOWN_PREFERRED,
  classifyMarkdown,
  isHtmlType,
  normaliseForMatch,
  type MarkdownAnswer,
} from '../../gather/markdown.js';
import { classifyMarkdownLinks } from '../../gather/markdown-links.js';
import { platformHook, specStep, throughHosts, verifyStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';

const SPEC = [
  'https://developers.cloudflare.com/fundamentals/reference/markdown-for-agents/',
  'https://www.rfc-editor.org/rfc/rfc9110#section-12',
  'https://www.rfc-editor.org/rfc/rfc7763',
];

export interface NegotiationArtifact {
  /** R1: Accept: text/markdown exactly. */
  r1: FetchResult;
  /** R2: Markdown preferred, HTML acceptable. */
  r2: FetchResult;
  /** R3: the page as a browser asks for it. */
  r3: FetchResult;
  /** The page's <title> / first <h1>, to see whether the Markdown is the same page. */
  title: string | null;
}

/** The three requests, as every outcome reports them: each probe and how its answer was read (a MarkdownAnswer). */
const REQUESTS =
  'R1 (Accept: text/markdown): {r1:probe} [{r1Answer}]; ' + `R2 (Accept: ${ACCEPT_MARKDOWN_PREFERRED}): {r2:probe} [{r2Answer}]; R3 (browser): {r3:probe}.`;

function crossHost(res: FetchResult): boolean {
  return new URL(res.url).host !== new URL(res.requestedUrl).host;
}

function varyHasAccept(res: FetchResult): boolean {
  return (res.headers.vary ?? '').split(',').some((v) => ['accept', '*'].includes(v.trim().toLowerCase()));
}

/**
 * The Content-Signal Cloudflare's Markdown for Agents adds to every converted response by default
 * (docs read 2026-11-25): it says yes to AI training whatever the site's robots.txt says, and the
 * docs promise custom policies only "in the future".
 */
export const EDGE_DEFAULT_CONTENT_SIGNAL = 'ai-train=yes, search=yes, ai-input=yes';

function signalKey(value: string): string {
  return value
    .split(',')
    .map((p) =>
      p
        .trim()
        .toLowerCase()
        .replace(/\s*=\s*/, '='),
    )
    .filter(Boolean)
    .sort()
    .join(',');
}

/** The headers of the Markdown response that agents and caches read (typed details of C1). */
export interface MarkdownResponseHeaders {
  varyAccept: boolean;
  /** x-markdown-tokens, the server's token estimate (Cloudflare sends it on converted responses). */
  markdownTokens: string | null;
  contentSignal: string | null;
  /** The Content-Signal is exactly Markdown for Agents' default policy. */
  edgeDefaultSignal: boolean;
}

export function markdownResponseHeaders(res: FetchResult): MarkdownResponseHeaders {
  const signal = res.headers['content-signal'] ?? null;
  return {
    varyAccept: varyHasAccept(res),
    markdownTokens: res.headers['x-markdown-tokens'] ?? null,
    contentSignal: signal,
    edgeDefaultSignal: signal !== null && signalKey(signal) === signalKey(EDGE_DEFAULT_CONTENT_SIGNAL),
  };
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'C1/no-vary': 'No "Vary: Accept" on the Markdown response: shared caches may serve Markdown to browsers or HTML to agents.',
  'C1/token-estimate': 'x-markdown-tokens: {tokens} (token estimate sent by the server).',
  'C1/content-signal': 'Content-Signal on the Markdown response: {signal}.',
  'C1/edge-default-signal':
    'Content-Signal on the Markdown response: {signal}. This is the default Cloudflare Markdown for Agents adds to ' +
    'converted responses (AI training allowed); check that it matches the policy in your robots.txt (B2).',
  'C1/title-not-found': 'The Markdown does not contain the page title "{title}": check it is the same page.',
  'C1/sizes': 'Size: HTML {html}, Markdown {markdown}.',
  'C1/root-relative-links':
    '{count} root-relative link(s) in the negotiated Markdown (e.g. {examples}): they resolve only while the base URL ' +
    'is known; agent-docs-spec markdown-link-portability warns. Write absolute URLs in the Markdown.',
  'C1/path-relative-links':
    '{count} path-relative link(s) in the negotiated Markdown (e.g. {examples}): without the base URL they point nowhere; ' +
    'agent-docs-spec markdown-link-portability fails. Write absolute URLs in the Markdown.',
} as const;
type C1Advisory = keyof typeof ADVISORIES;

export const c1MarkdownNegotiation = defineCheck<NegotiationArtifact>()({
  meta: {
    id: 'C1',
    name: 'Markdown content negotiation',
    dimension: 'content',
    tier: 'essential',
    weight: 10,
    level: { rung: 3 },
    anchorKey: 'markdownNegotiation',
    specUrls: SPEC,
    standards: ['markdownForAgents', 'agentDocsSpec'],
    summary: 'A request for the page with Accept: text/markdown gets Content-Type: text/markdown and a Markdown body, while browsers still get HTML.',
    why:
      'Markdown costs agents a fraction of the tokens of HTML and carries no navigation, scripts or styling noise; asking ' +
      'for it by Accept header works on any URL.',
    remediation:
      'Answer requests whose Accept prefers text/markdown with a Markdown version of the page (Content-Type: text/markdown; ' +
      'Vary: Accept), keeping HTML for browsers.',
    pageLevel: true,
    remedies: {
      'C1/serve-html-to-browsers': 'Serve HTML when the Accept header does not prefer text/markdown (browsers send text/html first).',
      'C1/serve-from-page-url': 'Serve the Markdown from the page URL itself; agents may not follow cross-host redirects for content.',
      'C1/honour-q-values': 'Honour q-values: prefer Markdown whenever text/markdown has the highest quality in Accept, not only when it is the sole type.',
      'C1/answer-bare-accept': 'Also answer a bare "Accept: text/markdown" with Markdown.',
      'C1/send-markdown-type': 'Send it with Content-Type: text/markdown; charset=utf-8.',
    },
    codes: {
      'C1/markdown-to-browsers': 'browsers get Markdown: negotiation is broken for people',
      'C1/not-html': 'n/a: the page is not HTML, so there is nothing to negotiate',
      'C1/cross-host': 'partial: Markdown only through a redirect to another host',
      'C1/bare-accept-only': 'partial: only a bare "Accept: text/markdown" gets Markdown',
      'C1/mixed-accept-only': 'partial: Markdown for a mixed Accept header, not for a bare one',
      'C1/wrong-type': 'partial: a Markdown body with a content type other than text/markdown',
      'C1/no-markdown': 'requests that ask for Markdown get HTML',
      'C1/no-answer': 'requests that ask for Markdown get nothing usable (an error, an empty body, JSON, XML or binary data)',
      'C1/ok': 'Markdown is negotiated and browsers still get HTML',
    },
    messages: {
      'C1/markdown-to-browsers': `Browsers receive Markdown: negotiation is broken for humans. ${REQUESTS}`,
      'C1/cross-host': `Markdown only through a redirect to another host ({host}). ${REQUESTS}`,
      'C1/bare-accept-only': `Only a bare "Accept: text/markdown" gets Markdown; an agent that also lists text/html gets HTML. ${REQUESTS}`,
      'C1/mixed-accept-only': `Markdown is served for a mixed Accept header but not for a bare "Accept: text/markdown". ${REQUESTS}`,
      'C1/wrong-type': `A Markdown body comes back, but with Content-Type {type}. ${REQUESTS}`,
      'C1/no-markdown': `Requests for Markdown get HTML. ${REQUESTS}`,
      'C1/no-answer': `No Markdown for requests that ask for it. ${REQUESTS}`,
      'C1/ok': `Markdown is negotiated; browsers still get HTML. ${REQUESTS}`,
      'C1/not-html': '{seen:probe}: the page is not HTML, so there is nothing to negotiate.',
    },
    advisories: ADVISORIES,
    /** What the site sent: its header values, its page title and link examples from its Markdown. */
    quoted: ['tokens', 'signal', 'title', 'examples'],
  },
  pageRequests: (pageUrl) => [
    { url: pageUrl.href, options: { accept: ACCEPT_MARKDOWN_ONLY } },
    { url: pageUrl.href, options: { accept: ACCEPT_MARKDOWN_PREFERRED } },
  ],
  async gather(ctx) {
    const url = ctx.pageUrl.href;
    const [r1, r2, $] = await Promise.all([
      ctx.fetch(url, { accept: ACCEPT_MARKDOWN_ONLY }),
      ctx.fetch(url, { accept: ACCEPT_MARKDOWN_PREFERRED }),
      ctx.html(),
    ]);
    const title = $ ? $('h1').first().text().trim() || $('title').first().text().trim() || null : null;
    return { r1, r2, r3: ctx.page(), title: title ? title.slice(0, 200) : null };
  },
  evaluate({ r1, r2, r3, title }, { origin }) {
    const a1 = classifyMarkdown(r1);
    const a2 = classifyMarkdown(r2);
    // Every outcome reports the three requests the same way (REQUESTS in its template).
    const requests = { ...probeData(r1, origin, 'r1'), r1Answer: a1, ...probeData(r2, origin, 'r2'), r2Answer: a2, ...probeData(r3, origin, 'r3') };
    const probes = [r1, r2, r3];

    if (r3.contentType === 'text/markdown') {
      return {
        status: 'fail',
        code: 'C1/markdown-to-browsers',
        data: requests,
        remedy: 'C1/serve-html-to-browsers',
        probes,
      };
    }
    if (!isHtmlType(r3.contentType)) {
      return { status: 'na', code: 'C1/not-html', data: probeData(r3, origin), probes: [r3] };
    }

    const advisories: Array<SubFinding<C1Advisory>> = [];
    const sized = (r: FetchResult) => `${formatCount(r.body.length)} B`;
    const good1 = a1 === 'markdown' && r1.status === r3.status;
    const good2 = a2 === 'markdown' && r2.status === r3.status;
    const markdownRes = good1 ? r1 : good2 ? r2 : null;
    const headers = markdownRes ? markdownResponseHeaders(markdownRes) : null;
    if (markdownRes && headers) {
      if (!headers.varyAccept) advisories.push({ code: 'C1/no-vary' });
      if (headers.markdownTokens) advisories.push({ code: 'C1/token-estimate', data: { tokens: excerpt(headers.markdownTokens, 20) } });
      if (headers.contentSignal) {
        const signal = excerpt(headers.contentSignal, 100);
        advisories.push({ code: headers.edgeDefaultSignal ? 'C1/edge-default-signal' : 'C1/content-signal', data: { signal } });
      }
      if (title && !normaliseForMatch(markdownRes.text.slice(0, 200_000)).includes(normaliseForMatch(title))) {
        advisories.push({ code: 'C1/title-not-found', data: { title: excerpt(title, 60) } });
      }
      advisories.push({ code: 'C1/sizes', data: { html: sized(r3), markdown: sized(markdownRes) } });
      const links = classifyMarkdownLinks(markdownRes.text);
      if (links.pathRelative)
        advisories.push({ code: 'C1/path-relative-links', data: { count: links.pathRelative, examples: links.examples.pathRelative.join(', ') } });
      if (links.rootRelative)
        advisories.push({ code: 'C1/root-relative-links', data: { count: links.rootRelative, examples: links.examples.rootRelative.join(', ') } });
    }
    const matched = 'RFC 9110 content negotiation, text/markdown (RFC 7763)';
    const details = headers ? { markdownResponse: headers } : undefined;

    if (good1 && crossHost(r1)) {
      return {
        status: 'partial',
        code: 'C1/cross-host',
        data: { host: new URL(r1.url).host, ...requests },
        remedy: 'C1/serve-from-page-url',
        matched,
        advisories,
        probes,
        details,
      };
    }
    if (good1 && good2) return { status: 'pass', code: 'C1/ok', data: requests, matched, advisories, probes, details };
    if (good1) {
      return {
        status: 'partial',
        code: 'C1/bare-accept-only',
        data: requests,
        remedy: 'C1/honour-q-values',
        matched,
        advisories,
        probes,
        details,
      };
    }
    if (good2) {
      return {
        status: 'partial',
        code: 'C1/mixed-accept-only',
        data: requests,
        remedy: 'C1/answer-bare-accept',
        matched,
        advisories,
        probes,
        details,
      };
    }
    if (a1 === 'markdown-wrong-type' && r1.status === r3.status) {
      return {
        status: 'partial',
        code: 'C1/wrong-type',
        data: { type: r1.contentType ?? 'none', ...requests },
        remedy: 'C1/send-markdown-type',
        advisories,
        probes,
      };
    }
    return {
      status: 'fail',
      code: a1 === 'html' ? 'C1/no-markdown' : 'C1/no-answer',
      data: requests,
      probes,
    };
  },
  fixGuide(fx) {
    return [
      ...platformSteps(fx),
      {
        title: 'Send the right headers',
        body:
          'The Markdown response needs Content-Type: text/markdown; charset=utf-8 and Vary: Accept (so caches keep the two ' +
          'versions apart); the HTML response should carry Vary: Accept too. Compare q-values: "text/markdown, text/html;q=0.9" ' +
          'prefers Markdown. Optional, as Cloudflare sends them: x-markdown-tokens (a token estimate agents use to size their ' +
          'context) and a Content-Signal stating your AI-use policy.',
        code: 'Content-Type: text/markdown; charset=utf-8\nVary: Accept\nx-markdown-tokens: 725\nContent-Signal: search=yes, ai-input=yes, ai-train=no',
        lang: 'http',
      },
      verifyStep(
        sh`curl -sI -H 'Accept: text/markdown' ${fx.origin}/ | grep -iE '^(content-type|vary)'\ncurl -sI ${fx.origin}/ | grep -i '^content-type'`,
        'Expect text/markdown for the first request and text/html for the second.',
      ),
      specStep(SPEC.slice(0, 2)),
    ];
  },
});

/** The neutral edge step: an edge that converts HTML to Markdown, for any origin. */
const edgeStep: FixStep = {
  title: 'Turn on Cloudflare "Markdown for Agents"',
  body:
    'If the site is proxied by Cloudflare (Pro, Business or Enterprise plan, or SSL for SaaS), enable Markdown for ' +
    'Agents for the zone: dashboard → the zone → Quick Actions → Markdown for Agents, or the API call below (a token ' +
    'with Zone Settings edit). Cloudflare then converts HTML to Markdown at the edge for requests whose Accept lists ' +
    'text/markdown, with Vary: accept and x-markdown-tokens. ' +
    'It converts HTML only, not compressed origin responses (let the origin answer uncompressed to Cloudflare), and ' +
    'it is one setting per zone. Converted responses carry Content-Signal: ai-train=yes, search=yes, ai-input=yes by ' +
    'default; state your own policy in robots.txt if that is not it.',
  code:
    "curl -X PATCH 'https://api.cloudflare.com/client/v4/zones/{zone_id}/settings/content_converter' \\\n  -H " +
    "'Authorization: Bearer {api_token}' -H 'Content-Type: application/json' --data '{\"value\":\"on\"}'",
  lang: 'bash',
};

/** Platform steps; a host in front of the site may add its own (an edge setting, whatever the platform). */
/**
 * Negotiation is server behaviour, not a file, header or page edit a guide can publish: the steps
 * say what the server (or the edge) must do. The Markdown it serves is made from the site's own
 * pages, so nothing is asked of the owner (no page text to type in).
 */
function platformSteps(fx: FixContext): FixStep[] {
  return throughHosts(fx, 'markdownNegotiation', platformOnlySteps(fx), edgeStep);
}

function platformOnlySteps(fx: FixContext): FixStep[] {
  const own = platformHook(fx, 'markdownNegotiation')?.(fx, edgeStep);
  if (own) return own;
  return [
    edgeStep,
    {
      title: 'Or negotiate in your app',
      body:
        'When Accept prefers text/markdown, respond with the Markdown version of the page (a pre-rendered .md twin, or ' +
        'an HTML→Markdown conversion of the main content) and headers Content-Type: text/markdown; charset=utf-8 and Vary: ' +
        'Accept.',
    },
  ];
}

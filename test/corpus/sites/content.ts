/** Corpus variants of the content checks (C1-C4), docs-only negotiation among them. */
import type { Route } from '../../helpers/fixture-server.js';
import type { Variant } from '../types.js';
import { H, MD, PROSE, T, XML, html, negotiating, page, prefersMarkdown, text, urlset } from './shared.js';

const HOME_MD = '# Corpus Co\n\nCorpus Co writes plain guides about gardening tools.\n';
const home = { headers: H, body: html(`<main><h1>Corpus Co</h1>${PROSE}</main>`) };
const V2 = 'llmstxt.org v2 (AnswerDotAI/llms-txt nbs/index.qmd at 61bbcf99, date-modified 2026-08-10)';
const CF_MD = 'Cloudflare "Markdown for Agents" (Accept: text/markdown, Vary: Accept, text/markdown response)';

/** Negotiates on Accept but always says text/plain for the Markdown body. */
const plainMarkdown: Route = negotiating(HOME_MD, home, 'text/plain; charset=utf-8');

export const content: Variant[] = [
  {
    name: 'markdown-negotiation',
    models: 'the home page answers Accept: text/markdown with Markdown and browsers with HTML (Vary: Accept)',
    site: () => ({ '/': negotiating(HOME_MD, home) }),
    expect: { C1: 'pass' },
    codes: { C1: 'C1/ok' },
    source: `RFC 9110 §12.5.1 (Accept) and §12.5.5 (Vary); ${CF_MD}`,
  },
  {
    name: 'markdown-negotiation-no-vary',
    models: 'Markdown negotiated correctly but without Vary: Accept',
    site: () => ({
      '/': (req, res) => {
        const md = prefersMarkdown(String(req.headers.accept ?? ''));
        res.writeHead(200, md ? MD : home.headers);
        res.end(req.method === 'HEAD' ? undefined : md ? HOME_MD : home.body);
      },
    }),
    expect: { C1: 'pass' },
    codes: { C1: 'C1/ok' },
    source: 'RFC 9110 §12.5.5 (an origin server SHOULD send Vary: a SHOULD, so an advisory); catalog C1 (Vary is an advisory header)',
  },
  {
    name: 'markdown-to-browsers',
    models: 'the page answers Markdown to every request, browsers included',
    site: () => ({
      '/': (req, res) => {
        res.writeHead(200, MD);
        res.end(req.method === 'HEAD' ? undefined : HOME_MD);
      },
    }),
    expect: { C1: 'fail' },
    codes: { C1: 'C1/markdown-to-browsers' },
    source: 'RFC 9110 §12.5.1 (the browser Accept ranks text/html first); our decision docs/check-codes.md C1/markdown-to-browsers',
  },
  {
    name: 'markdown-bare-accept-only',
    models: 'Markdown only for a bare "Accept: text/markdown"; a realistic mixed Accept gets HTML',
    site: () => ({
      '/': (req, res) => {
        const md = String(req.headers.accept ?? '').trim() === 'text/markdown';
        res.writeHead(200, { ...(md ? MD : home.headers), vary: 'Accept' });
        res.end(req.method === 'HEAD' ? undefined : md ? HOME_MD : home.body);
      },
    }),
    expect: { C1: 'partial' },
    codes: { C1: 'C1/bare-accept-only' },
    source:
      'RFC 9110 §12.5.1 (q-values: "text/markdown, text/html;q=0.9" prefers Markdown); catalog C1 (R2 realistic agent header, a documented divergence from the anchor)',
  },
  {
    name: 'markdown-wrong-content-type',
    models: 'negotiated Markdown body labelled text/plain',
    site: () => ({ '/': plainMarkdown }),
    expect: { C1: 'partial' },
    codes: { C1: 'C1/wrong-type' },
    source: `RFC 7763 §2 (text/markdown media type); ${CF_MD}`,
  },
  {
    name: 'markdown-cross-host',
    models: 'Accept: text/markdown gets a redirect to Markdown on another host',
    site: ({ other }) => ({
      '/': (req, res) => {
        if (prefersMarkdown(String(req.headers.accept ?? ''))) {
          res.writeHead(302, { location: `${other}/index.md`, vary: 'Accept' });
          res.end();
          return;
        }
        res.writeHead(200, { ...home.headers, vary: 'Accept' });
        res.end(req.method === 'HEAD' ? undefined : home.body);
      },
    }),
    otherSite: () => ({ '/index.md': text(HOME_MD, MD) }),
    expect: { C1: 'partial' },
    codes: { C1: 'C1/cross-host' },
    source: `${CF_MD} (Markdown from the page URL itself); our decision docs/check-codes.md C1/cross-host`,
  },
  {
    name: 'no-markdown',
    models: 'an HTML-only page ignores Accept: text/markdown',
    site: () => ({ '/': page() }),
    expect: { C1: 'fail', C2: 'fail', C3: 'pass' },
    codes: { C1: 'C1/no-markdown', C2: 'C2/missing', C3: 'C3/ok' },
    source: `${CF_MD}; agent-docs-spec content-negotiation and markdown-url-support`,
  },
  {
    name: 'html-for-markdown-url',
    models: 'the .md twin of the page answers 200 with HTML (SPA fallback)',
    site: () => ({ '/': page('Corpus Co', '<link rel="alternate" type="text/markdown" href="/index.md">'), '/index.md': page() }),
    expect: { C2: 'fail' },
    codes: { C2: 'C2/missing' },
    source: 'agent-docs-spec markdown-url-support; catalog §2.3 (HTML answered for a Markdown URL is a soft 404)',
  },
  {
    name: 'markdown-url-wrong-type',
    models: 'the .md twin is Markdown but served as application/octet-stream',
    site: () => ({
      '/': page('Corpus Co', '<link rel="alternate" type="text/markdown" href="/index.md">'),
      '/index.md': text(HOME_MD, { 'content-type': 'application/octet-stream' }),
    }),
    expect: { C2: 'partial' },
    codes: { C2: 'C2/wrong-type' },
    source: 'RFC 7763 §2 (text/markdown); agent-docs-spec markdown-url-support',
  },
  {
    name: 'markdown-twin-extension-replaced',
    models: 'page.html has its Markdown twin at page.md (extension replaced), not page.html.md',
    path: '/guides/spades.html',
    site: () => ({ '/guides/spades.html': page('Spades'), '/guides/spades.md': text(HOME_MD, MD) }),
    expect: { C2: 'pass' },
    codes: { C2: 'C2/ok' },
    source: `${V2}: "either with .md appended (page.html.md) or with the extension replaced by .md (page.md)"`,
  },
  {
    name: 'markdown-twin-index-html-md',
    models: 'the home page has its Markdown twin at /index.html.md only',
    site: () => ({ '/': page(), '/index.html.md': text(HOME_MD, MD) }),
    expect: { C2: 'pass' },
    codes: { C2: 'C2/ok' },
    source: `${V2}: "URLs without file names should append index.html.md or index.md instead"`,
  },
  {
    name: 'markdown-alternate-link-header',
    models: 'the page names its Markdown version only in a Link: rel="alternate"; type="text/markdown" header, at a non-conventional URL',
    site: () => ({ '/': page('Corpus Co', '', { link: '</md/home>; rel="alternate"; type="text/markdown"' }), '/md/home': text(HOME_MD, MD) }),
    expect: { C2: 'pass', D3: 'pass' },
    codes: { C2: 'C2/ok', D3: 'D3/ok' },
    source: `${V2}: "These links can be provided as HTML <link> elements, or as an HTTP Link: response header"`,
  },
  {
    name: 'describedby-llms-scoped',
    models: 'a /docs/ page names /docs/llms.txt, the file covering it, with <link rel="describedby"> and a Link: header',
    path: '/docs/setup',
    site: ({ origin }) => ({
      '/docs/setup': page('Setup', '<link rel="describedby" href="/docs/llms.txt">', { link: '</docs/llms.txt>; rel="describedby"' }),
      '/docs/llms.txt': text(`# Corpus Docs\n\n> Docs.\n\n## Guides\n- [Setup](${origin}/docs/setup.md): first steps\n`),
      '/docs/setup.md': text('# Setup\n', MD),
    }),
    expect: { D3: 'pass', D4: 'pass', D6: 'pass', C2: 'pass' },
    codes: { D3: 'D3/ok', D4: 'D4/ok', D6: 'D6/ok', C2: 'C2/ok' },
    source: `${V2}: "rel=describedby points to the llms.txt file that covers it ... /docs/llms.txt covers everything in /docs/"`,
  },
  {
    name: 'js-shell',
    models: 'a client-rendered app shell: empty root and a noscript notice',
    site: () => ({
      '/': {
        headers: H,
        body: '<!doctype html><html><head><title>App</title><script type="module" src="/app.js"></script></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>',
      },
    }),
    expect: { C3: 'fail' },
    codes: { C3: 'C3/js-shell' },
    source: 'agent-docs-spec rendering-strategy (agents do not run JavaScript)',
  },
  {
    name: 'json-ld-valid',
    models: 'an Organization JSON-LD block in the head',
    site: ({ origin }) => ({
      '/': page(
        'Corpus Co',
        `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Corpus Co","url":"${origin}/"}</script>`,
      ),
    }),
    expect: { C4: 'pass' },
    codes: { C4: 'C4/ok' },
    source: 'W3C JSON-LD 1.1 §7 (embedding in HTML); schema.org Organization',
  },
  {
    name: 'json-ld-invalid',
    models: 'a JSON-LD block that does not parse',
    site: () => ({ '/': page('Corpus Co', '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization",</script>') }),
    expect: { C4: 'partial' },
    codes: { C4: 'C4/invalid-json' },
    source: 'W3C JSON-LD 1.1 §7 (the script content must be valid JSON)',
  },
  {
    name: 'docs-only-negotiation',
    models: 'a marketing home page without Markdown; /docs/* pages negotiate Markdown, listed in llms.txt and the sitemap',
    site: ({ origin }) => {
      const doc =
        (title: string): Route =>
        (req, res) => {
          const md = prefersMarkdown(String(req.headers.accept ?? ''));
          res.writeHead(200, { ...(md ? MD : H), vary: 'Accept' });
          res.end(
            req.method === 'HEAD'
              ? undefined
              : md
                ? `# ${title}\n\nHow to use ${title}.\n`
                : html(
                    `<main><h1>${title}</h1>${PROSE}</main>`,
                    `<link rel="alternate" type="text/markdown" href="${origin}/docs/${title.toLowerCase()}">`,
                    title,
                  ),
          );
        };
      return {
        '/': page('Corpus Co: the best tools'),
        '/docs/spades': doc('Spades'),
        '/docs/rakes': doc('Rakes'),
        '/robots.txt': text(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`, T),
        '/sitemap.xml': text(urlset(`${origin}/`, `${origin}/docs/spades`, `${origin}/docs/rakes`), XML),
        '/llms.txt': text(`# Corpus Co\n\n> Guides about tools.\n\n## Docs\n- [Spades](${origin}/docs/spades)\n- [Rakes](${origin}/docs/rakes)\n`),
      };
    },
    expect: { C1: 'partial' },
    source: 'issue 11 (site scope: pass when all sampled pages pass, partial when some do); afdocs sampling ("warn")',
  },
];

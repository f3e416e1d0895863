/**
 * The sample site of `ai-ready demo`: a small WordPress blog as most are published today (robots.txt
 * with a sitemap, Yoast-style JSON-LD, a REST API link, no llms.txt, no agent cards), served on
 * 127.0.0.1 only, so a newcomer sees a full report (a grade D with fixes to make) without a site of
 * their own. Written for this tool; no real site's text.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Page {
  status?: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

const HTML = 'text/html; charset=utf-8';

const POSTS = [
  {
    slug: 'raised-beds',
    title: 'Building raised beds from reclaimed boards',
    text:
      'Raised beds warm up earlier in spring, drain well after heavy rain and keep paths free of weeds. We built ' +
      'four from reclaimed decking boards in one weekend: here is the cutting list, the tools we used and what we ' +
      'would do differently next time.',
  },
  {
    slug: 'tomato-diary',
    title: 'A season of heritage tomatoes',
    text:
      'Twelve heritage varieties, one greenhouse and a notebook. We recorded sowing dates, first flowers, first ripe ' +
      'fruit and taste notes for each plant, and which ones we will grow again.',
  },
  {
    slug: 'compost-basics',
    title: 'Compost in three bins',
    text:
      'Three bins make composting a routine: one to fill, one to rot and one to use. Turn the middle bin every ' +
      'fortnight, keep it as damp as a wrung-out sponge, and the finished compost is ready in about four months.',
  },
];

function page(origin: string, title: string, main: string): string {
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', name: 'Garden Notes', url: `${origin}/` },
      { '@type': 'WebPage', name: title, url: `${origin}/` },
    ],
  };
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – Garden Notes</title>
<meta name="generator" content="WordPress 6.8">
<meta name="description" content="Notes from a small allotment garden: raised beds, tomatoes and compost.">
<link rel="stylesheet" href="${origin}/wp-content/themes/twentytwentyfive/style.css">
<link rel="https://api.w.org/" href="${origin}/wp-json/">
<script type="application/ld+json" class="yoast-schema-graph">${JSON.stringify(graph)}</script>
</head>
<body class="home blog wp-theme-twentytwentyfive">
<header class="wp-block-template-part"><a href="${origin}/">Garden Notes</a>
<nav><a href="${origin}/about/">About</a> ${POSTS.map((p) => `<a href="${origin}/${p.slug}/">${p.title}</a>`).join(' ')}</nav></header>
<main class="wp-block-group">${main}</main>
<footer><p>Proudly powered by WordPress</p></footer>
<script src="${origin}/wp-includes/js/wp-emoji-release.min.js"></script>
</body>
</html>`;
}

function article(title: string, text: string): string {
  const paragraphs = Array.from(
    { length: 5 },
    (_, i) => `<p>${text} ${i ? `Part ${i + 1} goes further into the details, with photographs and the measurements we took along the way.` : ''}</p>`,
  ).join('\n');
  return `<article><h1>${title}</h1>\n${paragraphs}</article>`;
}

/** The routes of the sample site, for its origin (http://127.0.0.1:<port>). */
export function demoRoutes(origin: string): Record<string, Page> {
  const routes: Record<string, Page> = {
    '/': {
      type: HTML,
      body: page(
        origin,
        'Garden Notes',
        `<h1>Garden Notes</h1>\n${POSTS.map((p) => `<article><h2><a href="${origin}/${p.slug}/">${p.title}</a></h2><p>${p.text}</p></article>`).join('\n')}`,
      ),
      headers: { link: `<${origin}/wp-json/>; rel="https://api.w.org/"` },
    },
    '/about/': {
      type: HTML,
      body: page(
        origin,
        'About',
        article(
          'About Garden Notes',
          'Garden Notes is written by two allotment holders who like to measure things. We share what worked, what failed and what it cost.',
        ),
      ),
    },
    '/robots.txt': {
      type: 'text/plain; charset=utf-8',
      body: `User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: ${origin}/wp-sitemap.xml\n`,
    },
    '/wp-sitemap.xml': {
      type: 'application/xml',
      body:
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ` +
        `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
        `\n${['/', '/about/', ...POSTS.map((p) => `/${p.slug}/`)].map((u) => `<url><loc>${origin}${u}</loc></url>`).join('\n')}\n</urlset>\n`,
    },
    '/wp-json/': {
      type: 'application/json',
      body: JSON.stringify({ name: 'Garden Notes', description: 'Notes from a small allotment garden', url: origin, namespaces: ['oembed/1.0', 'wp/v2'] }),
    },
  };
  for (const p of POSTS) routes[`/${p.slug}/`] = { type: HTML, body: page(origin, p.title, article(p.title, p.text)) };
  return routes;
}

export interface DemoSite {
  origin: string;
  close(): Promise<void>;
}

/** Serves the sample site on 127.0.0.1 (a free port): only this machine can reach it. */
export async function startDemoSite(): Promise<DemoSite> {
  let routes: Record<string, Page> = {};
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const hit = routes[path];
    const notFound = { status: 404, type: HTML, body: page(origin, 'Page not found', '<h1>Page not found</h1><p>Nothing here.</p>') };
    const r = hit ?? notFound;
    res.writeHead(r.status ?? 200, { 'content-type': r.type, ...r.headers });
    res.end(req.method === 'HEAD' ? undefined : r.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  routes = demoRoutes(origin);
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

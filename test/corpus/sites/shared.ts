/** Route builders shared by the corpus sites. Sites link only to their own loopback origins. */
import type { Route } from '../../helpers/fixture-server.js';
import { prefersMarkdown } from '../../fixtures/sites.mjs';

export const H = { 'content-type': 'text/html; charset=utf-8' };
export const T = { 'content-type': 'text/plain; charset=utf-8' };
export const J = { 'content-type': 'application/json' };
export const MD = { 'content-type': 'text/markdown; charset=utf-8' };
export const XML = { 'content-type': 'application/xml' };

export const PROSE = Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Corpus Co writes plain guides about gardening tools. Part ${i + 1} explains how each tool is made, what it costs and how to return it within thirty days.</p>`,
).join('\n');

export const html = (body: string, head = '', title = 'Corpus Co'): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** A readable HTML page with an H1 and enough prose for C3. */
export const page = (title = 'Corpus Co', head = '', headers: Record<string, string> = {}): Route => ({
  headers: { ...H, ...headers },
  body: html(`<main><h1>${title}</h1>${PROSE}</main>`, head, title),
});

export const text = (body: string, headers: Record<string, string> = T): Route => ({ headers, body });
export const json = (value: unknown, headers: Record<string, string> = {}): Route => ({ headers: { ...J, ...headers }, body: JSON.stringify(value) });

/** robots.txt that lets everyone in and names the sitemap. */
export const robotsOpen = (o: string): Route => text(`User-agent: *\nAllow: /\n\nSitemap: ${o}/sitemap.xml\n`);

export const urlset = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<url><loc>${l}</loc></url>`).join('\n')}\n</urlset>\n`;

export const llmsIndex = (o: string): string =>
  `# Corpus Co\n\n> Corpus Co writes plain guides about gardening tools.\n\n## Guides\n- [Spades](${o}/spades.md): choosing a spade\n- [Rakes](${o}/rakes.md): choosing a rake\n`;

/** The two Markdown pages llmsIndex links to. */
export const llmsTargets: Record<string, Route> = {
  '/spades.md': text('# Spades\n\nChoose a spade by its blade.\n', MD),
  '/rakes.md': text('# Rakes\n\nChoose a rake by its teeth.\n', MD),
};

/** The fixture sites' own Accept rule: Markdown when Accept ranks text/markdown at least as high as text/html. */
export { prefersMarkdown };

/** A page that negotiates: Markdown for agents that ask, HTML for browsers. */
export const negotiating =
  (markdown: string, htmlRoute: { headers: Record<string, string>; body: string }, mdType = MD['content-type']): Route =>
  (req, res) => {
    const md = prefersMarkdown(String(req.headers.accept ?? ''));
    res.writeHead(200, { ...(md ? { 'content-type': mdType } : htmlRoute.headers), vary: 'Accept' });
    res.end(req.method === 'HEAD' ? undefined : md ? markdown : htmlRoute.body);
  };

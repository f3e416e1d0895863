/**
 * Hook implementations several platform packs share (the same advice for a family of platforms).
 */
import type { FixStep } from '../../schema.js';
import type { FixContext } from '../fix-context.js';

/** markdownNegotiation of shopify, wix, squarespace, webflow, framer. */
export function edgeOnlyMarkdownNegotiation(fx: FixContext, edge: FixStep): FixStep[] {
  return [
    edge,
    {
      title: 'Or a Cloudflare Worker',
      body: 'The platform cannot negotiate content itself; a Worker in front can convert or rewrite requests that prefer text/markdown.',
    },
  ];
}

/** markdownNegotiation of astro, docusaurus, hugo, jekyll, gatsby, netlify, eleventy. */
export function staticBuildMarkdownNegotiation(fx: FixContext, edge: FixStep): FixStep[] {
  return [
    {
      title: 'Build a .md twin of every page',
      body: 'Emit /index.md, /about.md, ... next to the HTML at build time (most generators can output Markdown or copy sources).',
    },
    {
      title: 'Negotiate at the edge (Netlify Edge Function)',
      code:
        `// netlify/edge-functions/markdown.ts\nexport default async (request: Request, context: any) =>` +
        ` {\n  const accept = request.headers.get('accept') ?? '';` +
        `\n  if (!/^\\s*text\\/markdown\\b/i.test(accept)) return;` +
        ` // use a q-value parser in production\n  const url = new URL(request.url);` +
        `\n  url.pathname = url.pathname === '/' ? '/index.md' : url.pathname.replace(/\\/$/, '') + '.md';` +
        `\n  const md = await context.rewrite(url);\n  if (!md.ok) return;` +
        `\n  return new Response(md.body, { headers: { 'Content-Type': 'text/markdown; charset=utf-8', Vary: 'Accept' }` +
        ` });\n};\nexport const config = { path: '/*', excludedPath: ['/*.md', '/assets/*'] };\n`,
      lang: 'ts',
    },
    edge,
  ];
}

/** sitemap of wix, squarespace, webflow, framer. */
export function builderGeneratesSitemap(fx: FixContext): FixStep[] {
  return [
    {
      title: 'The platform generates /sitemap.xml',
      body:
        'It is automatic once the site is published on a custom domain; check the site is public and that pages are ' +
        'not hidden from search in their SEO settings.',
    },
  ];
}

/** serverRendering of wix, framer, bubble. */
export function clientRenderedPlatform(fx: FixContext): FixStep[] {
  return [
    {
      title: 'Client-rendered platform',
      body:
        'This platform renders pages with JavaScript; publish key content as static pages where it allows, and provide ' +
        'llms.txt / Markdown versions for agents.',
    },
  ];
}

/** A8 on app frameworks: generate the description from the code. */
export function generateOpenApiFromCode(): FixStep[] {
  return [
    {
      title: 'Generate it from your code rather than by hand',
      body:
        'Keep the description in sync with the routes: e.g. zod-openapi / @asteasolutions/zod-to-openapi, tsoa, or ' +
        'swagger-jsdoc; FastAPI and NestJS (@nestjs/swagger) generate it themselves.',
    },
  ];
}

/** M2 on commerce platforms with their own integration. */
export function platformCheckoutIntegration(): FixStep[] {
  return [
    {
      title: "Prefer your platform's integration",
      body:
        'Selling in ChatGPT usually goes through your platform or payment provider (Shopify, Stripe): enable it there; ' +
        'a hand-written acp.json is only right if you run the ACP endpoints yourself.',
    },
  ];
}

/** Hosted builders that render in the browser: Markdown only at the edge, their own sitemap. */
export const clientRenderedBuilderHooks = {
  markdownNegotiation: edgeOnlyMarkdownNegotiation,
  sitemap: builderGeneratesSitemap,
  serverRendering: clientRenderedPlatform,
};

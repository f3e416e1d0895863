/** Next.js (App Router): a route handler answers a path with its Content-Type; headers in next.config. */
import { hasDotSegment } from './shared.js';
import { jsQuote, jsString, jsTemplate } from '../escape.js';
import { hasRecords, robotsText, type RobotsGroup } from '../robots-rules.js';
import { generateOpenApiFromCode } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import type { ProjectShape } from './project-shape.js';
import { originFrom, stripJsComments } from './config-values.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** Rewrites requests preferring Markdown to the page's .md twin. */
const NEXT_MIDDLEWARE = `// middleware.ts (proxy.ts in Next.js 16+)
import { NextResponse, type NextRequest } from 'next/server';

/** True when text/markdown has the highest q-value in Accept. */
function prefersMarkdown(accept: string): boolean {
  let md = -1, html = -1;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
    if (type === 'text/markdown') md = Math.max(md, q);
    if (type === 'text/html' || type === '*/*') html = Math.max(html, q);
  }
  return md > 0 && md >= html;
}

export function middleware(req: NextRequest) {
  if (!prefersMarkdown(req.headers.get('accept') ?? '') || req.nextUrl.pathname.endsWith('.md')) return;
  const url = req.nextUrl.clone();
  url.pathname = url.pathname === '/' ? '/index.md' : \`\${url.pathname.replace(/\\/$/, '')}.md\`;
  const res = NextResponse.rewrite(url); // serve the .md twin (a route handler with Content-Type: text/markdown)
  res.headers.set('Vary', 'Accept');
  return res;
}
`;

/** The group robots() starts from when the rules name no `User-agent: *`. */
const EVERYONE: RobotsGroup = { userAgents: ['*'], allow: ['/'] };

/** A string, or an array of them when there are several (MetadataRoute.Robots takes either). */
function oneOrMany(values: string[]): string {
  return values.length === 1 ? jsQuote(values[0]) : `[${values.map(jsQuote).join(', ')}]`;
}

/**
 * The groups as a MetadataRoute.Robots `rules` array literal (access rules only: its type has
 * userAgent, allow, disallow and crawlDelay; comments are left out).
 */
function nextRules(groups: RobotsGroup[]): string {
  const rule = (g: RobotsGroup) =>
    [
      `userAgent: ${oneOrMany(g.userAgents)}`,
      ...(g.allow?.length ? [`allow: ${oneOrMany(g.allow)}`] : []),
      ...(g.disallow?.length ? [`disallow: ${oneOrMany(g.disallow)}`] : []),
    ].join(', ');
  return `[\n${groups.map((g) => `      { ${rule(g)} },\n`).join('')}    ]`;
}

const hooks: PlatformHooks = {
  robotsLines(fx, rules) {
    // robots() writes the whole file: the base groups, a `User-agent: *` group when none is named, then the lines.
    const named = [...(rules.baseGroups ?? []), ...rules.groups];
    const groups = named.some((g) => g.userAgents.includes('*')) ? named : [EVERYONE, ...named];
    const sitemap = rules.sitemaps?.find((s) => !s.pending)?.url ?? `${fx.origin}/sitemap.xml`;
    if (!hasRecords(groups)) {
      return [
        {
          title: 'Add the groups in app/robots.ts',
          code:
            `import type { MetadataRoute } from 'next';` +
            `\n\nexport default function robots(): MetadataRoute.Robots {\n  return {\n    rules: ${nextRules(groups)},\n  ` +
            `  sitemap: ${jsQuote(sitemap)},\n  };\n}\n`,
          lang: 'ts',
        },
      ];
    }
    return [
      {
        title: 'Serve robots.txt from a route handler (app/robots.txt/route.ts)',
        body: 'MetadataRoute.Robots cannot write these lines; replace app/robots.ts with a route handler that returns the full file, including:',
        code:
          `// app/robots.txt/route.ts\nconst body ` +
          `= ${jsTemplate(robotsText({ groups, sitemaps: [{ url: sitemap }] }))};` +
          `\n\nexport function GET() {\n  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });\n}\n`,
        lang: 'ts',
      },
    ];
  },
  sitemap(fx) {
    return [
      {
        title: 'Generate it with app/sitemap.ts',
        code:
          `import type { MetadataRoute } from 'next';` +
          `\n\nexport default async function sitemap(): Promise<MetadataRoute.Sitemap>` +
          ` {\n  const pages = ['/', '/about']; // list your canonical routes (e.g. from your CMS)\n  return ` +
          `pages.map((path) => ({ url: '${fx.origin}' + path, lastModified: new Date() }));\n}\n`,
        lang: 'ts',
        body: 'Next.js serves it at /sitemap.xml; beyond 50,000 URLs use generateSitemaps() to split it.',
      },
    ];
  },
  markdownUrls(fx) {
    return [
      {
        title: 'Add a Markdown route handler',
        body:
          "Render each page's Markdown from its source (MDX, CMS) in a catch-all route and map /page.md to it (a " +
          'rewrite in next.config: { source: "/:path*.md", destination: "/md/:path*" }).',
        code:
          `// app/md/[[...slug]]/route.ts\nexport async function GET(_req: Request, { params }` +
          `: { params: Promise<{ slug?: string[] }> }) {\n  const { slug = ['index'] } = await params;` +
          `\n  const markdown = await loadMarkdown(slug.join('/'));` +
          ` // your content source\n  if (!markdown) return new Response('Not found', { status: 404 });` +
          `\n  return new Response(markdown, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });\n}\n`,
        lang: 'ts',
      },
    ];
  },
  serverRendering(fx) {
    return [
      {
        title: 'Render on the server in Next.js',
        body:
          'Keep content in Server Components (the App Router default) or use generateStaticParams / getStaticProps; ' +
          'avoid "use client" pages that fetch their text in useEffect, and avoid dynamic(..., { ssr: false }) for main content.',
      },
    ];
  },
  structuredData(fx) {
    return [
      {
        title: 'Render it in a Server Component',
        code:
          `export default function Page() {\n  const jsonLd = { '@context': 'https://schema.org', ` +
          `'@type': 'Organization', name: 'Example Co', url: '${fx.origin}/' };` +
          `\n  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ` +
          `JSON.stringify(jsonLd).replace(/</g, '\\\\u003c') }} />;\n}\n`,
        lang: 'tsx',
      },
    ];
  },
  markdownNegotiation(fx, edge) {
    return [
      {
        title: 'Serve Markdown twins',
        body: 'Add a route that renders each page as Markdown (e.g. app/[...slug].md/route.ts from your CMS or MDX sources) with Content-Type: text/markdown.',
      },
      { title: 'Rewrite Markdown requests in middleware', code: NEXT_MIDDLEWARE, lang: 'ts' },
    ];
  },
  pageHints: (fx, { markdownHref }) =>
    markdownHref
      ? {
          title: 'In Next.js, declare them in metadata',
          code: `export const metadata = {\n  alternates: { types: { 'text/markdown': ${jsString(markdownHref)} } },\n};\n`,
          lang: 'ts',
        }
      : null,
  webMcpRegistration: (fx, imperative) => ({
    title: 'Register the tool from a client component',
    body: 'Render it once in app/layout.tsx so the registration runs in the browser.',
    code:
      `'use client';\nimport { useEffect } from 'react';` +
      `\n\nexport function WebMcpTools() {\n  useEffect(() => {\n${imperative.replace(/^/gm, '    ').trimEnd()}\n  }` +
      `, []);\n  return null;\n}\n`,
    lang: 'tsx',
  }),
  openApiGeneration: generateOpenApiFromCode,
  x402Middleware: (fx, { routes, server }) => ({
    title: 'Add @x402/next in proxy.ts (middleware.ts before Next.js 16)',
    body:
      'npm install @x402/next @x402/core @x402/evm. paymentProxy gates page routes; wrap API route handlers with ' +
      'withX402 to settle only after a successful response.',
    code:
      `import { paymentProxy, x402ResourceServer } from '@x402/next';\nimport { HTTPFacilitatorClient }` +
      ` from '@x402/core/server';\nimport { ExactEvmScheme } from '@x402/evm/exact/server';` +
      `\n\n${server}\n\nexport const proxy = paymentProxy(${routes.replace("'GET /api/premium'", "'/premium'")}, ` +
      `resourceServer);\nexport const config = { matcher: ['/premium/:path*'] };\n`,
    lang: 'ts',
  }),
  productData: () => [
    {
      title: 'Render the JSON-LD from the product page component',
      code:
        `export default async function ProductPage({ params }` +
        `) {\n  const product = await getProduct((await params).slug);` +
        `\n  const jsonLd = {\n    '@context': 'https://schema.org',\n    '@type': 'Product',\n    name: product.name,` +
        `\n    offers: { '@type': 'Offer', price: product.price, priceCurrency: product.currency, availability: ` +
        `'https://schema.org/InStock' },\n  };\n  return (\n    <>` +
        `\n      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ` +
        `JSON.stringify(jsonLd).replace(/</g, '\\\\u003c') }} />\n      {/* … */}\n    </>\n  );\n}\n`,
      lang: 'tsx',
    },
  ],
};

/** How the detector knows Next.js (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'framework',
  rank: 1,
  signals: [
    { kind: 'header', name: 'x-powered-by', pattern: /Next\.js/i, weight: STRONG, label: 'x-powered-by: Next.js' },
    { kind: 'selector', selector: 'script#__NEXT_DATA__', weight: MEDIUM, label: '__NEXT_DATA__ script' },
    { kind: 'html', pattern: /\/_next\/static\//, weight: MEDIUM, label: '/_next/static/ assets' },
    { kind: 'html', pattern: /self\.__next_f\.push/, weight: MEDIUM, label: 'app router flight data' },
    { kind: 'cookie', pattern: /^NEXT_LOCALE$/, weight: WEAK, label: 'NEXT_LOCALE cookie' },
  ],
};

const NEXT_ROBOTS = ['app/robots.ts', 'app/robots.js', 'src/app/robots.ts', 'src/app/robots.js'];

/** A Next.js project: public/ is served at the root; app/robots.ts builds robots.txt when present. */
const project: ProjectShape = {
  specificity: 2,
  deps: ['next'],
  files: ['next.config.js', 'next.config.mjs', 'next.config.ts'],
  staticDir: 'public',
  headFile: 'app/layout.tsx (metadata) or pages/_document.tsx',
  bodyFile: 'app/layout.tsx (inside <body>) or pages/_document.tsx',
  configFiles: NEXT_ROBOTS,
  origin: originFrom(
    ['app', 'src/app'].flatMap((d) => ['tsx', 'jsx', 'ts', 'js'].map((e) => `${d}/layout.${e}`)),
    'metadataBase',
    (t) => ({ url: /metadataBase\s*:\s*new\s+URL\(\s*(["'`])([^"'`$\n]*)\1\s*\)/.exec(stripJsComments(t))?.[2] ?? null }),
  ),
  robotsSource(read) {
    const file = NEXT_ROBOTS.find((f) => read(f) !== null);
    return file ? { kind: 'manual', where: `${file} (Next.js builds /robots.txt from it): add these rules to the object it returns` } : null;
  },
};

export const nextjs: PlatformPack = {
  id: 'nextjs',
  label: 'Next.js',
  fingerprint,
  hooks,
  project,
  serveFile({ spec, path, file, headers, create }) {
    // Route handlers may live under app/.well-known/ (Vercel's own Flags SDK uses app/.well-known/vercel/flags).
    const tsconfig = hasDotSegment(path)
      ? ` TypeScript skips dot folders unless tsconfig.json "include" lists "app/${file.split('/')[0]}/**/*" ` +
        `(or "src/app/…"), so add it if imports fail to resolve there.`
      : '';
    return [
      create,
      {
        title: `Serve it from a route handler (app/${file}/route.ts)`,
        body: `A route handler controls the Content-Type; static files in public/ cannot set it for extensionless paths.${tsconfig}`,
        code:
          `// app/${file}/route.ts\nexport const dynamic = 'force-static';` +
          `\nconst body = ${jsTemplate(spec.content)};\n\nexport function GET() {\n  return new Response(body, { ` +
          `headers: ${JSON.stringify(headers)} });\n}\n`,
        lang: 'ts',
      },
    ];
  },
  addHeader: ({ name, value, path, all }) => [
    {
      title: 'Add the header in next.config',
      code:
        `// next.config.mjs\nexport default {\n  async headers() {\n    return [{ ` +
        `source: ${jsString(all ? '/:path*' : path)}, headers: [{ key: ${jsString(name)}, value: ${jsString(value)} }] }];\n  },\n};\n`,
      lang: 'js',
    },
  ],
};

/**
 * Platform-aware building blocks for fix guides. Most fixes are "serve this file at this path
 * with this content type" or "add this response header": the per-platform way to do each is
 * written once here (catalog §6.5) and every check's fix guide composes them.
 */
import type { FixStep } from '../schema.js';
import type { FixContext } from '../checks/types.js';

export interface ServeFileSpec {
  /** Path on the origin, e.g. "/.well-known/api-catalog". */
  path: string;
  contentType: string;
  /** The file's content (shown in the snippet). */
  content: string;
  /** Language of the content for highlighting: json, text, markdown, xml. */
  lang: string;
  /** Extra response headers the file should carry (CORS, Cache-Control). */
  headers?: Record<string, string>;
}

export interface HeaderSpec {
  name: string;
  value: string;
  /** Path the header applies to; "/" means the home page (and usually every page). */
  path?: string;
}

const CLOUDFLARE_FALLBACK =
  'If your host cannot do this, put Cloudflare in front of the site and use a Worker (or Transform Rules for headers); it works for any origin.';

/** The platform (or hosting) whose instructions apply, most specific first. */
export function fixTarget(fx: FixContext): string {
  if (fx.platform && fx.platform !== 'unknown') return fx.platform;
  for (const h of ['vercel', 'netlify', 'cloudflare', 'nginx', 'apache', 'express']) if (fx.hosting.includes(h)) return h;
  return 'generic';
}

function jsLiteral(s: string): string {
  return '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '`';
}

function headerLines(h: Record<string, string> | undefined, indent: string, fmt: (k: string, v: string) => string): string {
  return Object.entries(h ?? {})
    .map(([k, v]) => indent + fmt(k, v))
    .join('\n');
}

/** Steps that publish `spec.content` at `spec.path` on the detected platform. */
export function serveFileSteps(fx: FixContext, spec: ServeFileSpec): FixStep[] {
  const { path, contentType, content, lang } = spec;
  const file = path.replace(/^\//, '');
  const headersObj = { 'Content-Type': contentType, ...spec.headers };
  const target = fixTarget(fx);
  const create: FixStep = { title: `Create ${path}`, body: `Content to publish at ${path}:`, code: content, lang };
  switch (target) {
    case 'nextjs':
      return [
        create,
        {
          title: `Serve it from a route handler (app/${file}/route.ts)`,
          body: 'A route handler controls the Content-Type; static files in public/ cannot set it for extensionless paths.',
          code: `// app/${file}/route.ts\nconst body = ${jsLiteral(content)};\n\nexport function GET() {\n  return new Response(body, { headers: ${JSON.stringify(headersObj)} });\n}\n`,
          lang: 'ts',
        },
      ];
    case 'nuxt':
      return [
        create,
        {
          title: `Serve it from a Nitro server route (server/routes/${file}.ts)`,
          code: `// server/routes/${file}.ts\nexport default defineEventHandler((event) => {\n${headerLines(headersObj, '  ', (k, v) => `setHeader(event, ${JSON.stringify(k)}, ${JSON.stringify(v)});`)}\n  return ${jsLiteral(content)};\n});\n`,
          lang: 'ts',
        },
      ];
    case 'astro':
      return [
        create,
        {
          title: `Serve it from an endpoint (src/pages/${file}.ts)`,
          body: 'Endpoints are prerendered to static files in static mode; set the type at the host if it is extensionless.',
          code: `// src/pages/${file}.ts\nexport const prerender = true;\nexport function GET() {\n  return new Response(${jsLiteral(content)}, { headers: ${JSON.stringify(headersObj)} });\n}\n`,
          lang: 'ts',
        },
      ];
    case 'docusaurus':
    case 'gatsby':
    case 'hugo':
    case 'jekyll':
    case 'eleventy':
      return [
        { ...create, title: `Add static/${file}`, body: `Files in static/ are copied to the site root, so it is served at ${path}.` },
        ...hostTypeStep(fx, spec),
      ];
    case 'wordpress':
    case 'woocommerce':
      return [
        create,
        {
          title: 'Serve it from a must-use plugin',
          body: 'WordPress routes unknown paths to PHP, so a small mu-plugin can answer the path with the right type. Check that your server does not deny dot-paths such as /.well-known (a common nginx rule).',
          code: `<?php\n// wp-content/mu-plugins/ai-ready-${file.replace(/[^a-z0-9]+/gi, '-')}.php\nadd_action('parse_request', function () {\n  if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) !== '${path}') return;\n${headerLines(headersObj, '  ', (k, v) => `header('${k}: ${v.replace(/'/g, "\\'")}');`)}\n  echo <<<'EOT'\n${content}\nEOT;\n  exit;\n});\n`,
          lang: 'php',
        },
      ];
    case 'shopify':
      return [
        create,
        {
          title: 'Shopify cannot serve arbitrary paths',
          body: `Merchants cannot add ${path} or custom response headers on Shopify itself (robots.txt, llms.txt and agents.md have theme templates; /.well-known/ucp is served by Shopify). ${CLOUDFLARE_FALLBACK}`,
          code: cloudflareWorker(spec),
          lang: 'js',
        },
      ];
    case 'wix':
    case 'squarespace':
    case 'framer':
      return [
        create,
        {
          title: `${target[0].toUpperCase()}${target.slice(1)} does not let you publish ${path}`,
          body: CLOUDFLARE_FALLBACK,
          code: cloudflareWorker(spec),
          lang: 'js',
        },
      ];
    case 'webflow':
      return [
        create,
        {
          title: 'Upload it as a well-known file (Webflow Enterprise) or use a Worker',
          body: `Webflow Enterprise exposes a site configuration API for llms.txt and well-known files. On other plans: ${CLOUDFLARE_FALLBACK}`,
          code: cloudflareWorker(spec),
          lang: 'js',
        },
      ];
    case 'cloudflare':
      return [create, { title: 'Serve it from a Cloudflare Worker route', code: cloudflareWorker(spec), lang: 'js' }];
    case 'express':
      return [
        create,
        {
          title: 'Add an Express route',
          code: `app.get(${JSON.stringify(path)}, (req, res) => {\n  res.set(${JSON.stringify(headersObj)});\n  res.send(${jsLiteral(content)});\n});\n`,
          lang: 'js',
        },
      ];
    case 'nginx':
      return [
        create,
        {
          title: 'Serve it with nginx',
          body: `Save the file as /var/www/site/${file} and add this location (before any rule that denies dot-paths):`,
          code: `location = ${path} {\n    default_type ${contentType};\n    alias /var/www/site/${file};\n${headerLines(spec.headers, '    ', (k, v) => `add_header ${k} "${v}" always;`)}\n}\n`,
          lang: 'nginx',
        },
      ];
    case 'apache':
      return [
        create,
        {
          title: 'Serve it with Apache',
          body: `Save the file as ${file} in the document root and set its type in .htaccess:`,
          code: `<Files "${file.split('/').pop()}">\n    ForceType ${contentType}\n${headerLines(spec.headers, '    ', (k, v) => `Header always set ${k} "${v}"`)}\n</Files>\n`,
          lang: 'apache',
        },
      ];
    case 'vercel':
    case 'netlify':
      return [{ ...create, title: `Add public/${file}`, body: `Static files in public/ are served at ${path}.` }, ...hostTypeStep(fx, spec)];
    default:
      return [
        { ...create, title: `Publish ${path}`, body: `Create this file so that ${path} answers 200 with Content-Type: ${contentType}.` },
      ];
  }
}

/** Content type (and extra headers) set at the static host, for static site generators. */
function hostTypeStep(fx: FixContext, spec: ServeFileSpec): FixStep[] {
  const headers = { 'Content-Type': spec.contentType, ...spec.headers };
  if (fx.hosting.includes('vercel')) {
    return [
      {
        title: 'Set its headers in vercel.json',
        code: JSON.stringify({ headers: [{ source: spec.path, headers: Object.entries(headers).map(([key, value]) => ({ key, value })) }] }, null, 2),
        lang: 'json',
      },
    ];
  }
  return [
    {
      title: 'Set its headers at the host (_headers on Netlify and Cloudflare Pages)',
      code: `${spec.path}\n${headerLines(headers, '  ', (k, v) => `${k}: ${v}`)}\n`,
      lang: 'text',
    },
  ];
}

function cloudflareWorker(spec: ServeFileSpec): string {
  return `// Cloudflare Worker on a route for your domain
const BODY = ${jsLiteral(spec.content)};
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === ${JSON.stringify(spec.path)}) {
      return new Response(BODY, { headers: ${JSON.stringify({ 'Content-Type': spec.contentType, ...spec.headers })} });
    }
    return fetch(request);
  },
};
`;
}

/** Steps that add a response header on the detected platform. */
export function addHeaderSteps(fx: FixContext, h: HeaderSpec): FixStep[] {
  const path = h.path ?? '/';
  const target = fixTarget(fx);
  const value = h.value;
  switch (target) {
    case 'nextjs':
      return [
        {
          title: 'Add the header in next.config',
          code: `// next.config.mjs\nexport default {\n  async headers() {\n    return [{ source: ${JSON.stringify(path === '/' ? '/:path*' : path)}, headers: [{ key: ${JSON.stringify(h.name)}, value: ${JSON.stringify(value)} }] }];\n  },\n};\n`,
          lang: 'js',
        },
      ];
    case 'nuxt':
      return [
        {
          title: 'Add the header with routeRules',
          code: `// nuxt.config.ts\nexport default defineNuxtConfig({\n  routeRules: { ${JSON.stringify(path === '/' ? '/**' : path)}: { headers: { ${JSON.stringify(h.name)}: ${JSON.stringify(value)} } } },\n});\n`,
          lang: 'ts',
        },
      ];
    case 'wordpress':
    case 'woocommerce':
      return [
        {
          title: 'Send the header from WordPress (functions.php or a mu-plugin)',
          code: `<?php\nadd_action('send_headers', function () {\n  header(${JSON.stringify(`${h.name}: ${value}`).replace(/^"|"$/g, "'")}, false);\n});\n`,
          lang: 'php',
        },
      ];
    case 'express':
      return [
        {
          title: 'Add the header in an Express middleware',
          code: `app.use((req, res, next) => {\n  res.append(${JSON.stringify(h.name)}, ${JSON.stringify(value)});\n  next();\n});\n`,
          lang: 'js',
        },
      ];
    case 'nginx':
      return [{ title: 'Add the header in nginx', code: `add_header ${h.name} '${value}' always;`, lang: 'nginx' }];
    case 'apache':
      return [{ title: 'Add the header in Apache (.htaccess or vhost)', code: `Header always append ${h.name} "${value.replace(/"/g, '\\"')}"`, lang: 'apache' }];
    case 'vercel':
      return [
        {
          title: 'Add the header in vercel.json',
          code: JSON.stringify({ headers: [{ source: path === '/' ? '/(.*)' : path, headers: [{ key: h.name, value }] }] }, null, 2),
          lang: 'json',
        },
      ];
    case 'netlify':
    case 'astro':
    case 'docusaurus':
    case 'gatsby':
    case 'hugo':
    case 'jekyll':
    case 'eleventy':
      return [
        {
          title: 'Add the header in _headers (Netlify, Cloudflare Pages)',
          body: 'Static sites set response headers at the host; the file goes in the publish folder.',
          code: `${path === '/' ? '/*' : path}\n  ${h.name}: ${value}\n`,
          lang: 'text',
        },
      ];
    case 'cloudflare':
    case 'shopify':
    case 'wix':
    case 'squarespace':
    case 'webflow':
    case 'framer':
      return [
        {
          title:
            target === 'cloudflare'
              ? 'Add the header with a Cloudflare Transform Rule'
              : `${target} cannot set custom response headers: add it at Cloudflare in front of the site`,
          body: 'Rules → Transform Rules → Modify Response Header → Add: set the header below for matching requests.',
          code: `${h.name}: ${value}`,
          lang: 'text',
        },
      ];
    default:
      return [{ title: `Add the ${h.name} response header`, body: `Send it on ${path === '/' ? 'every HTML page (at least the home page)' : path}:`, code: `${h.name}: ${value}`, lang: 'http' }];
  }
}

/** Final step of most guides: how to confirm the fix from a terminal. */
export function verifyStep(command: string, expect: string): FixStep {
  return { title: 'Verify', body: expect, code: command, lang: 'sh' };
}

/** Where the spec lives, as a last step. */
export function specStep(urls: string[]): FixStep {
  return { title: 'Read the spec', body: urls.join('\n') };
}

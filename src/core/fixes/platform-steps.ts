/**
 * Platform-aware building blocks for fix guides. Most fixes are "serve this file at this path
 * with this content type" or "add this response header": the per-platform way to do each is
 * written once here (catalog §6.5) and every check's fix guide composes them.
 *
 * Contract relied on by the checks: `serveFileSteps` returns 1-2 steps and `addHeaderSteps`
 * exactly 1, so a guide of serve + header + verify + spec stays within 6 steps. Every literal
 * placed in a snippet goes through the quoting helpers of ./escape.ts.
 */
import type { FixStep } from '../schema.js';
import type { FixContext } from '../checks/types.js';
import { platformLabel } from '../platform/labels.js';
import {
  apacheHeaderString,
  apacheString,
  caddyString,
  headerName,
  headerValue,
  jsString,
  jsTemplate,
  liquidRaw,
  NGINX_DOLLAR,
  nginxString,
  phpNowdoc,
  phpString,
  stripControl,
  xmlAttr,
} from './escape.js';

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

/** Hosting ids in the order their instructions are preferred when no platform is known. */
const HOSTING_PRIORITY = ['vercel', 'netlify', 'github-pages', 'express', 'nginx', 'apache', 'litespeed', 'caddy', 'iis', 'cloudflare'];
/** Hosts that take another host's instructions (LiteSpeed reads Apache .htaccess). */
const HOSTING_ALIAS: Record<string, string> = { litespeed: 'apache' };

/** Platforms whose fixes are written for them specifically (the rest fall back to their hosting). */
const PLATFORM_GUIDANCE = [
  'wordpress', 'woocommerce', 'shopify', 'wix', 'squarespace', 'webflow', 'framer', 'duda', 'bubble', 'substack', 'hubspot',
  'bigcommerce', 'sfcc', 'magento', 'prestashop', 'shopware', 'drupal', 'joomla', 'ghost', 'mintlify', 'gitbook',
  'nextjs', 'nextra', 'nuxt', 'astro', 'starlight', 'docusaurus', 'gatsby', 'hugo', 'jekyll', 'eleventy', 'vitepress', 'mkdocs',
] as const;
const HOSTING_GUIDANCE = ['cloudflare', 'vercel', 'netlify', 'github-pages', 'nginx', 'apache', 'litespeed', 'caddy', 'iis', 'express'] as const;

/** Ids with specific guidance (platforms, then hosting/servers), for `ai-ready explain --platform`. */
export function platformTargets(): string[] {
  return [...PLATFORM_GUIDANCE, ...HOSTING_GUIDANCE];
}

/** The platform (or hosting) whose instructions apply, most specific first. */
export function fixTarget(fx: FixContext): string {
  if (fx.platform && fx.platform !== 'unknown') return fx.platform;
  return hostingTarget(fx);
}

function hostingTarget(fx: FixContext): string {
  for (const h of HOSTING_PRIORITY) if (fx.hosting.includes(h)) return HOSTING_ALIAS[h] ?? h;
  return 'generic';
}

/** Like fixTarget, but a platform without guidance of its own (SvelteKit, Remix...) uses its hosting. */
function guidanceTarget(fx: FixContext): string {
  const t = fixTarget(fx);
  if (t === fx.platform && !(PLATFORM_GUIDANCE as readonly string[]).includes(t)) return hostingTarget(fx);
  return t;
}

// ---- helpers ------------------------------------------------------------------------------------

/** Headers of a served file, cleaned: names reduced to token characters, values to one line. */
function fileHeaders(spec: ServeFileSpec): Record<string, string> {
  const out: Record<string, string> = { 'Content-Type': headerValue(spec.contentType) };
  for (const [k, v] of Object.entries(spec.headers ?? {})) {
    const name = headerName(k);
    if (name) out[name] = headerValue(v);
  }
  return out;
}

function cleanHeader(h: HeaderSpec): { name: string; value: string; path: string } {
  return { name: headerName(h.name) || 'X-Header', value: headerValue(h.value), path: cleanPath(h.path ?? '/') };
}

/** A URL path safe to put in any config: no quotes, spaces, braces, `;`, `$`, `%`, control characters or query. */
function cleanPath(p: string): string {
  const path = stripControl(p).split(/[?#]/)[0].replace(/["'`\\\s<>{}|^;$%]/g, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/** "/.well-known/api-catalog" has a segment starting with a dot (hidden from many build tools). */
function hasDotSegment(path: string): boolean {
  return path.split('/').some((s) => s.startsWith('.'));
}

function mediaType(contentType: string): string {
  return contentType.split(';')[0].trim();
}

function label(id: string): string {
  return platformLabel(id);
}

function cloudflareWorker(spec: ServeFileSpec): string {
  return `// Cloudflare Worker on a route for your domain
const BODY = ${jsTemplate(spec.content)};
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === ${jsString(cleanPath(spec.path))}) {
      return new Response(BODY, { headers: ${JSON.stringify(fileHeaders(spec))} });
    }
    return fetch(request);
  },
};
`;
}

function workerStep(title: string, body: string, spec: ServeFileSpec): FixStep {
  return { title, body, code: cloudflareWorker(spec), lang: 'js' };
}

/** Where a static site generator copies files from, as-is, to the site root. */
const STATIC_DIRS: Record<string, string> = {
  astro: 'public',
  starlight: 'public',
  docusaurus: 'static',
  gatsby: 'static',
  hugo: 'static',
  vitepress: 'docs/public',
  mkdocs: 'docs',
  jekyll: '.',
  eleventy: 'public',
  vercel: 'public',
  netlify: 'public',
  'github-pages': '.',
};

function staticFile(dir: string, file: string): string {
  return dir === '.' ? file : `${dir}/${file}`;
}

/** Extra words for generators that skip some files (dot folders, underscores) unless told. */
function staticCopyNote(target: string, file: string): string {
  const dot = hasDotSegment(`/${file}`);
  const top = file.split('/')[0];
  switch (target) {
    case 'jekyll':
    case 'github-pages':
      return dot ? ` Jekyll skips dot folders: add \`include: [${JSON.stringify(top)}]\` to _config.yml (or a .nojekyll file if the site is not built with Jekyll).` : '';
    case 'eleventy':
      return ` Copy it through in your Eleventy config: \`eleventyConfig.addPassthroughCopy({ ${jsString(`public/${file}`)}: ${jsString(file)} });\``;
    case 'mkdocs':
      return dot ? ` MkDocs excludes dot files by default: add \`exclude_docs: ${JSON.stringify(`!${top}/`)}\` to mkdocs.yml.` : '';
    default:
      return '';
  }
}

/** Content type (and extra headers) set at the static host, for static site generators. */
function hostTypeStep(fx: FixContext, spec: ServeFileSpec, publishDir?: string): FixStep[] {
  const headers = fileHeaders(spec);
  const path = cleanPath(spec.path);
  if (fx.hosting.includes('vercel')) {
    return [
      {
        title: 'Set its headers in vercel.json',
        code: JSON.stringify({ headers: [{ source: path, headers: Object.entries(headers).map(([key, value]) => ({ key, value })) }] }, null, 2),
        lang: 'json',
      },
    ];
  }
  if (fx.hosting.includes('github-pages') && !fx.hosting.includes('cloudflare')) {
    return [
      {
        title: 'GitHub Pages cannot set its headers',
        body: `GitHub Pages picks the Content-Type from the file extension and allows no custom headers, so ${path} will not be served as ${mediaType(spec.contentType)}. ${CLOUDFLARE_FALLBACK}`,
        code: cloudflareWorker(spec),
        lang: 'js',
      },
    ];
  }
  return [
    {
      title: `Set its headers in ${publishDir ? staticFile(publishDir, '_headers') : '_headers'} (Netlify, Cloudflare Pages)`,
      body: 'The _headers file must end up in the published site root. On Vercel use the headers key of vercel.json instead.',
      code: `${path}\n${Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`).join('\n')}\n`,
      lang: 'text',
    },
  ];
}

function nginxServe(spec: ServeFileSpec, root = '/var/www/site'): string {
  const path = cleanPath(spec.path);
  const file = path.replace(/^\//, '');
  const type = nginxString(headerValue(spec.contentType));
  const extra = Object.entries(fileHeaders(spec)).filter(([k]) => k !== 'Content-Type').map(([k, v]) => [k, nginxString(v)] as const);
  const needsDollar = type.needsDollar || extra.some(([, v]) => v.needsDollar);
  return `${needsDollar ? NGINX_DOLLAR + '\n\n' : ''}location = ${path} {
    default_type ${type.text};
    alias ${root}/${file};
${extra.map(([k, v]) => `    add_header ${k} ${v.text} always;\n`).join('')}}
`;
}

function apacheServe(spec: ServeFileSpec): string {
  const base = cleanPath(spec.path).split('/').pop() || 'index';
  const extra = Object.entries(fileHeaders(spec)).filter(([k]) => k !== 'Content-Type');
  const full = headerValue(spec.contentType);
  const hasParams = mediaType(full) !== full;
  return `<Files ${apacheString(base)}>
    ForceType ${mediaType(full).replace(/[^\w.+/-]/g, '')}
${hasParams ? `    Header always set Content-Type ${apacheHeaderString(full)}\n` : ''}${extra.map(([k, v]) => `    Header always set ${k} ${apacheHeaderString(v)}\n`).join('')}</Files>
`;
}

function caddyServe(spec: ServeFileSpec): string {
  const path = cleanPath(spec.path);
  return `handle ${path} {
    root * /var/www/site
${Object.entries(fileHeaders(spec)).map(([k, v]) => `    header ${k} ${caddyString(v)}\n`).join('')}    file_server
}
`;
}

function iisServe(spec: ServeFileSpec): string {
  const extra = Object.entries(fileHeaders(spec)).filter(([k]) => k !== 'Content-Type');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- web.config in the folder that holds the file: "." maps files without an extension -->
<configuration>
  <system.webServer>
    <staticContent>
      <remove fileExtension="." />
      <mimeMap fileExtension="." mimeType="${xmlAttr(headerValue(spec.contentType))}" />
    </staticContent>
${extra.length ? `    <httpProtocol>\n      <customHeaders>\n${extra.map(([k, v]) => `        <add name="${xmlAttr(k)}" value="${xmlAttr(v)}" />\n`).join('')}      </customHeaders>\n    </httpProtocol>\n` : ''}  </system.webServer>
</configuration>
`;
}

/** The server step for PHP apps and self-hosted software: nginx when seen, Apache .htaccess otherwise. */
function serverStep(fx: FixContext, spec: ServeFileSpec, appDir: string): FixStep {
  const file = cleanPath(spec.path).replace(/^\//, '');
  const docroot = appDir === '.' ? '/var/www/site' : `/var/www/site/${appDir}`;
  const where = `Save the file as ${docroot}/${file} (${appDir === '.' ? 'the web root' : `${appDir}/ is the web root`}; adjust the install path)`;
  if (fx.hosting.includes('nginx')) {
    return { title: 'Serve it with nginx', body: `${where} and add this location before any rule that denies dot-paths:`, code: nginxServe(spec, docroot), lang: 'nginx' };
  }
  return { title: 'Set its type in .htaccess (Apache, LiteSpeed)', body: `${where}; then in the .htaccess of that folder:`, code: apacheServe(spec), lang: 'apache' };
}

/** Per-platform notes for files some platforms manage themselves. */
function managedFileNote(target: string, path: string): string | null {
  const p = path.toLowerCase();
  if (p === '/robots.txt') {
    const notes: Record<string, string> = {
      wordpress: 'WordPress serves a virtual robots.txt: your SEO plugin can edit it (Yoast: Yoast SEO → Tools → File editor; Rank Math: General Settings → Edit robots.txt; AIOSEO: Tools → Robots.txt Editor), or a real robots.txt file in the web root replaces it.',
      wix: 'Wix: edit it in the dashboard (Marketing & SEO → SEO Tools → Robots.txt Editor).',
      squarespace: 'Squarespace robots.txt cannot be edited; Settings → Crawlers chooses what search engines and AI crawlers may do.',
      webflow: 'Webflow: Site settings → SEO → Indexing → robots.txt.',
      hubspot: 'HubSpot: Settings → Website → Pages → SEO & Crawlers → robots.txt.',
      bigcommerce: 'BigCommerce: Settings → Website → robots.txt (Search engine robots).',
      magento: 'Magento: Content → Design → Configuration → (store view) → Search Engine Robots.',
      ghost: 'Ghost serves robots.txt from the root of the active theme: add the file to the theme and upload it.',
      mintlify: 'Mintlify manages robots.txt; check its dashboard or docs.json settings.',
      gitbook: 'GitBook manages robots.txt for published sites.',
    };
    return notes[target === 'woocommerce' ? 'wordpress' : target] ?? null;
  }
  if (p === '/llms.txt' || p === '/llms-full.txt') {
    const notes: Record<string, string> = {
      wordpress: 'Yoast SEO and All in One SEO can generate llms.txt from a setting (Yoast will not overwrite an existing file); the plugin below serves exact content instead.',
      wix: 'Wix serves a default llms.txt; its content can be replaced through the Wix llms.txt API (dev.wix.com, SEO → llms.txt).',
      mintlify: 'Mintlify generates llms.txt and llms-full.txt automatically for public docs.',
      webflow: 'Webflow Enterprise can upload llms.txt through the site configuration API.',
    };
    return notes[target === 'woocommerce' ? 'wordpress' : target] ?? null;
  }
  return null;
}

/** Shopify theme templates that answer these paths (robots.txt.liquid; llms and agents.md since 2026). */
const SHOPIFY_TEMPLATES: Record<string, string> = {
  '/robots.txt': 'templates/robots.txt.liquid',
  '/llms.txt': 'templates/llms.txt.liquid',
  '/llms-full.txt': 'templates/llms-full.txt.liquid',
  '/agents.md': 'templates/agents.md.liquid',
};

// ---- serve a file -------------------------------------------------------------------------------

/** Steps (1-2) that publish `spec.content` at `spec.path` on the detected platform. */
/**
 * Hosted builders that let a site owner publish neither arbitrary files nor response headers:
 * the fix goes through Cloudflare in front of the site. (Shopify and Webflow have some file
 * options of their own, so only their header guidance is the same.)
 */
const HOSTED_BUILDERS = new Set(['wix', 'squarespace', 'framer', 'duda', 'bubble', 'substack', 'hubspot', 'bigcommerce', 'sfcc', 'mintlify', 'gitbook']);

export function serveFileSteps(fx: FixContext, spec: ServeFileSpec): FixStep[] {
  const { content, lang } = spec;
  const path = cleanPath(spec.path);
  const file = path.replace(/^\//, '');
  const headersObj = fileHeaders(spec);
  const target = guidanceTarget(fx);
  const note = managedFileNote(target, path);
  const create: FixStep = { title: `Create ${path}`, body: note ? `${note}\nContent to publish at ${path}:` : `Content to publish at ${path}:`, code: content, lang };

  if (HOSTED_BUILDERS.has(target)) return [create, workerStep(`${label(target)} does not let you publish ${path}`, CLOUDFLARE_FALLBACK, spec)];
  switch (target) {
    case 'nextjs':
    case 'nextra': {
      // Route handlers may live under app/.well-known/ (Vercel's own Flags SDK uses app/.well-known/vercel/flags).
      const tsconfig = hasDotSegment(path)
        ? ` TypeScript skips dot folders unless tsconfig.json "include" lists "app/${file.split('/')[0]}/**/*" (or "src/app/…"), so add it if imports fail to resolve there.`
        : '';
      return [
        create,
        {
          title: `Serve it from a route handler (app/${file}/route.ts)`,
          body: `A route handler controls the Content-Type; static files in public/ cannot set it for extensionless paths.${tsconfig}`,
          code: `// app/${file}/route.ts\nexport const dynamic = 'force-static';\nconst body = ${jsTemplate(content)};\n\nexport function GET() {\n  return new Response(body, { headers: ${JSON.stringify(headersObj)} });\n}\n`,
          lang: 'ts',
        },
      ];
    }
    case 'nuxt': {
      const handler = `  ${Object.entries(headersObj).map(([k, v]) => `setHeader(event, ${jsString(k)}, ${jsString(v)});`).join('\n  ')}\n  return ${jsTemplate(content)};`;
      if (hasDotSegment(path)) {
        const name = file.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
        return [
          create,
          {
            title: `Serve it from a server handler registered for ${path}`,
            body: 'File scanning can skip dot folders under server/routes (nuxt/nuxt#13237); a handler registered in nuxt.config answers the path either way.',
            code: `// server/handlers/${name}.ts\nexport default defineEventHandler((event) => {\n${handler}\n});\n\n// nuxt.config.ts (merge into your existing config)\nexport default defineNuxtConfig({\n  serverHandlers: [{ route: ${jsString(path)}, handler: ${jsString(`~~/server/handlers/${name}.ts`)} }],\n});\n`,
            lang: 'ts',
          },
        ];
      }
      return [
        create,
        { title: `Serve it from a Nitro server route (server/routes/${file}.ts)`, code: `// server/routes/${file}.ts\nexport default defineEventHandler((event) => {\n${handler}\n});\n`, lang: 'ts' },
      ];
    }
    case 'astro':
    case 'starlight':
    case 'docusaurus':
    case 'gatsby':
    case 'hugo':
    case 'jekyll':
    case 'eleventy':
    case 'vitepress':
    case 'mkdocs': {
      const dir = STATIC_DIRS[target];
      const where = staticFile(dir, file);
      return [
        { ...create, title: `Add ${where}`, body: `${label(target)} copies ${dir === '.' ? 'files in the site source' : `files in ${dir}/`} to the site root, so it is served at ${path}.${staticCopyNote(target, file)}` },
        ...hostTypeStep(fx, spec, dir),
      ];
    }
    case 'wordpress':
    case 'woocommerce': {
      const { open, close } = phpNowdoc(content);
      const slug = file.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      return [
        create,
        {
          title: 'Serve it from a must-use plugin',
          body: 'WordPress routes unknown paths to PHP, so a small mu-plugin can answer the path with the right type. Check that your server does not deny dot-paths such as /.well-known (a common nginx rule).',
          code: `<?php
// wp-content/mu-plugins/ai-ready-${slug}.php
add_action('parse_request', function () {
  if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) !== ${phpString(path)}) return;
${Object.entries(headersObj).map(([k, v]) => `  header(${phpString(`${k}: ${v}`)});\n`).join('')}  echo ${open}
${content}
${close};
  exit;
});
`,
          lang: 'php',
        },
      ];
    }
    case 'shopify': {
      const template = SHOPIFY_TEMPLATES[path.toLowerCase()];
      if (template) {
        return [
          create,
          {
            title: `Override it with ${template}`,
            body: `Online Store → Themes → Edit code → add the ${template} template. {% raw %} keeps Liquid from interpreting the content.`,
            code: liquidRaw(content),
            lang: 'liquid',
          },
        ];
      }
      return [
        create,
        workerStep(
          'Shopify cannot serve arbitrary paths',
          `Merchants cannot add ${path} or custom response headers on Shopify itself (robots.txt, llms.txt and agents.md have theme templates; /.well-known/ucp is served by Shopify). ${CLOUDFLARE_FALLBACK}`,
          spec,
        ),
      ];
    }
    case 'webflow':
      return [
        create,
        workerStep(
          'Upload it as a well-known file (Webflow Enterprise) or use a Worker',
          `Webflow Enterprise exposes a site configuration API for llms.txt and well-known files. On other plans: ${CLOUDFLARE_FALLBACK}`,
          spec,
        ),
      ];
    case 'ghost':
      return [
        create,
        {
          title: 'Serve it from the nginx in front of Ghost (self-hosted) or a Worker (Ghost(Pro))',
          body: `Ghost itself serves only theme routes. A Ghost-CLI install runs behind nginx: save the file as /var/www/ghost/static/${file} and add this location to the site config. On Ghost(Pro): ${CLOUDFLARE_FALLBACK}`,
          code: nginxServe(spec, '/var/www/ghost/static'),
          lang: 'nginx',
        },
      ];
    case 'drupal':
      return [create, serverStep(fx, spec, 'web')];
    case 'magento':
      return [create, serverStep(fx, spec, 'pub')];
    case 'joomla':
    case 'prestashop':
    case 'shopware':
      return [create, serverStep(fx, spec, target === 'shopware' ? 'public' : '.')];
    case 'cloudflare':
      return [create, { title: 'Serve it from a Cloudflare Worker route', code: cloudflareWorker(spec), lang: 'js' }];
    case 'express':
      return [
        create,
        {
          title: 'Add an Express route',
          body: 'Register it before any catch-all route or static middleware.',
          code: `app.get(${jsString(path)}, (req, res) => {\n  res.set(${JSON.stringify(headersObj)});\n  res.send(${jsTemplate(content)});\n});\n`,
          lang: 'js',
        },
      ];
    case 'nginx':
      return [
        create,
        {
          title: 'Serve it with nginx',
          body: `Save the file as /var/www/site/${file} and add this location (before any rule that denies dot-paths). An add_header inside a location replaces those inherited from outer blocks.`,
          code: nginxServe(spec),
          lang: 'nginx',
        },
      ];
    case 'apache':
      return [create, { title: 'Serve it with Apache', body: `Save the file as ${file} in the document root and set its type in the .htaccess of its folder:`, code: apacheServe(spec), lang: 'apache' }];
    case 'caddy':
      return [create, { title: 'Serve it with Caddy', body: `Save the file as /var/www/site/${file} and add this to the site block of your Caddyfile:`, code: caddyServe(spec), lang: 'caddy' }];
    case 'iis':
      return [create, { title: 'Serve it with IIS', body: `Save the file as ${file} under the site root; IIS refuses files without a known extension until a web.config maps them:`, code: iisServe(spec), lang: 'xml' }];
    case 'vercel':
    case 'netlify':
    case 'github-pages': {
      const dir = STATIC_DIRS[target];
      const where = staticFile(dir, file);
      const folder = target === 'github-pages' ? 'the published branch or folder' : 'the folder your build publishes (often public/)';
      return [{ ...create, title: `Add ${where}`, body: `Static files in ${folder} are served at ${path}.${staticCopyNote(target, file)}` }, ...hostTypeStep(fx, spec)];
    }
    default:
      return [{ ...create, title: `Publish ${path}`, body: `${note ? note + '\n' : ''}Create this file so that ${path} answers 200 with Content-Type: ${headerValue(spec.contentType)}.` }];
  }
}

// ---- add a response header ----------------------------------------------------------------------

function transformRuleStep(title: string, name: string, value: string, path: string): FixStep {
  const expr = path === '/' ? 'all incoming requests' : `http.request.uri.path eq "${path}"`;
  return {
    title,
    body: `Cloudflare dashboard → Rules → Transform Rules → Modify Response Header → create a rule matching ${expr}, action "Set static" (use "Add" for a header that may repeat, such as Link):`,
    code: `${name}: ${value}`,
    lang: 'text',
  };
}

/** add_header for every request, or inside an exact location for one path. */
function nginxHeader(name: string, value: string, path = '/'): string {
  const v = nginxString(value);
  const dollar = v.needsDollar ? NGINX_DOLLAR + '\n\n' : '';
  const line = `add_header ${name} ${v.text} always;`;
  if (path === '/') return `${dollar}# in the server {} block; an add_header in a location replaces the inherited ones\n${line}\n`;
  return `${dollar}location = ${path} {\n    ${line}\n    # keep the location's usual handling, e.g. try_files $uri $uri/ /index.php?$args;\n}\n`;
}

function apacheHeader(name: string, value: string, path: string): string {
  const line = `Header always append ${name} ${apacheHeaderString(value)}`;
  return path === '/' ? `${line}\n` : `<If "%{REQUEST_URI} == '${path}'">\n    ${line}\n</If>\n`;
}

/** Steps (exactly 1) that add a response header on the detected platform. */
export function addHeaderSteps(fx: FixContext, h: HeaderSpec): FixStep[] {
  const { name, value, path } = cleanHeader(h);
  const target = guidanceTarget(fx);
  const all = path === '/';
  if (HOSTED_BUILDERS.has(target) || target === 'shopify' || target === 'webflow') {
    return [transformRuleStep(`${label(target)} cannot set custom response headers: add it at Cloudflare in front of the site`, name, value, path)];
  }
  switch (target) {
    case 'nextjs':
    case 'nextra':
      return [
        {
          title: 'Add the header in next.config',
          code: `// next.config.mjs\nexport default {\n  async headers() {\n    return [{ source: ${jsString(all ? '/:path*' : path)}, headers: [{ key: ${jsString(name)}, value: ${jsString(value)} }] }];\n  },\n};\n`,
          lang: 'js',
        },
      ];
    case 'nuxt':
      return [
        {
          title: 'Add the header with routeRules',
          code: `// nuxt.config.ts\nexport default defineNuxtConfig({\n  routeRules: { ${jsString(all ? '/**' : path)}: { headers: { ${jsString(name)}: ${jsString(value)} } } },\n});\n`,
          lang: 'ts',
        },
      ];
    case 'wordpress':
    case 'woocommerce':
      return [
        {
          title: 'Send the header from WordPress (a mu-plugin or functions.php)',
          code: `<?php\n// wp-content/mu-plugins/ai-ready-headers.php\nadd_action('send_headers', function () {\n${all ? '' : `  if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) !== ${phpString(path)}) return;\n`}  header(${phpString(`${name}: ${value}`)}, false);\n});\n`,
          lang: 'php',
        },
      ];
    case 'express':
      return [
        {
          title: 'Add the header in an Express middleware',
          body: 'Register it before your routes.',
          code: `app.use(${all ? '' : `${jsString(path)}, `}(req, res, next) => {\n  res.append(${jsString(name)}, ${jsString(value)});\n  next();\n});\n`,
          lang: 'js',
        },
      ];
    case 'nginx':
      return [{ title: 'Add the header in nginx', code: nginxHeader(name, value, path), lang: 'nginx' }];
    case 'apache':
    case 'drupal':
    case 'joomla':
    case 'magento':
    case 'prestashop':
    case 'shopware':
      if (target !== 'apache' && fx.hosting.includes('nginx')) return [{ title: 'Add the header in nginx', code: nginxHeader(name, value, path), lang: 'nginx' }];
      return [{ title: 'Add the header in Apache (.htaccess or vhost; needs mod_headers)', code: apacheHeader(name, value, path), lang: 'apache' }];
    case 'caddy':
      return [{ title: 'Add the header in your Caddyfile', code: `header ${all ? '' : `${path} `}${name} ${caddyString(value)}\n`, lang: 'caddy' }];
    case 'iis':
      return [
        {
          title: 'Add the header in web.config',
          code: `<configuration>\n  <system.webServer>\n    <httpProtocol>\n      <customHeaders>\n        <add name="${xmlAttr(name)}" value="${xmlAttr(value)}" />\n      </customHeaders>\n    </httpProtocol>\n  </system.webServer>\n</configuration>\n`,
          lang: 'xml',
        },
      ];
    case 'vercel':
      return [{ title: 'Add the header in vercel.json', code: JSON.stringify({ headers: [{ source: all ? '/(.*)' : path, headers: [{ key: name, value }] }] }, null, 2), lang: 'json' }];
    case 'netlify':
    case 'astro':
    case 'starlight':
    case 'docusaurus':
    case 'gatsby':
    case 'hugo':
    case 'jekyll':
    case 'eleventy':
    case 'vitepress':
    case 'mkdocs': {
      if (fx.hosting.includes('vercel')) return addHeaderSteps({ ...fx, platform: null, hosting: ['vercel'] }, h);
      if (fx.hosting.includes('github-pages') && !fx.hosting.includes('cloudflare')) {
        return [transformRuleStep('GitHub Pages cannot set response headers: add it at Cloudflare in front of the site', name, value, path)];
      }
      const dir = STATIC_DIRS[target];
      const where = dir && target !== 'netlify' ? `${staticFile(dir, '_headers')}` : '_headers';
      const jekyll = target === 'jekyll' ? ' Jekyll skips files starting with "_": add `include: ["_headers"]` to _config.yml.' : '';
      return [
        {
          title: `Add the header in ${where} (Netlify, Cloudflare Pages)`,
          body: `Static sites set response headers at the host; the _headers file must end up in the published site root. On Vercel use vercel.json.${jekyll}`,
          code: `${all ? '/*' : path}\n  ${name}: ${value}\n`,
          lang: 'text',
        },
      ];
    }
    case 'ghost':
      return [
        {
          title: 'Add the header in the nginx in front of Ghost (self-hosted) or at Cloudflare (Ghost(Pro))',
          body: 'Ghost has no setting for custom response headers.',
          code: nginxHeader(name, value, path),
          lang: 'nginx',
        },
      ];
    case 'cloudflare':
      return [transformRuleStep('Add the header with a Cloudflare Transform Rule', name, value, path)];
    case 'github-pages':
      return [transformRuleStep('GitHub Pages cannot set response headers: add it at Cloudflare in front of the site', name, value, path)];
    default:
      return [{ title: `Add the ${name} response header`, body: `Send it on ${all ? 'every HTML page (at least the home page)' : path}:`, code: `${name}: ${value}`, lang: 'http' }];
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

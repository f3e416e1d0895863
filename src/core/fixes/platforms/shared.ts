/**
 * Building blocks the platform packs share: cleaning of paths and headers, the server snippets
 * (nginx, Apache, Caddy, IIS, a Cloudflare Worker) and the families of packs (hosted builders,
 * static site generators, PHP applications). Every literal placed in a snippet goes through the
 * quoting helpers of ../escape.ts.
 */
import type { FixStep } from '../../schema.js';
import type { FixContext } from '../fix-context.js';
import {
  apacheHeaderString,
  apacheString,
  caddyString,
  headerName,
  headerValue,
  jsString,
  jsTemplate,
  NGINX_DOLLAR,
  nginxString,
  stripControl,
  xmlAttr,
} from '../escape.js';
import type { AddHeader, HeaderSpec, PackGuidance, ServeFile, ServeFileSpec } from './types.js';

export const CLOUDFLARE_FALLBACK =
  'If your host cannot do this, put Cloudflare in front of the site and use a Worker (or Transform Rules for headers); it works for any origin.';

/** Headers of a served file, cleaned: names reduced to token characters, values to one line. */
export function fileHeaders(spec: ServeFileSpec): Record<string, string> {
  const out: Record<string, string> = { 'Content-Type': headerValue(spec.contentType) };
  for (const [k, v] of Object.entries(spec.headers ?? {})) {
    const name = headerName(k);
    if (name) out[name] = headerValue(v);
  }
  return out;
}

export function cleanHeader(h: HeaderSpec): { name: string; value: string; path: string } {
  return { name: headerName(h.name) || 'X-Header', value: headerValue(h.value), path: cleanPath(h.path ?? '/') };
}

/**
 * A URL path safe to put in any config: no quotes, spaces, braces, `;`, `$`, `%`, control characters or query.
 * Stripping can make a dot segment (`/.;./` becomes `/../`), so the result is checked again: its
 * `.` and `..` segments, and empty ones, are dropped (never resolved), so it cannot climb.
 */
export function cleanPath(p: string): string {
  const path = stripControl(p)
    .split(/[?#]/)[0]
    .replace(/["'`\\\s<>{}|^;$%]/g, '');
  const segs = path.split('/');
  const kept = segs.filter((s, i) => s !== '.' && s !== '..' && (s !== '' || i === segs.length - 1));
  return `/${kept.join('/')}`;
}

/** "/.well-known/api-catalog" has a segment starting with a dot (hidden from many build tools). */
export function hasDotSegment(path: string): boolean {
  return path.split('/').some((s) => s.startsWith('.'));
}

export function mediaType(contentType: string): string {
  return contentType.split(';')[0].trim();
}

export function cloudflareWorker(spec: ServeFileSpec): string {
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

export function workerStep(title: string, body: string, spec: ServeFileSpec): FixStep {
  return { title, body, code: cloudflareWorker(spec), lang: 'js' };
}

export function staticFile(dir: string, file: string): string {
  return dir === '.' ? file : `${dir}/${file}`;
}

/** Content type (and extra headers) set at the static host, for static site generators. */
export function hostTypeStep(fx: FixContext, spec: ServeFileSpec, publishDir?: string): FixStep[] {
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
        body:
          `GitHub Pages picks the Content-Type from the file extension and allows no custom headers, ` +
          `so ${path} will not be served as ${mediaType(spec.contentType)}. ${CLOUDFLARE_FALLBACK}`,
        code: cloudflareWorker(spec),
        lang: 'js',
      },
    ];
  }
  return [
    {
      title: `Set its headers in ${publishDir ? staticFile(publishDir, '_headers') : '_headers'} (Netlify, Cloudflare Pages)`,
      body: 'The _headers file must end up in the published site root. On Vercel use the headers key of vercel.json instead.',
      code: `${path}\n${Object.entries(headers)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}\n`,
      lang: 'text',
    },
  ];
}

export function nginxServe(spec: ServeFileSpec, root = '/var/www/site'): string {
  const path = cleanPath(spec.path);
  const file = path.replace(/^\//, '');
  const type = nginxString(headerValue(spec.contentType));
  const extra = Object.entries(fileHeaders(spec))
    .filter(([k]) => k !== 'Content-Type')
    .map(([k, v]) => [k, nginxString(v)] as const);
  const needsDollar = type.needsDollar || extra.some(([, v]) => v.needsDollar);
  return `${needsDollar ? NGINX_DOLLAR + '\n\n' : ''}location = ${path} {
    default_type ${type.text};
    alias ${root}/${file};
${extra.map(([k, v]) => `    add_header ${k} ${v.text} always;\n`).join('')}}
`;
}

export function apacheServe(spec: ServeFileSpec): string {
  const base = cleanPath(spec.path).split('/').pop() || 'index';
  const extra = Object.entries(fileHeaders(spec)).filter(([k]) => k !== 'Content-Type');
  const full = headerValue(spec.contentType);
  const hasParams = mediaType(full) !== full;
  return `<Files ${apacheString(base)}>
    ForceType ${mediaType(full).replace(/[^\w.+/-]/g, '')}
${
  hasParams ? `    Header always set ` + `Content-Type ${apacheHeaderString(full)}\n` : ''
}${extra.map(([k, v]) => `    Header always set ${k} ${apacheHeaderString(v)}\n`).join('')}</Files>
`;
}

export function caddyServe(spec: ServeFileSpec): string {
  const path = cleanPath(spec.path);
  return `handle ${path} {
    root * /var/www/site
${Object.entries(fileHeaders(spec))
  .map(([k, v]) => `    header ${k} ${caddyString(v)}\n`)
  .join('')}    file_server
}
`;
}

export function iisServe(spec: ServeFileSpec): string {
  const extra = Object.entries(fileHeaders(spec)).filter(([k]) => k !== 'Content-Type');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- web.config in the folder that holds the file: "." maps files without an extension -->
<configuration>
  <system.webServer>
    <staticContent>
      <remove fileExtension="." />
      <mimeMap fileExtension="." mimeType="${xmlAttr(headerValue(spec.contentType))}" />
    </staticContent>
${
  extra.length
    ? `    <httpProtocol>\n      <customHeaders>` +
      `\n${extra.map(([k, v]) => `        <add ` + `name="${xmlAttr(k)}" value="${xmlAttr(v)}" />` + `\n`).join('')}      ` +
      `</customHeaders>\n    </httpProtocol>\n`
    : ''
}  </system.webServer>
</configuration>
`;
}

/** The server step for PHP apps and self-hosted software: nginx when seen, Apache .htaccess otherwise. */
export function serverStep(fx: FixContext, spec: ServeFileSpec, appDir: string): FixStep {
  const file = cleanPath(spec.path).replace(/^\//, '');
  const docroot = appDir === '.' ? '/var/www/site' : `/var/www/site/${appDir}`;
  const where = `Save the file as ${docroot}/${file} (${appDir === '.' ? 'the web root' : `${appDir}/ is the web root`}; adjust the install path)`;
  if (fx.hosting.includes('nginx')) {
    return {
      title: 'Serve it with nginx',
      body: `${where} and add this location before any rule that denies dot-paths:`,
      code: nginxServe(spec, docroot),
      lang: 'nginx',
    };
  }
  return {
    title: 'Set its type in .htaccess (Apache, LiteSpeed)',
    body: `${where}; then in the .htaccess of that folder:`,
    code: apacheServe(spec),
    lang: 'apache',
  };
}

export function transformRuleStep(title: string, name: string, value: string, path: string): FixStep {
  const expr = path === '/' ? 'all incoming requests' : `http.request.uri.path eq "${path}"`;
  return {
    title,
    body:
      `Cloudflare dashboard → Rules → Transform Rules → Modify Response Header → create a rule ` +
      `matching ${expr}, action "Set static" (use "Add" for a header that may repeat, such as Link):`,
    code: `${name}: ${value}`,
    lang: 'text',
  };
}

/** add_header for every request, or inside an exact location for one path. */
export function nginxHeader(name: string, value: string, path = '/'): string {
  const v = nginxString(value);
  const dollar = v.needsDollar ? NGINX_DOLLAR + '\n\n' : '';
  const line = `add_header ${name} ${v.text} always;`;
  if (path === '/') return `${dollar}# in the server {} block; an add_header in a location replaces the inherited ones\n${line}\n`;
  return `${dollar}location = ${path} {\n    ${line}\n    # keep the location's usual handling, e.g. try_files $uri $uri/ /index.php?$args;\n}\n`;
}

export function apacheHeader(name: string, value: string, path: string): string {
  const line = `Header always append ${name} ${apacheHeaderString(value)}`;
  return path === '/' ? `${line}\n` : `<If "%{REQUEST_URI} == '${path}'">\n    ${line}\n</If>\n`;
}

// ---- families of packs --------------------------------------------------------------------------

/** The one step of a platform that cannot set response headers: a Cloudflare Transform Rule. */
export function headersAtCloudflare({ label, name, value, path }: AddHeader): FixStep[] {
  return [transformRuleStep(`${label} cannot set custom response headers: add it at Cloudflare in front of the site`, name, value, path)];
}

/**
 * Hosted builders that let a site owner publish neither arbitrary files nor response headers:
 * the fix goes through Cloudflare in front of the site.
 */
export function hostedBuilder(id: string, extra: Omit<PackGuidance, 'id'> = {}): PackGuidance {
  return {
    id,
    serveFile: ({ label, path, spec, create }) => [create, workerStep(`${label} does not let you publish ${path}`, CLOUDFLARE_FALLBACK, spec)],
    addHeader: headersAtCloudflare,
    ...extra,
  };
}

/** vercel.json's headers key. */
export function vercelHeader({ name, value, path, all }: AddHeader): FixStep[] {
  return [
    {
      title: 'Add the header in vercel.json',
      code: JSON.stringify({ headers: [{ source: all ? '/(.*)' : path, headers: [{ key: name, value }] }] }, null, 2),
      lang: 'json',
    },
  ];
}

const GITHUB_PAGES_HEADERS = 'GitHub Pages cannot set response headers: add it at Cloudflare in front of the site';

/** A header on a static host: vercel.json on Vercel, Cloudflare in front of GitHub Pages, else a _headers file. */
export function staticHostHeader(x: AddHeader, headersFile: string, note = ''): FixStep[] {
  const { fx, name, value, path, all } = x;
  if (fx.hosting.includes('vercel')) return vercelHeader(x);
  if (fx.hosting.includes('github-pages') && !fx.hosting.includes('cloudflare')) return [transformRuleStep(GITHUB_PAGES_HEADERS, name, value, path)];
  return [
    {
      title: `Add the header in ${headersFile} (Netlify, Cloudflare Pages)`,
      body: `Static sites set response headers at the host; the _headers file must end up in the published site root. On Vercel use vercel.json.${note}`,
      code: `${all ? '/*' : path}\n  ${name}: ${value}\n`,
      lang: 'text',
    },
  ];
}

export function githubPagesHeader({ name, value, path }: AddHeader): FixStep[] {
  return [transformRuleStep(GITHUB_PAGES_HEADERS, name, value, path)];
}

/** Jekyll (and GitHub Pages, which builds with it) skips dot folders unless told. */
export function jekyllCopyNote(file: string): string {
  const top = file.split('/')[0];
  return hasDotSegment(`/${file}`)
    ? ` Jekyll skips dot folders: add \`include: [${JSON.stringify(top)}]\` to _config.yml (or a .nojekyll file if the site is not built with Jekyll).`
    : '';
}

/** Static site generators: a file in the folder copied as-is to the site root, headers at the host. */
export function staticSite(
  id: string,
  dir: string,
  opts: { copyNote?: (file: string) => string; headerNote?: string; hooks?: PackGuidance['hooks'] } = {},
): PackGuidance {
  return {
    id,
    serveFile: ({ fx, label, spec, path, file, create }) => [
      {
        ...create,
        title: `Add ${staticFile(dir, file)}`,
        body:
          `${label} copies ${dir === '.' ? 'files in the site source' : `files ` + `in ${dir}/`} to the site ` +
          `root, so it is served at ${path}.${opts.copyNote?.(file) ?? ''}`,
      },
      ...hostTypeStep(fx, spec, dir),
    ],
    addHeader: (x) => staticHostHeader(x, staticFile(dir, '_headers'), opts.headerNote),
    ...(opts.hooks ? { hooks: opts.hooks } : {}),
  };
}

/** The nginx step for a header. */
export function nginxHeaderStep({ name, value, path }: AddHeader): FixStep[] {
  return [{ title: 'Add the header in nginx', code: nginxHeader(name, value, path), lang: 'nginx' }];
}

/** The Apache step for a header. */
export function apacheHeaderStep({ name, value, path }: AddHeader): FixStep[] {
  return [{ title: 'Add the header in Apache (.htaccess or vhost; needs mod_headers)', code: apacheHeader(name, value, path), lang: 'apache' }];
}

/** PHP applications and self-hosted software: the file in the web root, nginx when seen, else Apache. */
export function phpApp(id: string, appDir: string, extra: Omit<PackGuidance, 'id'> = {}): PackGuidance {
  return {
    id,
    serveFile: ({ fx, spec, create }) => [create, serverStep(fx, spec, appDir)],
    addHeader: (x) => (x.fx.hosting.includes('nginx') ? nginxHeaderStep(x) : apacheHeaderStep(x)),
    ...extra,
  };
}

/** The static hosts' way to publish a file: put it in the published folder, set its headers at the host. */
export function publishStatic({ fx, spec, path, file, create }: ServeFile, dir: string, folder: string, copyNote = ''): FixStep[] {
  return [{ ...create, title: `Add ${staticFile(dir, file)}`, body: `Static files in ${folder} are served at ${path}.${copyNote}` }, ...hostTypeStep(fx, spec)];
}

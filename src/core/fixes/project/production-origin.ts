/**
 * The origin a project is published at, read from its framework's config as text: a literal
 * string in the place the framework documents (astro `site`, Docusaurus `url` + `baseUrl`, Hugo
 * `baseURL`, ...). Nothing of the project is executed: a value built from code or the environment
 * is not a literal and is not read (the site's canonical links, or `--set domain=`, answer then).
 * Each framework's reader is a small named function, so it can move to the framework's pack.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLocalHostname as isLocalHost } from '../site-facts-build.js';

/** Config files larger than this are not read (a config is a few KB). */
export const CONFIG_MAX_BYTES = 256 * 1024;

export interface ProductionOrigin {
  /** The site's root URL at production: origin plus base path, no trailing slash ("https://acme.test/docs"). */
  url: string;
  /** Where it was read ("astro.config.mjs site"). */
  from: string;
}

/** A config file's text: a regular file (no symlink followed), at most CONFIG_MAX_BYTES; else null. */
export function readConfig(dir: string, file: string): string | null {
  const path = join(dir, file);
  try {
    if (!existsSync(path)) return null;
    const st = lstatSync(path);
    if (!st.isFile() || st.size > CONFIG_MAX_BYTES) return null;
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** JavaScript/TypeScript text without its comments; strings and template literals kept as written. */
export function stripJsComments(text: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
      out += ' ';
    } else out += c;
  }
  return out;
}

/** YAML or TOML text without whole-line `#` comments. */
function stripHashComments(text: string): string {
  return text
    .split('\n')
    .map((l) => (/^\s*#/.test(l) ? '' : l))
    .join('\n');
}

/** A JS string literal's value after `key:` (quotes of any kind, no interpolation). */
function jsString(text: string, key: string, within?: string): string | null {
  const scope = within ? new RegExp(`(?<![\\w.$])${within}\\s*:\\s*\\{([^{}]*)\\}`).exec(text)?.[1] : text;
  if (scope === undefined) return null;
  const m = new RegExp(`(?<![\\w.$])["']?${key}["']?\\s*:\\s*(["'\`])([^"'\`$\\n]*)\\1`).exec(scope);
  return m ? m[2].trim() : null;
}

/** A top-level YAML `key: value` (quoted or bare). */
function yamlValue(text: string, key: string): string | null {
  const m = new RegExp(`^${key}\\s*:\\s*(?:"([^"\\n]*)"|'([^'\\n]*)'|([^\\s#][^#\\n]*?))\\s*(?:#.*)?$`, 'm').exec(text);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '').trim() : null;
}

/** A top-level TOML `key = "value"` (before any [table]). */
function tomlValue(text: string, key: string): string | null {
  const top = text.split(/^\s*\[/m)[0];
  const m = new RegExp(`^\\s*${key}\\s*=\\s*(?:"([^"\\n]*)"|'([^'\\n]*)')`, 'm').exec(top);
  return m ? (m[1] ?? m[2] ?? '').trim() : null;
}

/** A public http(s) URL's origin plus base path, without trailing slash; null for anything else (loopback, localhost, not a URL). */
export function publicSiteUrl(raw: string | null, basePath = ''): string | null {
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || isLocalHost(u.hostname)) return null;
  const path = `${u.pathname.replace(/\/+$/, '')}/${basePath.replace(/^\/+|\/+$/g, '')}`.replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  if (/[\s"'<>\\]/.test(path)) return null;
  return `${u.origin}${path}`;
}

type Reader = (dir: string) => ProductionOrigin | null;

/** The first of `files` whose text gives a public URL through `read`. */
function firstOf(
  dir: string,
  files: string[],
  label: string,
  read: (text: string) => { url: string | null; base?: string | null } | null,
): ProductionOrigin | null {
  for (const file of files) {
    const text = readConfig(dir, file);
    if (text === null) continue;
    const got = read(text);
    const url = publicSiteUrl(got?.url ?? null, got?.base ?? '');
    if (url) return { url, from: `${file} ${label}` };
  }
  return null;
}

const JS_EXT = ['js', 'mjs', 'cjs', 'ts', 'mts'];

/** A JS/TS config (`<name>.config.*`) naming the site URL and base path as string literals (comments removed first). */
const jsConfigOrigin =
  (name: string, urlKey: string, baseKey: string, label: string): Reader =>
  (dir) =>
    firstOf(
      dir,
      JS_EXT.map((e) => `${name}.config.${e}`),
      label,
      (t) => {
        const text = stripJsComments(t);
        return { url: jsString(text, urlKey), base: jsString(text, baseKey) };
      },
    );

export const astroOrigin = jsConfigOrigin('astro', 'site', 'base', 'site');

export const docusaurusOrigin = jsConfigOrigin('docusaurus', 'url', 'baseUrl', 'url + baseUrl');

export const hugoOrigin: Reader = (dir) =>
  firstOf(dir, ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml'], 'baseURL', (t) => {
    const text = stripHashComments(t);
    return { url: tomlValue(text, 'baseURL') ?? yamlValue(text, 'baseURL') ?? jsonValue(t, 'baseURL') };
  });

export const jekyllOrigin: Reader = (dir) =>
  firstOf(dir, ['_config.yml', '_config.yaml'], 'url + baseurl', (t) => {
    const text = stripHashComments(t);
    return { url: yamlValue(text, 'url'), base: yamlValue(text, 'baseurl') };
  });

export const gatsbyOrigin: Reader = (dir) =>
  firstOf(
    dir,
    JS_EXT.map((e) => `gatsby-config.${e}`),
    'siteMetadata.siteUrl',
    (t) => ({ url: jsString(stripJsComments(t), 'siteUrl') }),
  );

export const nuxtOrigin: Reader = (dir) =>
  firstOf(
    dir,
    JS_EXT.map((e) => `nuxt.config.${e}`),
    'site.url',
    (t) => ({ url: jsString(stripJsComments(t), 'url', 'site') }),
  );

export const vitepressOrigin: Reader = (dir) =>
  firstOf(
    dir,
    ['docs', '.', 'src'].flatMap((src) => JS_EXT.map((e) => `${src === '.' ? '' : `${src}/`}.vitepress/config.${e}`)),
    'sitemap.hostname',
    (t) => ({ url: jsString(stripJsComments(t), 'hostname', 'sitemap') }),
  );

export const nextOrigin: Reader = (dir) =>
  firstOf(
    dir,
    ['app', 'src/app'].flatMap((d) => ['tsx', 'jsx', 'ts', 'js'].map((e) => `${d}/layout.${e}`)),
    'metadataBase',
    (t) => ({ url: /metadataBase\s*:\s*new\s+URL\(\s*(["'`])([^"'`$\n]*)\1\s*\)/.exec(stripJsComments(t))?.[2] ?? null }),
  );

export const eleventyOrigin: Reader = (dir) =>
  firstOf(
    dir,
    [
      '_data/metadata.json',
      '_data/site.json',
      '_data/metadata.js',
      '_data/site.js',
      'src/_data/metadata.json',
      'src/_data/site.json',
      'src/_data/metadata.js',
      'src/_data/site.js',
    ],
    'url',
    (t) => ({ url: jsonValue(t, 'url') ?? jsString(stripJsComments(t), 'url') }),
  );

/** A top-level string member of a JSON object, parsed; null when the text is not JSON. */
function jsonValue(text: string, key: string): string | null {
  try {
    const v = (JSON.parse(text) as Record<string, unknown>)?.[key];
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Each framework's reader, by framework id (src/core/fixes/project/frameworks.ts). */
export const ORIGIN_READERS: Record<string, Reader> = {
  astro: astroOrigin,
  docusaurus: docusaurusOrigin,
  hugo: hugoOrigin,
  jekyll: jekyllOrigin,
  gatsby: gatsbyOrigin,
  nuxt: nuxtOrigin,
  vitepress: vitepressOrigin,
  nextjs: nextOrigin,
  eleventy: eleventyOrigin,
};

/** The production origin the project's config names, or null (no reader for the framework, no literal, or a local address). */
export function configOrigin(dir: string | null, frameworkId: string): ProductionOrigin | null {
  if (dir === null) return null;
  return ORIGIN_READERS[frameworkId]?.(dir) ?? null;
}

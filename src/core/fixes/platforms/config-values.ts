/**
 * Literal values read from a framework's config as text, for the packs' `project.origin`: a
 * string in the place the framework documents (astro `site`, Docusaurus `url` + `baseUrl`, Hugo
 * `baseURL`, ...). Nothing of the project is executed: a value built from code or the environment
 * is not a literal and is not read (the site's canonical links, or `--set domain=`, answer then).
 */
import { isLocalHostname } from '../site-facts-build.js';
import type { ProductionOrigin, ProjectProbe } from './project-shape.js';

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
export function stripHashComments(text: string): string {
  return text
    .split('\n')
    .map((l) => (/^\s*#/.test(l) ? '' : l))
    .join('\n');
}

/** A JS string literal's value after `key:` (quotes of any kind, no interpolation), optionally inside `within: { ... }`. */
export function jsLiteral(text: string, key: string, within?: string): string | null {
  const scope = within ? new RegExp(`(?<![\\w.$])${within}\\s*:\\s*\\{([^{}]*)\\}`).exec(text)?.[1] : text;
  if (scope === undefined) return null;
  const m = new RegExp(`(?<![\\w.$])["']?${key}["']?\\s*:\\s*(["'\`])([^"'\`$\\n]*)\\1`).exec(scope);
  return m ? m[2].trim() : null;
}

/** A top-level YAML `key: value` (quoted or bare). */
export function yamlValue(text: string, key: string): string | null {
  const m = new RegExp(`^${key}\\s*:\\s*(?:"([^"\\n]*)"|'([^'\\n]*)'|([^\\s#][^#\\n]*?))\\s*(?:#.*)?$`, 'm').exec(text);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '').trim() : null;
}

/** A top-level TOML `key = "value"` (before any [table]). */
export function tomlValue(text: string, key: string): string | null {
  const top = text.split(/^\s*\[/m)[0];
  const m = new RegExp(`^\\s*${key}\\s*=\\s*(?:"([^"\\n]*)"|'([^'\\n]*)')`, 'm').exec(top);
  return m ? (m[1] ?? m[2] ?? '').trim() : null;
}

/** A top-level string member of a JSON object, parsed; null when the text is not JSON. */
export function jsonValue(text: string, key: string): string | null {
  try {
    const v = (JSON.parse(text) as Record<string, unknown>)?.[key];
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
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
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || isLocalHostname(u.hostname)) return null;
  const path = `${u.pathname.replace(/\/+$/, '')}/${basePath.replace(/^\/+|\/+$/g, '')}`.replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  if (/[\s"'<>\\]/.test(path)) return null;
  return `${u.origin}${path}`;
}

/** The reader of a pack's `project.origin`. */
export type OriginReader = (p: ProjectProbe) => ProductionOrigin | null;

/** The first of `files` whose text gives a public URL through `read`. */
export const originFrom =
  (files: readonly string[], label: string, read: (text: string) => { url: string | null; base?: string | null } | null): OriginReader =>
  (p) => {
    for (const file of files) {
      const text = p.config(file);
      if (text === null) continue;
      const got = read(text);
      const url = publicSiteUrl(got?.url ?? null, got?.base ?? '');
      if (url) return { url, from: `${file} ${label}` };
    }
    return null;
  };

/** The extensions a JS/TS config file may have. */
export const JS_EXT = ['js', 'mjs', 'cjs', 'ts', 'mts'] as const;

/** A JS/TS config (`<name>.config.*`) naming the site URL and base path as string literals (comments removed first). */
export const jsConfigOrigin = (name: string, urlKey: string, baseKey: string, label: string): OriginReader =>
  originFrom(
    JS_EXT.map((e) => `${name}.config.${e}`),
    label,
    (t) => {
      const text = stripJsComments(t);
      return { url: jsLiteral(text, urlKey), base: jsLiteral(text, baseKey) };
    },
  );

/**
 * RFC 8288 Link header parsing. Link values are separated by commas outside `<...>` and quoted
 * strings; a value is `<URI-reference>` followed by `;`-separated parameters; `rel` may hold several
 * space-separated relation types; targets resolve against the request URL.
 */

export interface LinkValue {
  /** The target as written. */
  href: string;
  /** The target resolved against the context URL; null when it does not resolve. */
  target: string | null;
  /** Relation types, lower-cased (registered types are case-insensitive; extension URIs compared as written lower-case too). */
  rels: string[];
  /** Parameters by lower-case name (first occurrence wins, per RFC 8288 §3). */
  params: Record<string, string>;
}

/** Enough for any real page; beyond it the rest is ignored. */
const MAX_LINKS = 200;

/** Splits on `sep` outside angle brackets and quoted strings. */
function splitOutside(s: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let inAngle = false;
  let inQuote = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (inQuote) {
      cur += ch;
      if (ch === '\\' && i + 1 < s.length) cur += s[++i];
      else if (ch === '"') inQuote = false;
      continue;
    }
    if (ch === '"' && !inAngle) inQuote = true;
    else if (ch === '<') inAngle = true;
    else if (ch === '>') inAngle = false;
    else if (ch === sep && !inAngle) {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  parts.push(cur);
  return parts;
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  return t;
}

/** RFC 8187 ext-value (`UTF-8''caf%C3%A9`), used by `title*`. */
function decodeExtValue(v: string): string {
  const m = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(v.trim());
  if (!m) return v;
  try {
    return decodeURIComponent(m[2]);
  } catch {
    return m[2];
  }
}

function resolve(ref: string, base: string): string | null {
  try {
    return new URL(ref, base).href;
  } catch {
    return null;
  }
}

/** Pure: every link value of a (possibly combined) Link header field. */
export function parseLinkHeader(header: string | undefined, contextUrl: string): LinkValue[] {
  if (!header) return [];
  const out: LinkValue[] = [];
  for (const raw of splitOutside(header, ',')) {
    if (out.length >= MAX_LINKS) break;
    const value = raw.trim();
    const m = /^<([^>]*)>(.*)$/s.exec(value);
    if (!m) continue;
    const params: Record<string, string> = {};
    for (const p of splitOutside(m[2], ';')) {
      const eq = p.indexOf('=');
      const name = (eq >= 0 ? p.slice(0, eq) : p).trim().toLowerCase();
      if (!name || name in params) continue;
      const v = eq >= 0 ? unquote(p.slice(eq + 1)) : '';
      if (name.endsWith('*')) {
        if (!(name.slice(0, -1) in params)) params[name.slice(0, -1)] = decodeExtValue(v);
      } else params[name] = v;
    }
    const href = m[1].trim();
    // RFC 8288 §3.1: targets resolve against the request URL; `anchor` only changes the context.
    out.push({
      href,
      target: resolve(href, contextUrl),
      rels: (params.rel ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((r) => r.toLowerCase()),
      params,
    });
  }
  return out;
}

/**
 * Quoting for the config languages fix snippets are written in. Content comes from our own
 * templates but may embed text from the scanned site, so every literal goes through one of these
 * and the snippet stays valid code whatever it contains.
 */

/** Control characters (except tab/newline) have no place in a snippet a user pastes. */
export function stripControl(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/** A header value on one line: CR/LF would split it into a second (injected) header. */
export function headerValue(s: string): string {
  return stripControl(s)
    .replace(/[\r\n\t]+/g, ' ')
    .trim();
}

/** A header name reduced to RFC 9110 token characters. */
export function headerName(s: string): string {
  return s.replace(/[^!#$%&'*+.^_`|~0-9A-Za-z-]/g, '');
}

/** JavaScript/TypeScript template literal: `\`, backtick and `${` are escaped. */
export function jsTemplate(s: string): string {
  return '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '`';
}

/** JavaScript string literal (JSON is valid JS, except U+2028/2029 in old engines: escape them too). */
export function jsString(s: string): string {
  return JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** JavaScript single-quoted string literal (the style of the TypeScript snippets): `\`, `'` and line breaks escaped. */
export function jsQuote(s: string): string {
  const escaped = stripControl(s)
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${escaped}'`;
}

/** PHP single-quoted string: only `\` and `'` are special. */
export function phpString(s: string): string {
  return "'" + s.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
}

/**
 * PHP nowdoc (`<<<'MARK'`): no escaping inside, so the marker must not start any line of the content
 * (PHP >= 7.3 also ends the nowdoc at an indented marker). Returns the opening and closing lines.
 */
export function phpNowdoc(content: string, base = 'AI_READY_EOT'): { open: string; close: string } {
  let mark = base;
  for (let i = 2; new RegExp(`^[ \\t]*${mark}(?![A-Za-z0-9_\\x80-\\uffff])`, 'm').test(content); i++) mark = `${base}_${i}`;
  return { open: `<<<'${mark}'`, close: mark };
}

/**
 * nginx quoted string: single quotes when the value holds double quotes (Link headers), else double;
 * the parser unescapes \\, \" and \' in both. `$` starts a variable even in quotes: it becomes
 * `${dollar}` (see NGINX_DOLLAR).
 */
export function nginxString(s: string): { text: string; needsDollar: boolean } {
  const needsDollar = s.includes('$');
  const q = s.includes('"') && !s.includes("'") ? "'" : '"';
  const body = s.replace(/\\/g, '\\\\').replaceAll(q, `\\${q}`).replace(/\$/g, '${dollar}');
  return { text: `${q}${body}${q}`, needsDollar };
}

/** nginx has no escape for `$`: this http-level block defines a variable holding one. */
export const NGINX_DOLLAR = '# in the http {} block: nginx has no escape for "$", so define a variable that holds one\ngeo $dollar { default "$"; }';

/** Apache quoted argument for mod_headers: `%` starts a format specifier, so it is doubled. */
export function apacheHeaderString(s: string): string {
  return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/%/g, '%%') + '"';
}

/** Apache quoted argument without format specifiers (file names, types). */
export function apacheString(s: string): string {
  return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
}

/** Caddyfile quoted token: `{` starts a placeholder, `"` and `\` are escaped. */
export function caddyString(s: string): string {
  return (
    '"' +
    s
      .replace(/\\/g, '\\\\')
      .replace(/"/g, '\\"')
      .replace(/([{}])/g, '\\$1') +
    '"'
  );
}

/** Liquid output kept verbatim: `{% raw %}` cannot contain its own end tag, so that tag is split out. */
export function liquidRaw(s: string): string {
  const parts = s.split(/(\{%-?\s*endraw\s*-?%\})/);
  return parts.map((p, i) => (i % 2 === 1 ? `{{ ${jsString(p)} }}` : p ? `{% raw %}${p}{% endraw %}` : '')).join('');
}

/** YAML double-quoted scalar (JSON strings are valid YAML). */
export function yamlString(s: string): string {
  return JSON.stringify(s);
}

/** XML attribute value in double quotes. */
export function xmlAttr(s: string): string {
  return stripControl(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

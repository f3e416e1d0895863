/**
 * Text from a scanned site is untrusted: it may carry terminal escape sequences (to rewrite the
 * screen, set the window title or forge hyperlinks) or markup. Each output medium gets its own
 * neutraliser, applied at the last moment before the text is written.
 */

// C0 controls except \t and \n, DEL, and C1 controls (0x80-0x9f, e.g. the single-byte CSI 0x9b).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// Whole escape sequences first (CSI, OSC, DCS/APC/PM/SOS strings, two-byte escapes), so their
// printable tails ("[31m", "]0;title") do not survive once the ESC byte is gone.
const ESCAPE_SEQUENCE = new RegExp(
  [
    String.raw`(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?`,
    String.raw`(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)`,
    String.raw`\u001b[\u0020-\u002f]*[\u0030-\u007e]?`,
  ].join('|'),
  'g',
);
// Bidirectional overrides can make a terminal line read differently from its bytes.
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

/** Safe for a terminal or a log line: no escape sequences, no control characters but \t and \n. */
export function stripControl(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '').replace(BIDI, '');
}

/** One line for a terminal: control characters removed and newlines folded into spaces. */
export function oneLine(text: string | undefined, max = 0): string {
  const flat = stripControl(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\t/g, ' ')
    .trim();
  return max > 0 && flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

// What JSON.stringify leaves raw but a terminal or an editor would act on: C1 controls (U+009B is
// a one-byte CSI), bidi marks, embeddings, overrides and isolates, and the line/paragraph
// separators. Inside JSON strings they are replaced by their \uXXXX escapes (same value).
const JSON_UNSAFE = /[\u0080-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON text with the characters above escaped as \uXXXX (JSON.stringify already escapes C0 such as ESC and BEL). */
export function escapeJsonText(json: string): string {
  return json.replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON.stringify for output that carries site text: the result is plain ASCII-safe to print. */
export function toSafeJson(value: unknown, indent?: number): string {
  return escapeJsonText(JSON.stringify(value, null, indent));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML element content or a quoted attribute; control characters are dropped too. */
export function escapeHtml(text: string | number | undefined | null): string {
  return stripControl(String(text ?? '')).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Text for XML (JUnit): like HTML, plus the characters XML 1.0 cannot carry at all. */
export function escapeXml(text: string | number | undefined | null): string {
  return escapeHtml(text).replace(/[\ud800-\udfff\ufffe\uffff]/g, '');
}

/** Only http(s) URLs become links; anything else (javascript:, data:, file:) stays text. */
export function safeHref(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

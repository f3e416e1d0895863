/** Judgements about a response that every check shares: soft 404s, bot walls, parse helpers. */
import type { FetchResult } from '../net/http.js';
import { parseJsonBounded } from './nesting.js';
import { probeData, renderProbe } from './probe-facts.js';

export function bodyLooksLikeHtml(text: string): boolean {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') || /^<(head|body)[\s>]/.test(head);
}

/**
 * A 2xx body that cannot be Markdown or a plain-text file whatever its name: JSON, XML or binary
 * data (catch-all API routes answer every path with one). Returns what it is, or null.
 * application/octet-stream alone is not enough: static hosts send it for unknown extensions.
 */
const JSON_TYPE = /^application\/(.+\+)?json$/;
const XML_TYPE = /^(application|text)\/(.+\+)?xml$/;

export function nonTextDocument(res: FetchResult): string | null {
  const kind = nonTextKind(res);
  if (kind === null) return null;
  const ct = res.contentType ?? '';
  // The media type is named when it is what told (a sniffed body under another type is not).
  if (kind === 'JSON') return JSON_TYPE.test(ct) ? `a JSON document (${ct})` : 'a JSON document';
  if (kind === 'XML') return XML_TYPE.test(ct) ? `an XML document (${ct})` : 'an XML document';
  return kind === 'binary' ? 'binary data' : `a ${kind} file`;
}

/**
 * What nonTextDocument found, as a token: `JSON`, `XML`, `binary`, or the media type of a media
 * file (image/png, application/pdf); null for a text that may be Markdown.
 */
export function nonTextKind(res: FetchResult): string | null {
  const ct = res.contentType ?? '';
  if (/^(image|audio|video|font)\//.test(ct) || /^application\/(pdf|zip|gzip|x-gzip|wasm)$/.test(ct)) return ct;
  if (JSON_TYPE.test(ct)) return 'JSON';
  if (XML_TYPE.test(ct)) return 'XML';
  if (res.body.subarray(0, 1024).includes(0)) return 'binary';
  const text = res.text.replace(/^\uFEFF/, '').trim();
  if (/^<\?xml[\s?]/i.test(text)) return 'XML';
  if (/^[[{]/.test(text) && /[\]}]$/.test(text)) {
    try {
      JSON.parse(text);
      return 'JSON';
    } catch {
      // Markdown may open with a [link](...) or {{ template }}: not JSON.
    }
  }
  return null;
}

/** A page to parse as HTML: an HTML media type, or no media type and an <html> tag near the top. */
export function isHtmlPage(res: FetchResult): boolean {
  return res.contentType === 'text/html' || res.contentType === 'application/xhtml+xml' || (!res.contentType && /<html/i.test(res.text.slice(0, 2000)));
}

/** 2xx with a body we can read. */
export function isOk(res: FetchResult): boolean {
  return !res.error && res.status !== null && res.status >= 200 && res.status < 300;
}

/**
 * A non-HTML resource (.txt, .json, .xml, well-known file) that answers 200 with an HTML page is a
 * catch-all "not found" in disguise (catalog §2.3).
 */
export function isSoft404(res: FetchResult): boolean {
  if (!isOk(res)) return false;
  return res.contentType === 'text/html' || res.contentType === 'application/xhtml+xml' || bodyLooksLikeHtml(res.text);
}

/** A real, non-HTML document came back. */
export function isFound(res: FetchResult): boolean {
  return isOk(res) && !isSoft404(res) && res.body.length > 0;
}

export const CHALLENGE_MARKERS = [
  '/cdn-cgi/challenge-platform/',
  'just a moment...',
  'attention required! | cloudflare',
  'captcha-delivery.com', // DataDome
  'px-captcha', // PerimeterX / HUMAN
  '_incapsula_resource',
  'awswaf',
  'checking your browser before accessing',
  'enable javascript and cookies to continue',
];

/**
 * The request hit a bot wall / WAF challenge (catalog §2.4): the answer says nothing about the
 * resource, so a check built on it is "could not be measured", never a false fail.
 */
export function challengeReason(res: FetchResult): string | null {
  const wall = challengeWall(res);
  return wall && wallText(wall);
}

/** What kind of wall a response is, and the sign that gave it away (a header value, a marker, a title). */
export type WallKind = 'cf-mitigated' | 'aws-waf-challenge' | 'aws-waf-action' | 'challenge-marker' | 'bot-cookies' | 'challenge-title' | 'challenge-script';
export interface Wall {
  kind: WallKind;
  status: number;
  /** The header value, marker, title or script that gave the wall away (absent when the kind says it all). */
  sign?: string;
}

/** The wall as one label ("HTTP 403 challenge page (\"just a moment...\")"), for places that read a reason. */
export function wallText(w: Wall): string {
  switch (w.kind) {
    case 'cf-mitigated':
      return 'Cloudflare challenge (cf-mitigated: challenge)';
    case 'aws-waf-challenge':
      return 'AWS WAF challenge';
    case 'aws-waf-action':
      return `AWS WAF action ${w.sign}`;
    case 'challenge-marker':
      return `HTTP ${w.status} challenge page ("${w.sign}")`;
    case 'bot-cookies':
      return `HTTP ${w.status} with bot-management cookies`;
    case 'challenge-title':
      return `HTTP ${w.status} challenge page (title "${w.sign}")`;
    case 'challenge-script':
      return `HTTP ${w.status} short page loading a challenge ("${w.sign}")`;
  }
}

/** The bot wall of a refusal (or a marked challenge), as structure; null when the answer is no wall. */
export function challengeWall(res: FetchResult): Wall | null {
  if (res.error || res.status === null) return null;
  const status = res.status;
  if ((res.headers['cf-mitigated'] ?? '').toLowerCase() === 'challenge') return { kind: 'cf-mitigated', status };
  if (status === 202 && /challenge|waf/i.test(res.headers['x-amzn-waf-action'] ?? '')) return { kind: 'aws-waf-challenge', status };
  if (res.headers['x-amzn-waf-action']) return { kind: 'aws-waf-action', status, sign: res.headers['x-amzn-waf-action'] };
  if ([401, 403, 429, 503].includes(status)) {
    const text = res.text.slice(0, 20000).toLowerCase();
    const marker = CHALLENGE_MARKERS.find((m) => text.includes(m));
    if (marker) return { kind: 'challenge-marker', status, sign: marker };
    const cookies = (res.headers['set-cookie'] ?? '').toLowerCase();
    if (/datadome=|_px\d?=|incap_ses_|__cf_bm=/.test(cookies) && status !== 401) return { kind: 'bot-cookies', status };
  }
  return null;
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; error: string; html: boolean };

/** Why a 2xx answer is not the JSON object a reader wanted, as data (the checks word it): the parse error, or not an object. */
export type JsonDocumentProblem = { kind: 'not-json'; error: string } | { kind: 'not-object' };

export function parseJson(res: FetchResult): JsonParse {
  const text = res.text.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: parseJsonBounded(text) };
  } catch (e) {
    return { ok: false, error: (e as Error).message.slice(0, 160), html: bodyLooksLikeHtml(text) };
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One-line description of a probe for evidence strings: `GET /robots.txt → 200 text/plain, 312 B`. */
export function describeProbe(res: FetchResult, origin?: string): string {
  return renderProbe(probeData(res, origin)) as string;
}

/** A short, single-line excerpt of a body for evidence. */
export function excerpt(text: string, max = 160): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

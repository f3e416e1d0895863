/**
 * Response builders: every response of the service is built here, with its content type and
 * headers. srvx's FastResponse is a web Response that the Node adapter writes directly (no web
 * stream in between), which roughly doubles throughput on report reads.
 */
import { FastResponse } from 'srvx/node';
import { toSafeJson } from '../format/sanitize.js';

export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src " +
  "'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export type Headers_ = Record<string, string>;

export function respond(body: BodyInit | null, status: number, contentType: string | null, headers: Headers_ = {}): Response {
  const h: Headers_ = { ...SECURITY_HEADERS, ...headers };
  if (contentType) h['content-type'] = contentType;
  return new FastResponse(body, { status, headers: h }) as Response;
}

export function json(body: unknown, status = 200, headers: Headers_ = {}): Response {
  return respond(typeof body === 'string' ? body : toSafeJson(body), status, 'application/json; charset=utf-8', headers);
}

export function text(body: string, contentType = 'text/plain; charset=utf-8', headers: Headers_ = {}, status = 200): Response {
  return respond(body, status, contentType, headers);
}

/** HTML pages always carry the CSP: report pages show text that scanned sites control. */
export function html(body: string, status = 200, headers: Headers_ = {}): Response {
  return respond(body, status, 'text/html; charset=utf-8', { 'content-security-policy': CSP, 'x-frame-options': 'DENY', ...headers });
}

export function markdown(body: string, status = 200, headers: Headers_ = {}): Response {
  return respond(body, status, 'text/markdown; charset=utf-8', headers);
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * True when the Accept header prefers text/markdown over text/html (q-values honoured; an
 * equal preference keeps HTML, so browsers never get Markdown).
 */
export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  let md = -1;
  let htmlQ = -1;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    const t = type.trim();
    if (t === 'text/markdown' || t === 'text/x-markdown') md = Math.max(md, q);
    else if (t === 'text/html' || t === 'application/xhtml+xml') htmlQ = Math.max(htmlQ, q);
  }
  return md > 0 && md > htmlQ;
}

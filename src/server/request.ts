/** Reading what a stranger sent: client IP, API key, bounded JSON body, scan parameters. */
import { isIP } from 'node:net';
import { scanTarget, type ScanTarget } from '../core/target.js';
import { isScanError } from '../core/errors.js';
import type * as z from 'zod';
import { ScanBody, ScanQuery, firstIssue } from '../core/scan-params/schemas.js';
import type { ScanParams } from '../core/scan-params/index.js';
import { ScanParamRefused } from '../core/scan-params/define.js';
import { paramsFromBody, paramsFromQuery } from '../core/scan-params/faces.js';
import type { Account, Store } from '../store/index.js';
import { ProblemError } from './problems.js';

/** A scan request as the HTTP faces parse it: the target, the service's own fields, and the ScanParams the engine gets whole. */
export interface ScanRequest {
  /** The target URL, normalised once here (the engine takes it as it is). */
  url: ScanTarget;
  fresh: boolean;
  isPublic?: boolean;
  params: ScanParams;
}

/**
 * The client IP: the socket address, or with --trust-proxy the right-most X-Forwarded-For entry
 * (the one our own proxy appended; entries to its left are client-supplied and spoofable).
 */
export function clientIp(req: Request & { ip?: string }, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = req.headers.get('x-forwarded-for');
    const last = xff
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  return req.ip ?? 'unknown';
}

/**
 * The rate-limit bucket of a client address. An IPv6 client usually holds a whole /64 and can
 * pick a new address for every request, so IPv6 addresses count per /64; IPv4-mapped IPv6
 * addresses (a dual-stack socket) count as their IPv4 address.
 */
export function rateBucket(ip: string): string {
  // Some proxies append the client's port too ("203.0.113.9:51234", "[2001:db8::1]:443"): a new
  // port per connection must not make a new client.
  const hostOnly = ip
    .trim()
    .replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1')
    .replace(/^\[([^\]]+)\](?::\d+)?$/, '$1');
  const bare = hostOnly.replace(/%.*$/, '').toLowerCase();
  if (isIP(bare) !== 6) return bare;
  const g = expandIpv6(bare);
  if (!g) return bare;
  if (g.slice(0, 5).every((x) => x === '0') && g[5] === 'ffff') {
    const n = (parseInt(g[6], 16) << 16) | parseInt(g[7], 16);
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  }
  return `${g.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (hex, no leading zeros); null when malformed. */
function expandIpv6(addr: string): string[] | null {
  let text = addr;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  return [...head, ...Array<string>(fill).fill('0'), ...tail].map((g) => parseInt(g, 16).toString(16));
}

/** The caller's account: null when anonymous; a ProblemError (401) when a key is sent but is not valid. */
export async function authenticate(req: Request, store: Store): Promise<Account | null> {
  const header = req.headers.get('authorization');
  if (header === null) return null;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  const account = m ? await store.verifyApiKey(m[1]) : null;
  if (!account) {
    throw new ProblemError('unauthorized', m ? 'The Bearer token is not a valid API key.' : 'The Authorization header must be "Bearer <API key>".', {
      'www-authenticate': 'Bearer realm="ai-ready", error="invalid_token"',
    });
  }
  return account;
}

/** Reads a JSON object body of at most `limit` bytes. */
export async function readJsonBody(req: Request, limit: number): Promise<Record<string, unknown>> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new ProblemError('unsupported-media-type', 'Send a JSON body with Content-Type: application/json.');
  }
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new ProblemError('payload-too-large', `The body is larger than ${limit} bytes.`);
  if (!req.body) throw new ProblemError('invalid-body', 'The request body is required.');
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client closed the connection mid-body: its request, not a server failure.
      throw new ProblemError('invalid-body', 'The request body ended before its declared end (the client closed the connection).');
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ProblemError('payload-too-large', `The body is larger than ${limit} bytes.`);
    }
    chunks.push(value);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw.trim()) throw new ProblemError('invalid-body', 'The request body is required.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ProblemError('invalid-body', 'The request body is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ProblemError('invalid-body', 'The request body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

/** The url parameter, normalised once for the whole request (the engine takes the ScanTarget as it is). */
function target(raw: unknown): ScanTarget {
  if (raw === undefined || raw === null || raw === '') throw new ProblemError('missing-parameter', 'The url parameter is required.');
  if (typeof raw !== 'string') throw new ProblemError('invalid-url', 'The url must be a string.');
  try {
    return scanTarget(raw);
  } catch (e) {
    if (isScanError(e)) throw new ProblemError('invalid-url', e.message);
    throw e;
  }
}

function checkIsPublic(value: boolean | undefined, account: Account | null): boolean | undefined {
  if (value !== undefined && !account) {
    throw new ProblemError('invalid-parameter', 'isPublic applies to API-key calls only: send an Authorization: Bearer <API key> header or omit it.');
  }
  return value;
}

/** A zod parse of the declared parameters (core/scan-params/schemas.ts); a failure is a 400 naming the first problem. */
function parsed<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const out = schema.safeParse(input);
  if (!out.success) throw new ProblemError('invalid-parameter', firstIssue(out.error).message);
  return out.data;
}

/** The request's ScanParams, every declared parameter read by its spelling (a refused value, e.g. scope "page" with pages 5, is a 400). */
function paramsOf(read: () => ScanParams): ScanParams {
  try {
    return read();
  } catch (e) {
    if (e instanceof ScanParamRefused) throw new ProblemError('invalid-parameter', e.message);
    throw e;
  }
}

/** §4.1: the query spellings of ScanQuery: `fresh` only `1`, `isPublic` true/false (key calls only), each parameter's text form. */
export function scanRequestFromQuery(query: URLSearchParams, account: Account | null): ScanRequest {
  const raw = Object.fromEntries([...Object.keys(ScanQuery.shape)].flatMap((k) => (query.get(k) === null ? [] : [[k, query.get(k)]])));
  const q = parsed(ScanQuery, raw);
  return {
    url: target(q.url),
    fresh: q.fresh === '1',
    isPublic: checkIsPublic(q.isPublic === undefined ? undefined : q.isPublic === 'true', account),
    // The parameters that declare a query spelling (core/scan-params/; docs/server.md lists them).
    params: paramsOf(() => paramsFromQuery(q)),
  };
}

/** §4.2: ScanBody, JSON types as they are. */
export function scanRequestFromBody(body: Record<string, unknown>, account: Account | null): ScanRequest {
  const b = parsed(ScanBody, body);
  return {
    url: target(b.url),
    fresh: b.fresh === true,
    isPublic: checkIsPublic(b.isPublic, account),
    params: paramsOf(() => paramsFromBody(b)),
  };
}

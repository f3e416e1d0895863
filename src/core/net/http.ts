/**
 * The one HTTP client of the engine (node:http / node:https, keep-alive per origin). Every
 * request has a timeout, a redirect limit and a body cap counted on decompressed bytes; network
 * failures come back as data, never as throws, so a hostile or broken site yields failing checks
 * with evidence instead of a crash. With the private-network guard on, every hop (redirects
 * included) is resolved, classified and connected to the very address that was checked.
 *
 * Node's own client, not undici: loading undici from npm (~70 modules, plus Node's bundled copy
 * it pulls in through globalThis.Headers) cost more CPU than the whole rest of a loopback scan.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable, Transform } from 'node:stream';
import { PRIVATE_NETWORK_HINT, bareHost, classifyAddress } from './address-guard.js';
import { resolveHost } from './resolver.js';
import { acquireOrigin } from './origin-limit.js';
import { USER_AGENT } from '../../version.js';

export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 8000;
export const MAX_REDIRECTS = 5;
/** Cap on a request body the engine sends (live probes post one small JSON-RPC message). */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024;

export type HttpMethod = 'GET' | 'HEAD' | 'POST';
/**
 * Connections per origin. A scan is ~40 small requests, most to well-known paths; sending them
 * together keeps a scan at ~4 round trips (bench/scan-latency) while staying far below what a
 * browser loading one page does over HTTP/2.
 */
export const MAX_CONNECTIONS_PER_ORIGIN = 32;
/** How long a keep-alive socket may sit idle in the pool before it is closed. */
const IDLE_SOCKET_MS = 2_000;
/**
 * Distinct host names one client (one scan) may contact. Each new name costs a DNS resolution;
 * a site's redirects and links cannot make a scan resolve names without end.
 */
export const MAX_HOSTS_PER_CLIENT = 32;

export type FetchErrorCode =
  | 'timeout'
  | 'dns'
  | 'refused'
  | 'reset'
  | 'tls'
  | 'blocked'
  | 'too-many-redirects'
  | 'redirect-loop'
  | 'bad-redirect'
  | 'deadline'
  | 'body-too-large'
  /** The client's cap on distinct host names was reached (MAX_HOSTS_PER_CLIENT): not sent. */
  | 'host-limit'
  | 'network';

export interface FetchOptions {
  method?: HttpMethod;
  /**
   * Request body (POST only), at most MAX_REQUEST_BODY_BYTES. A request with a body never follows
   * redirects: a 3xx comes back as the answer (its status and headers), so the caller decides.
   */
  body?: string;
  accept?: string;
  headers?: Record<string, string>;
  /** This request's User-Agent instead of the client's (B1's AI user-agent comparison). */
  userAgent?: string;
  /** Cap on decompressed body bytes; the rest is dropped and `truncated` is set. */
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface FetchResult {
  method: HttpMethod;
  /** The URL that was asked for. */
  requestedUrl: string;
  accept: string;
  /** The URL that answered, after redirects. */
  url: string;
  status: number | null;
  /** Lower-case header names; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Record<string, string>;
  /** Media type, lower case, without parameters. */
  contentType: string | null;
  body: Buffer;
  text: string;
  truncated: boolean;
  redirects: string[];
  durationMs: number;
  error?: { code: FetchErrorCode; message: string };
}

export interface HttpClientOptions {
  blockPrivateNetwork?: boolean;
  userAgent?: string;
  timeoutMs?: number;
  /** Aborts every request of the client (the whole-scan deadline). */
  signal?: AbortSignal;
  /**
   * Host names exempt from the guard (an intranet allowlist; tests use it to let the target
   * through while proving every other derived host is still refused).
   */
  allowedHosts?: string[];
}

class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
  constructor(host: string, address: string, cls: string) {
    super(`${host} resolves to ${address}, a ${cls} address; ${PRIVATE_NETWORK_HINT}`);
  }
}

/**
 * DNS lookup that refuses non-public answers; the agent then connects to the address it returns.
 * It resolves through c-ares with timeouts (./resolver.ts), never on libuv's thread pool.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  const fail = callback as (e: Error) => void;
  resolveHost(hostname).then(
    (all) => {
      const wanted = (options as { family?: number | string }).family;
      const family = wanted === 'IPv4' ? 4 : wanted === 'IPv6' ? 6 : Number(wanted) || 0;
      const list = family ? all.filter((a) => a.family === family) : all;
      for (const a of list) {
        const cls = classifyAddress(a.address);
        if (cls !== 'public') return fail(new BlockedAddressError(hostname, a.address, cls));
      }
      if (!list.length) return fail(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }));
      if ((options as { all?: boolean }).all) return (callback as (e: null, a: typeof list) => void)(null, list);
      (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
    },
    (e: Error) => fail(e),
  );
};

/**
 * The agents one client sends through: a keep-alive agent per scheme and guard mode, so a scan's
 * requests reuse sockets per origin, and closed with the client (see HttpClient.close). Requests
 * with their own user agent (B1's one-off AI-UA probes) get a separate agent without keep-alive,
 * so they never take a pooled socket the scan's own requests were about to reuse.
 */
class ClientAgents {
  private readonly agents = new Map<string, http.Agent>();

  get(protocol: string, guarded: boolean, oneOff = false): http.Agent {
    const key = `${protocol}${guarded}${oneOff}`;
    let a = this.agents.get(key);
    if (!a) {
      const options: http.AgentOptions & { lookup?: LookupFunction } = {
        keepAlive: !oneOff,
        maxSockets: MAX_CONNECTIONS_PER_ORIGIN,
        // Idle sockets are unref'd by the agent: they never hold the process open.
        maxFreeSockets: MAX_CONNECTIONS_PER_ORIGIN,
        // A pooled socket idle this long is closed (Node destroys free sockets on their timeout; a
        // request in flight only gets a 'timeout' event, and ours end by their own AbortSignal). A
        // scan's requests to one origin come in quick waves, so this keeps reuse within a scan.
        timeout: IDLE_SOCKET_MS,
        ...(guarded ? { lookup: guardedLookup } : {}),
      };
      a = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      this.agents.set(key, a);
    }
    return a;
  }

  /** Destroys every socket, pooled or in use: the client's work is over, and a request nobody awaits ends with it. */
  close(): void {
    for (const a of this.agents.values()) a.destroy();
    this.agents.clear();
  }
}

/** An AbortSignal that fires after ms as AbortSignal.timeout() would, with a timer the caller can clear. */
export function timeoutSignal(ms: number): { signal: AbortSignal; timer: NodeJS.Timeout } {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  // Like AbortSignal.timeout(): a pending timeout never holds the process open.
  timer.unref();
  return { signal: ac.signal, timer };
}

/** Sends one request and resolves with the response head; the body is read by the caller. */
function send(target: URL, method: string, headers: Record<string, string>, agent: http.Agent, signal: AbortSignal, body?: Buffer): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = (target.protocol === 'https:' ? https : http).request(target, { method, headers, agent, signal }, resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/** Literal IP hosts skip DNS (and so the lookup hook): classify them up front. */
export function literalHostBlock(url: URL): string | null {
  const host = bareHost(url.hostname);
  if (!isIP(host)) return null;
  const cls = classifyAddress(host);
  return cls === 'public' ? null : `${host} is a ${cls} address; ${PRIVATE_NETWORK_HINT}`;
}

function mediaType(value: string | undefined): string | null {
  if (!value) return null;
  const t = value.split(';')[0].trim().toLowerCase();
  return t || null;
}

function flattenHeaders(h: Record<string, string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    const key = k.toLowerCase();
    out[key] = v.join(key === 'set-cookie' ? '\n' : ', ');
  }
  return out;
}

/** The fetch error of an https URL whose server speaks plain HTTP (no TLS) on that port. */
export const NOT_TLS_MESSAGE = 'the server does not speak TLS (HTTPS) on this port: it answered in plain HTTP';

function classifyError(e: unknown, deadline: AbortSignal | undefined, timeout?: AbortSignal): { code: FetchErrorCode; message: string } {
  const err = e as { code?: string; message?: string; name?: string; cause?: { code?: string; message?: string } };
  const code = err?.code ?? err?.cause?.code ?? '';
  const message = String(err?.message ?? e);
  if (code === 'EBLOCKED' || err?.cause?.code === 'EBLOCKED') return { code: 'blocked', message: err.cause?.message ?? message };
  if (deadline?.aborted) return { code: 'deadline', message: 'the scan deadline was reached before this request finished' };
  if (timeout?.aborted || err?.name === 'TimeoutError' || err?.name === 'AbortError' || /Timeout|ABORTED/i.test(code))
    return { code: 'timeout', message: 'no complete response before the timeout' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return { code: 'dns', message: `DNS lookup failed (${code})` };
  if (code === 'ECONNREFUSED') return { code: 'refused', message: 'connection refused' };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return { code: 'reset', message: 'connection reset' };
  // A plain-HTTP server answering a TLS handshake: OpenSSL reads its "HTTP/1.1 400" as a bad record.
  if (/WRONG_VERSION_NUMBER|packet length too long|unknown protocol/i.test(`${code} ${message}`) || /wrong version number/i.test(message))
    return { code: 'tls', message: NOT_TLS_MESSAGE };
  if (/CERT|SSL|TLS|ERR_TLS/i.test(code) || /certificate|SSL/i.test(message)) return { code: 'tls', message: `TLS error: ${message}` };
  return { code: 'network', message };
}

/** Drops a body we will not read; destroying it emits an abort error nobody should see. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

/** Reads a small body to its end, so its socket goes back to the agent; past 64 KiB it is dropped. */
function drain(res: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) discard(res);
    });
    // 'close', not 'end': the agent takes the socket back only after 'end' has been handled.
    res.once('close', resolve).once('error', () => resolve());
  });
}

/**
 * node:zlib, loaded just after the first request goes out rather than at start-up (~10 ms): the
 * load runs while that request is on the wire. process.getBuiltinModule (Node >= 20.16) is a
 * synchronous load that works the same from the ES module build and the CommonJS scan bundle.
 */
let zlibModule: typeof import('node:zlib') | null = null;
const zlib = () => (zlibModule ??= process.getBuiltinModule('node:zlib'));
let zlibScheduled = false;
function loadZlibSoon(): void {
  if (zlibScheduled) return;
  zlibScheduled = true;
  setImmediate(zlib);
}

function decoderFor(encoding: string | undefined): Transform | null {
  const e = (encoding ?? '').trim().toLowerCase();
  if (e === 'gzip' || e === 'x-gzip') return zlib().createGunzip();
  if (e === 'br') return zlib().createBrotliDecompress();
  if (e === 'deflate') return zlib().createInflate();
  return null;
}

/**
 * Reads a body stream, decompressing as declared, stopping at `maxBytes` decompressed bytes. Plain
 * 'data' events rather than an async iterator: a scan reads some fifty bodies, and the iterator's
 * machinery per stream was a measurable share of its CPU.
 */
function readCapped(body: Readable, encoding: string | undefined, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  const decoder = decoderFor(encoding);
  const source: Readable = decoder ? body.pipe(decoder) : body;
  if (decoder) body.on('error', (e) => decoder.destroy(e));
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (truncated: boolean, error?: Error) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      // A body read to its end leaves the socket to the agent for the next request of the origin.
      if (truncated || !body.readableEnded) discard(body);
      decoder?.destroy();
      if (error) reject(error);
      else resolve({ body: Buffer.concat(chunks, size), truncated });
    };
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        finish(true);
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    source.on('data', onData);
    source.once('end', () => finish(false));
    // A corrupt compressed stream: keep what decoded so far, as a truncated body.
    source.once('error', (e: NodeJS.ErrnoException) => (e.code?.startsWith('Z_') ? finish(true) : finish(false, e)));
    // Destroyed before its end without an error (the connection dropped): not a complete body.
    body.once('close', () => {
      if (!body.readableEnded && !decoder) finish(false, Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    });
    source.once('close', () => {
      if (!source.readableEnded) finish(false, Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    });
  });
}

export class HttpClient {
  private readonly guarded: boolean;
  private readonly userAgent: string;
  private readonly timeoutMs: number;
  private readonly signal?: AbortSignal;
  private readonly allowedHosts: Set<string>;
  /** Host names contacted so far (see MAX_HOSTS_PER_CLIENT). */
  private readonly hosts = new Set<string>();
  private readonly agents = new ClientAgents();
  /** Number of HTTP exchanges made (each redirect hop counts). */
  requestCount = 0;
  /** Response heads received so far (the engine reads it to tell an idle wait from a busy one). */
  responsesReceived = 0;

  constructor(opts: HttpClientOptions = {}) {
    this.guarded = !!opts.blockPrivateNetwork;
    this.userAgent = opts.userAgent ?? USER_AGENT;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.signal = opts.signal;
    this.allowedHosts = new Set((opts.allowedHosts ?? []).map(bareHost));
  }

  /**
   * Ends the client's connections (the scan is over). Without it, each finished scan's sockets sat
   * in a pool shared by every scan until their idle timeout: a batch over 400 sites held ~1,600
   * sockets and their buffers (bench/capacity.mjs, section 4).
   */
  close(): void {
    this.agents.close();
  }

  private guardsHost(url: URL): boolean {
    return this.guarded && !this.allowedHosts.has(bareHost(url.hostname));
  }

  async fetch(url: string, opts: FetchOptions = {}): Promise<FetchResult> {
    const method = opts.method ?? 'GET';
    const accept = opts.accept ?? '*/*';
    const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    const requestBody = opts.body !== undefined ? Buffer.from(opts.body, 'utf8') : undefined;
    const maxRedirects = opts.maxRedirects ?? MAX_REDIRECTS;
    const started = performance.now();
    const redirects: string[] = [];
    const seen = new Set<string>();
    const base: Omit<FetchResult, 'durationMs'> = {
      method,
      requestedUrl: url,
      accept,
      url,
      status: null,
      headers: {},
      contentType: null,
      body: Buffer.alloc(0),
      text: '',
      truncated: false,
      redirects,
    };
    // The request's timer is cleared when it ends: an AbortSignal.timeout() would stay armed (and
    // held) for its whole delay after the answer, ~40 of them per scan.
    let timer: NodeJS.Timeout | undefined;
    const done = (r: Partial<FetchResult>): FetchResult => {
      clearTimeout(timer);
      return { ...base, ...r, durationMs: Math.round(performance.now() - started) };
    };

    if (requestBody && requestBody.length > MAX_REQUEST_BODY_BYTES) {
      return done({ error: { code: 'body-too-large', message: `request body of ${requestBody.length} bytes is over the ${MAX_REQUEST_BODY_BYTES}-byte cap` } });
    }
    let current = url;
    // The request's own timeout starts once it holds its origin slot (see origin-limit.ts): waiting
    // its turn behind other scans of a slow origin is bounded by the scan's deadline instead.
    let timeout: AbortSignal | undefined;
    let signal: AbortSignal | undefined;
    for (let hop = 0; ; hop++) {
      let target: URL;
      try {
        target = new URL(current);
      } catch {
        return done({ url: current, error: { code: 'bad-redirect', message: `invalid URL ${current.slice(0, 200)}` } });
      }
      if (target.protocol !== 'http:' && target.protocol !== 'https:') {
        return done({ url: current, error: { code: 'bad-redirect', message: `refused to follow a ${target.protocol} URL` } });
      }
      const host = bareHost(target.hostname);
      if (!this.hosts.has(host)) {
        if (this.hosts.size >= MAX_HOSTS_PER_CLIENT) {
          return done({
            url: current,
            error: { code: 'host-limit', message: `not sent to ${host}: a scan contacts at most ${MAX_HOSTS_PER_CLIENT} distinct host names` },
          });
        }
        this.hosts.add(host);
      }
      const guardHop = this.guardsHost(target);
      if (guardHop) {
        const why = literalHostBlock(target);
        if (why) return done({ url: current, error: { code: 'blocked', message: why } });
      }
      if (this.signal?.aborted) return done({ url: current, error: classifyError(new Error('aborted'), this.signal) });
      seen.add(target.href);
      let res: IncomingMessage;
      // Every exit of this hop gives the origin's request slot back (see origin-limit.ts).
      let releaseOrigin: () => void = () => {};
      try {
        releaseOrigin = await acquireOrigin(target.origin, this.signal);
        if (!timeout) ({ signal: timeout, timer } = timeoutSignal(opts.timeoutMs ?? this.timeoutMs));
        signal ??= this.signal ? AbortSignal.any([timeout, this.signal]) : timeout;
        this.requestCount++;
        loadZlibSoon();
        res = await send(
          target,
          method,
          {
            'user-agent': opts.userAgent ?? this.userAgent,
            accept,
            'accept-encoding': 'gzip, br',
            ...opts.headers,
            ...(requestBody ? { 'content-length': String(requestBody.length) } : {}),
          },
          this.agents.get(target.protocol, guardHop, opts.userAgent !== undefined),
          signal,
          requestBody,
        );
      } catch (e) {
        releaseOrigin();
        return done({ url: current, error: classifyError(e, this.signal, timeout) });
      }
      res.once('close', releaseOrigin);
      this.responsesReceived++;
      res.on('error', () => {}); // errors surface through the read below, never as an uncaught event
      const status = res.statusCode ?? 0;
      const headers = flattenHeaders(res.headersDistinct);
      const location = headers.location;
      // A request with a body hands its 3xx back as the answer (see FetchOptions.body).
      if (status >= 300 && status < 400 && location && !requestBody) {
        await drain(res);
        let next: string;
        try {
          next = new URL(location, target).href;
        } catch {
          return done({ url: current, status, headers, error: { code: 'bad-redirect', message: `unparseable Location header` } });
        }
        redirects.push(next);
        if (seen.has(next)) {
          return done({ url: current, status, headers, error: { code: 'redirect-loop', message: `redirect loop back to ${next}` } });
        }
        if (hop + 1 > maxRedirects) {
          return done({
            url: current,
            status,
            headers,
            error: { code: 'too-many-redirects', message: `more than ${maxRedirects} redirects` },
          });
        }
        current = next;
        continue;
      }
      let read: { body: Buffer; truncated: boolean };
      try {
        if (method === 'HEAD') await drain(res); // frees the socket for reuse
        read = method === 'HEAD' ? { body: Buffer.alloc(0), truncated: false } : await readCapped(res, headers['content-encoding'], maxBytes);
      } catch (e) {
        discard(res);
        return done({
          url: current,
          status,
          headers,
          contentType: mediaType(headers['content-type']),
          error: classifyError(e, this.signal, timeout),
        });
      }
      return done({
        url: current,
        status,
        headers,
        contentType: mediaType(headers['content-type']),
        body: read.body,
        text: read.body.toString('utf8'),
        truncated: read.truncated,
      });
    }
  }
}

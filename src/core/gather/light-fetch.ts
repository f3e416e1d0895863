/**
 * The part of the Fetch API that the MCP SDK's client transport reads, for the live probe's fetch
 * adapter (mcp-probe.ts). Node's own Headers and Response live in its bundled undici, which loads
 * whole at the first touch of either global (~30 ms of CPU, on the critical path of every scan of
 * a site with an MCP card). The build gives the SDK's client/streamableHttp.js this Headers class
 * in place of the global (tsup.config.ts, sdkLightHeaders); everywhere else, the real classes are
 * read the same way (forEach, get), so the adapter works with either.
 */
import type { FetchResult } from '../net/http.js';

/** Header names are tokens; values carry no CR, LF or NUL (as Headers enforces). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAD_VALUE = /[\r\n\0]/;

type HeadersLike = { forEach(callback: (value: string, name: string) => void): void };
export type LightHeadersInit = Record<string, string> | Iterable<readonly [string, string]> | HeadersLike;

/** Fetch's Headers: case-insensitive names, values trimmed, iteration sorted by name. */
export class LightHeaders {
  readonly #map = new Map<string, string>();

  constructor(init?: LightHeadersInit) {
    if (!init) return;
    if (typeof (init as HeadersLike).forEach === 'function' && !Array.isArray(init)) (init as HeadersLike).forEach((value, name) => this.append(name, value));
    else if (Symbol.iterator in Object(init)) for (const [name, value] of init as Iterable<readonly [string, string]>) this.append(name, value);
    else for (const [name, value] of Object.entries(init as Record<string, string>)) this.append(name, value);
  }

  #key(name: string): string {
    const key = String(name);
    if (!TOKEN.test(key)) throw new TypeError(`invalid header name: ${key.slice(0, 40)}`);
    return key.toLowerCase();
  }

  #value(value: string): string {
    const v = String(value).replace(/^[\t ]+|[\t ]+$/g, '');
    if (BAD_VALUE.test(v)) throw new TypeError('invalid header value');
    return v;
  }

  get(name: string): string | null {
    return this.#map.get(this.#key(name)) ?? null;
  }

  has(name: string): boolean {
    return this.#map.has(this.#key(name));
  }

  set(name: string, value: string): void {
    this.#map.set(this.#key(name), this.#value(value));
  }

  append(name: string, value: string): void {
    const key = this.#key(name);
    const v = this.#value(value);
    const old = this.#map.get(key);
    this.#map.set(key, old === undefined ? v : `${old}, ${v}`);
  }

  delete(name: string): void {
    this.#map.delete(this.#key(name));
  }

  *entries(): IterableIterator<[string, string]> {
    for (const key of [...this.#map.keys()].sort()) yield [key, this.#map.get(key)!];
  }

  *keys(): IterableIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, parent: LightHeaders) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/** Any headers object or record as a plain record of lower-case names (the adapter's view). */
export function headerRecord(headers: LightHeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new LightHeaders(headers).forEach((value, name) => (out[name] = value));
  return out;
}

/**
 * A Response as the SDK reads it (status, ok, headers, json/text, and body as a web stream for an
 * SSE answer), over a body already read and capped by the scan's client.
 */
export function lightResponse(status: number, headers: LightHeaders, body: Uint8Array | null): Response {
  const bytes = body && body.length ? body : null;
  let used = false;
  const text = async () => {
    used = true;
    return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') : '';
  };
  let stream: ReadableStream<Uint8Array> | null | undefined;
  const response = {
    status,
    statusText: '',
    ok: status >= 200 && status < 300,
    headers,
    redirected: false,
    type: 'basic',
    url: '',
    get bodyUsed() {
      return used;
    },
    // Made only when read: a JSON answer never loads the web streams.
    get body() {
      stream ??= bytes
        ? new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(bytes);
              controller.close();
            },
          })
        : null;
      return stream;
    },
    text,
    json: async () => JSON.parse(await text()) as unknown,
    arrayBuffer: async () => {
      used = true;
      return bytes ? bytes.slice().buffer : new ArrayBuffer(0);
    },
  };
  return response as unknown as Response;
}

/** Our FetchResult as that Response, with only the headers the SDK reads. */
export function responseOf(res: FetchResult, returned: readonly string[]): Response {
  const headers = new LightHeaders();
  for (const name of returned) {
    const value = res.headers[name];
    if (value === undefined) continue;
    try {
      headers.set(name, value);
    } catch {
      // A header value fetch would refuse: left out.
    }
  }
  const status = res.status! < 200 || res.status! > 599 ? 502 : res.status!;
  const noBody = status === 204 || status === 205 || status === 304;
  return lightResponse(status, headers, noBody ? null : new Uint8Array(res.body));
}

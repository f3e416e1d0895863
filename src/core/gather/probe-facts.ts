/**
 * A probe as template data: the facts of one request and its answer, as flat fields under a
 * prefix (`seenMethod`, `seenUrl`, `seenStatus`, ...), so `data` carries values, not a sentence.
 * A template reads them with `{seen:probe}` (checks/messages.ts), which renders the line people
 * read ("GET /llms.txt → 200 text/plain, 42 B") from the fields, at the edge.
 */
import type { FetchResult } from '../net/http.js';

/** The fields of one probe, by their name after the prefix. */
export interface ProbeFields {
  Method: string;
  /** As asked: a path when it is on the scanned origin, else the whole URL. */
  Url: string;
  Status?: number;
  /** The media type; absent when the answer named none. */
  Type?: string;
  /** Body bytes read (absent for HEAD). */
  Bytes?: number;
  /** 1 when the body was cut at the byte cap. */
  Truncated?: number;
  /** The network error's code and the message it came with. */
  Error?: string;
  ErrorMessage?: string;
  Redirects?: number;
  /** Where the redirects ended. */
  FinalUrl?: string;
}

type Prefixed<P extends string> = { [K in keyof ProbeFields as `${P}${K & string}`]: ProbeFields[K] };

/** The facts of `res` under `prefix` (`seen` unless told), paths shown relative to `origin`. */
export function probeData<P extends string = 'seen'>(res: FetchResult, origin?: string, prefix: P = 'seen' as P): Prefixed<P> {
  const url = origin && res.requestedUrl.startsWith(origin) ? res.requestedUrl.slice(origin.length) || '/' : res.requestedUrl;
  const f: ProbeFields = { Method: res.method, Url: url };
  if (res.error) {
    f.Error = res.error.code;
    f.ErrorMessage = res.error.message;
  } else {
    if (res.status !== null) f.Status = res.status;
    if (res.contentType) f.Type = res.contentType;
    if (res.method !== 'HEAD') f.Bytes = res.body.length;
    if (res.truncated) f.Truncated = 1;
  }
  if (res.redirects.length) {
    f.Redirects = res.redirects.length;
    f.FinalUrl = res.url;
  }
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined) out[`${prefix}${k}`] = v;
  return out as Prefixed<P>;
}

type Data = Readonly<Record<string, string | number | undefined>>;

/** The line people read for the probe fields under `prefix`; null when `data` has none. */
export function renderProbe(data: Data, prefix = 'seen'): string | null {
  const at = (k: keyof ProbeFields) => data[`${prefix}${k}`];
  const method = at('Method');
  const url = at('Url');
  if (method === undefined || url === undefined) return null;
  const redirects = Number(at('Redirects') ?? 0);
  const via = redirects ? ` (via ${redirects} redirect${redirects > 1 ? 's' : ''} to ${at('FinalUrl')})` : '';
  if (at('Error') !== undefined) return `${method} ${url} → ${at('Error')}: ${at('ErrorMessage') ?? ''}${via}`;
  const bytes = at('Bytes');
  const size = bytes === undefined ? '' : `, ${bytes} B${at('Truncated') ? ' (truncated)' : ''}`;
  return `${method} ${url} → ${at('Status') ?? 'null'} ${at('Type') ?? 'no content-type'}${size}${via}`;
}

/** Normalises what a user typed into a scannable URL, or refuses it with a typed error. */
import { ScanError } from './errors.js';

export const MAX_URL_LENGTH = 2048;

// RFC 2606 / RFC 6761 names reserved for documentation and testing: never a real site.
const RESERVED_SUFFIXES = ['.example', '.test', '.invalid'];
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

export function isReservedHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (RESERVED_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`))) return true;
  return RESERVED_SUFFIXES.some((s) => host === s.slice(1) || host.endsWith(s));
}

export function normalizeTarget(input: string): URL {
  if (typeof input !== 'string') throw new ScanError('invalid-url', 'The url must be a string.');
  let raw = input.trim();
  if (!raw) throw new ScanError('invalid-url', 'The url is empty.');
  if (raw.length > MAX_URL_LENGTH) {
    throw new ScanError('invalid-url', `The url is longer than ${MAX_URL_LENGTH} characters.`);
  }
  if (!/^[a-z][a-z0-9+.-]*:/i.test(raw) || /^[^:/]+:\d+(\/|$)/.test(raw)) raw = `https://${raw}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ScanError('invalid-url', `"${input.trim().slice(0, 200)}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ScanError('invalid-url', `Only http and https URLs can be scanned, not ${url.protocol.replace(':', '')}.`);
  }
  if (!url.hostname) throw new ScanError('invalid-url', 'The url has no host name.');
  if (url.username || url.password) throw new ScanError('invalid-url', 'URLs with credentials are not scanned.');
  if (isReservedHost(url.hostname)) {
    throw new ScanError(
      'invalid-url',
      `${url.hostname} is a reserved documentation domain (RFC 2606) and is not scannable.`,
    );
  }
  url.hash = '';
  if (url.href.length > MAX_URL_LENGTH) {
    throw new ScanError('invalid-url', `The url is longer than ${MAX_URL_LENGTH} characters.`);
  }
  return url;
}

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

/** RFC 1035: a DNS name is at most 253 characters in text form, each label 1 to 63. */
const MAX_HOST_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
/**
 * Letters, digits and hyphens (LDH, RFC 952/1123), not starting or ending with a hyphen. The
 * underscore is tolerated: DNS carries it and browsers resolve such hosts.
 */
const LABEL_RE = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;

/**
 * Why `hostname` (as the URL parser gives it: lower case, IDN already in punycode) cannot be a
 * host on the network, or null when it can. IP literals pass: the address guard judges them.
 */
export function hostNameProblem(hostname: string): string | null {
  if (hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname)) return null;
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (!name) return 'is empty';
  if (name.length > MAX_HOST_LENGTH) return `is longer than ${MAX_HOST_LENGTH} characters`;
  const labels = name.split('.');
  for (const label of labels) {
    if (!label) return 'has an empty label (two dots in a row or a leading dot)';
    if (label.length > MAX_LABEL_LENGTH) return `has a label longer than ${MAX_LABEL_LENGTH} characters`;
    if (!LABEL_RE.test(label)) return `has a label with characters other than letters, digits and inner hyphens ("${label.slice(0, 40)}")`;
  }
  if (/^\d+$/.test(labels[labels.length - 1])) return 'ends in an all-numeric label and is not an IPv4 address';
  return null;
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
  // Refused before any DNS lookup: a name that cannot exist is bad input, not an unreachable site.
  const hostProblem = hostNameProblem(url.hostname);
  if (hostProblem) throw new ScanError('invalid-url', `The host name ${url.hostname.slice(0, 100)} ${hostProblem}.`);
  if (url.username || url.password) throw new ScanError('invalid-url', 'URLs with credentials are not scanned.');
  if (isReservedHost(url.hostname)) {
    throw new ScanError('invalid-url', `${url.hostname} is a reserved documentation domain (RFC 2606) and is not scannable.`);
  }
  url.hash = '';
  if (url.href.length > MAX_URL_LENGTH) {
    throw new ScanError('invalid-url', `The url is longer than ${MAX_URL_LENGTH} characters.`);
  }
  return url;
}

/**
 * A URL normalizeTarget accepted, as a token the engine trusts: `scan()` takes it without
 * normalising again (the service's request parser makes one per request). Only the functions
 * below make one; a look-alike object is normalised like any string.
 */
export interface ScanTarget {
  readonly href: string;
}

/** What `scan()` and the runners take: a URL as typed (normalised by the engine) or a ScanTarget. */
export type ScanInput = string | ScanTarget;

const TRUSTED = new WeakSet<ScanTarget>();

function trusted(href: string): ScanTarget {
  const t: ScanTarget = Object.freeze({ href });
  TRUSTED.add(t);
  return t;
}

/** Normalises what a user typed (normalizeTarget's checks and errors), once, for the whole request. */
export function scanTarget(input: string): ScanTarget {
  return trusted(normalizeTarget(input).href);
}

/**
 * The target a worker thread receives from the runner that made it with scanTarget (a message
 * carries only the href). Checked for the canonical form normalizeTarget leaves (an http(s) URL
 * that parses to itself, no credentials, no fragment), not normalised again.
 */
export function workerTarget(href: string): ScanTarget {
  let url: URL | null = null;
  try {
    url = new URL(href);
  } catch {
    // refused below
  }
  if (!url || url.href !== href || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.hash) {
    throw new ScanError('invalid-url', 'The worker got a target that was not normalised.');
  }
  return trusted(href);
}

/** Whether `x` is a ScanTarget made here (not a look-alike). */
export function isScanTarget(x: unknown): x is ScanTarget {
  return typeof x === 'object' && x !== null && TRUSTED.has(x as ScanTarget);
}

/** The URL of a scan input: a ScanTarget as it is, anything else through normalizeTarget. */
export function targetUrl(input: ScanInput): URL {
  if (isScanTarget(input)) return new URL(input.href);
  // A look-alike object gets every check a typed URL gets (its href, or the not-a-string error).
  return normalizeTarget((typeof input === 'string' ? input : (input as { href?: unknown } | null)?.href) as string);
}

/** The href a scan input names (a string as given), for keys and messages. */
export function inputHref(input: ScanInput): string {
  return typeof input === 'string' ? input : input.href;
}

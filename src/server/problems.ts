/**
 * RFC 9457 problem documents of /api/public/v1/*. Each type has a stable address
 * `{base_url}/problems/<name>` whose page (/problems/<name>) explains it; clients branch on `type`.
 */
import { toSafeJson } from '../format/sanitize.js';
import { respond, type Headers_ } from './respond.js';

export interface ProblemType {
  status: number;
  title: string;
  /** What it means and what to do, shown on the /problems/<name> page. */
  description: string;
}

export const PROBLEM_TYPES = {
  'invalid-url': {
    status: 400,
    title: 'The URL cannot be scanned',
    description:
      'The url is not an absolute http(s) URL of at most 2048 characters, names a reserved documentation domain ' +
      '(example.com, .test, .invalid, ...), carries credentials, or resolves to an address this service does not ' +
      'scan (loopback, private, link-local, CGNAT, multicast or cloud metadata). Fix the url; retrying the same one ' +
      'will not help.',
  },
  'missing-parameter': {
    status: 400,
    title: 'A required parameter is missing',
    description: 'The request lacks a required parameter, for example `url` on a scan. The detail names it.',
  },
  'invalid-parameter': {
    status: 400,
    title: 'A parameter has an invalid value',
    description:
      'A parameter is present but not allowed: `fresh` must be `1` in a query string or a boolean in a JSON body; ' +
      '`isPublic` is a boolean and only API-key calls may set it. The detail names the parameter.',
  },
  'invalid-body': {
    status: 400,
    title: 'The request body is not valid JSON',
    description: 'POST scan requests need a JSON object body sent with `Content-Type: application/json`.',
  },
  'payload-too-large': {
    status: 413,
    title: 'The request body is too large',
    description: 'Request bodies are limited (16 KiB by default); a scan request needs far less.',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'The request body has the wrong content type',
    description: 'POST scan requests take a JSON object body sent with `Content-Type: application/json`; other media types are refused.',
  },
  'forbidden-origin': {
    status: 403,
    title: 'Requests from other sites are refused',
    description:
      'A server that listens on loopback answers no request a browser sends on behalf of another site (an Origin ' +
      'header naming another host): otherwise any web page could drive it. Call it without an Origin header (curl, ' +
      "agents) or from the service's own pages.",
  },
  'misdirected-request': {
    status: 421,
    title: 'This server does not answer to that host name',
    description:
      'A server that listens on loopback answers only to loopback names and its base URL; any other Host header is a ' +
      'DNS name rebound to it, and is refused (DNS-rebinding protection). Use the address the server printed at start.',
  },
  unauthorized: {
    status: 401,
    title: 'The API key is not valid',
    description:
      'An Authorization header was sent but its Bearer token is not a valid, unrevoked API key. A wrong key is ' +
      'refused rather than treated as anonymous, so that a typo never silently lands scans outside your account. ' +
      'Omit the header to call anonymously.',
  },
  'not-found': {
    status: 404,
    title: 'Not found',
    description: "No report has this id, or it is private and the request does not carry its owner's API key.",
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    description: 'The endpoint does not accept this HTTP method; the Allow header lists the ones it does.',
  },
  'rate-limited': {
    status: 429,
    title: 'Too many scan requests',
    description:
      'Anonymous callers may make 5 scan requests per minute per IP address, and every caller has a cap on scans in ' +
      'progress at once (4 per IP address, 16 per API key by default). Wait the number of seconds in the Retry-After ' +
      'header, or send an API key. Follow the pattern scan, fix, re-scan; do not loop scans.',
  },
  'scan-failed': {
    status: 502,
    title: 'The site could not be fetched',
    description:
      'The scanner could not fetch the page at all: DNS failure, TLS error, connection refused or timeout. The ' +
      'service itself is fine; check that the site is up and reachable from the internet, then retry.',
  },
  'scan-blocked': {
    status: 422,
    title: 'A bot challenge answered every request',
    description:
      'The site answered every request of the scan with a bot challenge (for example 403 with `cf-mitigated: ' +
      "challenge`), so nothing about it could be measured and no score is given. Allow-list the scanner's user agent " +
      "(named in the detail) in the site's bot protection, then scan again; retrying as is will not help. A partial " +
      'wall (some requests challenged) is not this error: those checks are reported as `info`.',
  },
  'server-busy': {
    status: 503,
    title: 'Too many scans in progress',
    description: 'The scan queue is full or the service is shutting down. Retry after the number of seconds in the Retry-After header.',
  },
  'internal-error': {
    status: 500,
    title: 'Internal server error',
    description: 'Something went wrong on the service side. Retry once after a short delay; report it if it persists.',
  },
} as const satisfies Record<string, ProblemType>;

export type ProblemName = keyof typeof PROBLEM_TYPES;

export function isProblemName(name: string): name is ProblemName {
  return Object.hasOwn(PROBLEM_TYPES, name);
}

export class ProblemError extends Error {
  constructor(
    readonly name_: ProblemName,
    readonly detail: string,
    readonly headers: Headers_ = {},
  ) {
    super(detail);
  }
}

export function problemResponse(baseUrl: string, name: ProblemName, detail: string, instance: string, headers: Headers_ = {}): Response {
  const t = PROBLEM_TYPES[name];
  const body = { type: `${baseUrl}/problems/${name}`, title: t.title, status: t.status, detail, instance };
  return respond(toSafeJson(body), t.status, 'application/problem+json; charset=utf-8', headers);
}

/** What every route handler of the HTTP app reads: the store, the scan door and request settings. */
import type { Store } from '../store/index.js';
import type { ScanService } from '../service/index.js';
import type { RouteInfo } from './route-info.js';
import type { ResponseBodies } from './views.js';

export interface ServerContext {
  store: Store;
  service: ScanService;
  /** Base URL without a trailing slash (known after binding, hence a function). */
  base(): string;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** Serialized bodies of immutable reports, built once per report and base URL. */
  bodies: ResponseBodies;
  /** Unexpected failures: written with their stack to stderr (never to the client). */
  logError(error: unknown, where: string): void;
  /** Every route the app mounts, in order (/openapi.json describes them). */
  routes: readonly RouteInfo[];
}

export type Req = Request & { ip?: string };

export { V1 } from './route-info.js';
/** The unversioned compatibility endpoint: `{"error": ...}` bodies, outside the v1 contract. */
export const COMPAT_SCAN = '/api/public/scan';

/**
 * A path in the API namespace whose errors are problem documents: everything under
 * /api/public/ except the compatibility endpoint. Repeated slashes count as one, so `//api/...`
 * and `/api/public/v1//scan` are still answered with a problem.
 */
export function isProblemPath(path: string): boolean {
  const p = path.replace(/\/{2,}/g, '/');
  if (p === COMPAT_SCAN || p === `${COMPAT_SCAN}/`) return false;
  return p === '/api/public' || p.startsWith('/api/public/');
}

/**
 * Whether a request is in the API namespace: by its normalized path, or by the path as the client
 * sent it (`/api/public/v1/../../x` resolves outside the API, but was addressed to it).
 */
export function isProblemRequest(req: Request, path: string): boolean {
  if (isProblemPath(path)) return true;
  const raw = (req as Request & { runtime?: { node?: { req?: { url?: string } } } }).runtime?.node?.req?.url;
  if (!raw) return false;
  const rawPath = raw
    .split('?')[0]
    .replace(/%2e/gi, '.')
    .replace(/\\|%5c/gi, '/');
  return isProblemPath(rawPath.replace(/^[a-z]+:\/\/[^/]*/i, ''));
}

export const safeDecode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
};

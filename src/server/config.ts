/** Settings of `ai-ready serve` and their defaults. */
import type { SupersededVersion } from './versioning.js';
import type { ConnectionLimits } from './connection-limits.js';

export interface ServerConfig {
  port?: number;
  host?: string;
  dataDir?: string;
  /** postgres://… : the shared store of several instances; absent: SQLite in dataDir. */
  databaseUrl?: string;
  /** Public address used in shareUrl, htmlUrl and problem types; default: the listen address. */
  baseUrl?: string;
  allowPrivateNetwork?: boolean;
  /** Read the client IP from X-Forwarded-For (only behind your own proxy). */
  trustProxy?: boolean;
  /** Anonymous scan requests per minute per IP; 0 turns the limit off. Default 5. */
  rateLimit?: number;
  cacheTtlMs?: number;
  /**
   * Scan worker threads (CPU; each runs many scans at once). Default: maxConcurrentScans when
   * given, else os.availableParallelism(). 0 runs scans in-process (embedding, tests): no isolation.
   */
  workers?: number;
  /** Scans in flight across the worker threads (I/O). Default: 64, fewer on small machines (defaultMaxScans). */
  maxScans?: number;
  /** Heap cap per scan worker thread (MB). Default 512. */
  workerHeapMb?: number;
  /** Scans one anonymous client (IP, IPv6 /64) may have in flight. Default 4; 0: no cap. */
  maxScansPerClient?: number;
  /** Scans one account (API key) may have in flight. Default 16; 0: no cap. */
  maxScansPerAccount?: number;
  /** Requests at once to one target origin, across the scans of a worker thread. Default 32. */
  originConcurrency?: number;
  /** Serve GET /metrics (Prometheus text). Default off. */
  metrics?: boolean;
  /** With metrics: the bearer token /metrics requires (set it on any instance strangers reach). */
  metricsToken?: string;
  /** A keyv store URL for the result cache (redis://…, sqlite://…, postgres://…); default: beside the store. */
  cacheUrl?: string;
  /** Scans at once when running in-process (workers: 0); with workers it is the worker count's default. */
  maxConcurrentScans?: number;
  maxQueuedScans?: number;
  scanDeadlineMs?: number;
  scanTimeoutMs?: number;
  bodyLimitBytes?: number;
  /** One line per request; false disables the access log. Default: stdout. */
  log?: ((line: string) => void) | false;
  /** Superseded API versions to serve with Deprecation/Sunset headers. */
  superseded?: SupersededVersion[];
  /** How often the monitor scheduler looks for due monitors (ms). Default 15 s. */
  monitorTickMs?: number;
  /** Shortest monitor interval accepted (seconds). Default 300. */
  monitorMinIntervalSec?: number;
  /** Lifetime of OAuth access tokens for /mcp (seconds). Default 3600. */
  oauthAccessTokenSec?: number;
  /** Days anonymous reports are kept; 0 keeps them forever. Default 30. */
  reportRetentionDays?: number;
  /** Bytes of reports an anonymous client (IP, IPv6 /64) may store per day; 0: no cap. Default 4 MiB (0 when rateLimit is 0). */
  storageBytesPerDay?: number;
  /** Launch the system's Chrome/Chromium so scans may ask for `render` (docs/render.md). */
  render?: boolean;
  /** Connection bounds (headers, idle and write stall, keep-alive, request body); defaults in connection-limits.ts. */
  connections?: Partial<ConnectionLimits>;
  /** Rendering scans at once (the browser pool's bound). Default 2. */
  renderConcurrency?: number;
}

export const DEFAULTS = {
  port: 3000,
  host: '127.0.0.1',
  rateLimit: 5,
  rateWindowMs: 60_000,
  cacheTtlMs: 5 * 60_000,
  maxConcurrentScans: 4,
  maxQueuedScans: 256,
  maxScansPerClient: 4,
  maxScansPerAccount: 16,
  bodyLimitBytes: 16 * 1024,
  reportRetentionDays: 30,
  storageBytesPerDay: 4 * 1024 * 1024,
};

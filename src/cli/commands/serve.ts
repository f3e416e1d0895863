import type { Command } from 'commander';
import { commandFail } from '../fail.js';

interface ServeFlags {
  port: string;
  host: string;
  dataDir?: string;
  databaseUrl?: string;
  baseUrl?: string;
  allowPrivateNetwork?: boolean;
  trustProxy?: boolean;
  rateLimit: string;
  workers?: string;
  maxScans?: string;
  maxScansPerClient?: string;
  maxScansPerKey?: string;
  originConcurrency?: string;
  metrics?: boolean;
  metricsToken?: string;
  cacheUrl?: string;
  workerHeapMb?: string;
  scanDeadline?: string;
  reportRetentionDays?: string;
  anonymousStorage?: string;
  render?: boolean;
  renderConcurrency?: string;
  quiet?: boolean;
}

const fail = commandFail('serve');

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Run the scanning service: REST API, shared reports, SSE progress, discovery files')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '3000')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--data-dir <dir>', 'where the SQLite store lives (default $AI_READY_DATA_DIR or ./.ai-ready-data)')
    .option('--database-url <url>', 'keep the store in Postgres, shared by several instances (default $AI_READY_DATABASE_URL)')
    .option('--base-url <url>', 'public address used in shareUrl, htmlUrl and problem types (default: the listen address)')
    .option('--allow-private-network', 'allow scanning loopback and private addresses (tests, intranets)')
    .option('--trust-proxy', 'take the client IP from the right-most X-Forwarded-For entry (only behind your own reverse proxy)')
    .option('--rate-limit <n>', 'anonymous scan requests per minute per IP (0 = no limit)', '5')
    .option(
      '--workers <n>',
      'scan worker threads, for CPU; each runs many scans at once (default: CPU count); with --database-url, 0 makes ' +
        'a web-only instance whose scans `ai-ready worker` processes run',
    )
    .option('--max-scans <n>', 'scans in flight across the worker threads (default: 64, fewer on machines with little memory)')
    .option(
      '--max-scans-per-client <n>',
      'scans one anonymous client (IP) may have in flight, across instances with --database-url; beyond it 429 (0 = no cap)',
      '4',
    )
    .option('--max-scans-per-key <n>', 'scans one account (API key) may have in flight, across instances with --database-url; beyond it 429 (0 = no cap)', '16')
    .option('--origin-concurrency <n>', 'requests at once to one scanned site, across scans (0 = no cap)', '32')
    .option('--worker-heap-mb <mb>', 'heap cap of each scan worker thread in MB (default: 512)')
    .option(
      '--cache-url <url>',
      'keyv store of the result cache: sqlite://file, postgres://…, redis://… (needs @keyv/redis) (default $AI_READY_CACHE_URL, else beside the store)',
    )
    .option('--metrics', 'serve GET /metrics in the Prometheus text format (off by default)')
    .option('--metrics-token <token>', 'bearer token /metrics requires; needed with --metrics on a non-loopback --host (default $AI_READY_METRICS_TOKEN)')
    .option('--scan-deadline <seconds>', 'whole-scan deadline in seconds (default: 45)')
    .option('--report-retention-days <days>', 'days anonymous reports are kept (0 = forever)', '30')
    .option('--anonymous-storage <MiB>', 'report storage per anonymous client (IP, IPv6 /64) per day, in MiB (0 = no cap)', '4')
    .option('--render', 'launch the system Chrome/Chromium (AI_READY_CHROME or PATH) so scans may ask for render (see docs/render.md)')
    .option(
      '--render-concurrency <n>',
      'rendering scans at once, each in a browser of its own (default: 2; more are answered server-busy; an anonymous caller gets half)',
    )
    .option('--quiet', 'no access log')
    .action(async (flags: ServeFlags) => {
      const port = Number(flags.port);
      const rateLimit = Number(flags.rateLimit);
      if (!Number.isInteger(port) || port < 0 || port > 65535) return fail('--port must be an integer from 0 to 65535');
      if (!Number.isInteger(rateLimit) || rateLimit < 0) return fail('--rate-limit must be a non-negative integer');
      if (flags.baseUrl && !/^https?:\/\/[^/]+/i.test(flags.baseUrl)) return fail('--base-url must be an http(s) URL');
      // Integer flags: absent stays undefined (the server's default); out of range is a usage error.
      const integers = {} as Record<
        'workers' | 'worker-heap-mb' | 'render-concurrency' | 'max-scans' | 'max-scans-per-client' | 'max-scans-per-key' | 'origin-concurrency',
        number | undefined
      >;
      for (const [flag, value, min, max] of [
        ['workers', flags.workers, 0, 256],
        ['worker-heap-mb', flags.workerHeapMb, 32, 16384],
        ['render-concurrency', flags.renderConcurrency, 1, 64],
        ['max-scans', flags.maxScans, 1, 4096],
        ['max-scans-per-client', flags.maxScansPerClient, 0, 4096],
        ['max-scans-per-key', flags.maxScansPerKey, 0, 4096],
        ['origin-concurrency', flags.originConcurrency, 0, 1024],
      ] as const) {
        const n = value === undefined ? undefined : Number(value);
        if (n !== undefined && (!Number.isInteger(n) || n < min || n > max)) return fail(`--${flag} must be an integer from ${min} to ${max}`);
        integers[flag] = n;
      }
      const { workers, 'worker-heap-mb': workerHeapMb, 'render-concurrency': renderConcurrency } = integers;
      // 0 is a web-only instance: its scans go through the job queue on Postgres to `ai-ready worker` processes.
      const { databaseUrlFrom } = await import('../../store/index.js');
      if (workers === 0 && !databaseUrlFrom(flags.databaseUrl))
        return fail(
          '--workers 0 (a web-only instance) needs the shared job queue of --database-url (or AI_READY_DATABASE_URL); with the SQLite store give 1 or more',
        );
      const scanDeadline = flags.scanDeadline === undefined ? undefined : Number(flags.scanDeadline);
      if (scanDeadline !== undefined && (!Number.isFinite(scanDeadline) || scanDeadline < 1 || scanDeadline > 600))
        return fail('--scan-deadline must be a number of seconds from 1 to 600');
      const reportRetentionDays = Number(flags.reportRetentionDays ?? 30);
      if (!Number.isInteger(reportRetentionDays) || reportRetentionDays < 0 || reportRetentionDays > 36_500)
        return fail('--report-retention-days must be a whole number of days from 0 (keep forever) to 36500');
      const anonymousStorage = Number(flags.anonymousStorage ?? 4);
      if (!Number.isFinite(anonymousStorage) || anonymousStorage < 0 || anonymousStorage > 1024)
        return fail('--anonymous-storage must be a number of MiB from 0 (no cap) to 1024');
      if (renderConcurrency !== undefined && !flags.render) return fail('--render-concurrency needs --render');
      if (flags.render) {
        const { renderRefusal, findBrowser } = await import('../../core/render/browser.js');
        const why = renderRefusal();
        if (why) return fail(`--render: ${why}`);
        // A supported browser that differs from the WebMCP text: said once, at start (each report says it too).
        const { behaviourWarning, readBrowserVersion } = await import('../../core/render/browser-version.js');
        const differs = behaviourWarning(readBrowserVersion(findBrowser() ?? ''));
        if (differs) process.stderr.write(`ai-ready serve: ${differs}\n`);
        // Browser folders a killed earlier run left behind (their process dead) go now, not at the first render.
        const { sweepStaleProfiles } = await import('../../core/render/profile-home.js');
        sweepStaleProfiles();
      }
      const metricsToken = flags.metricsToken ?? (process.env.AI_READY_METRICS_TOKEN || undefined);
      // Optional packages (docs/install.md): every missing one named at once, before anything starts.
      const { assertInstalled } = await import('../../optional-package.js');
      const { servePackages } = await import('../feature-packages.js');
      try {
        assertInstalled(
          servePackages({
            databaseUrl: databaseUrlFrom(flags.databaseUrl),
            cacheUrl: flags.cacheUrl ?? (process.env.AI_READY_CACHE_URL || undefined),
            metrics: !!flags.metrics,
            render: !!flags.render,
          }),
          'ai-ready serve',
        );
      } catch (e) {
        return fail((e as Error).message);
      }
      const { createServer } = await import('../../server/index.js');
      let server;
      try {
        server = await createServer({
          port,
          host: flags.host,
          dataDir: flags.dataDir,
          databaseUrl: flags.databaseUrl,
          baseUrl: flags.baseUrl,
          allowPrivateNetwork: flags.allowPrivateNetwork,
          trustProxy: flags.trustProxy,
          rateLimit,
          workers,
          maxScans: integers['max-scans'],
          maxScansPerClient: integers['max-scans-per-client'],
          maxScansPerAccount: integers['max-scans-per-key'],
          originConcurrency: integers['origin-concurrency'],
          metrics: !!flags.metrics,
          metricsToken,
          cacheUrl: flags.cacheUrl,
          workerHeapMb,
          scanDeadlineMs: scanDeadline === undefined ? undefined : Math.round(scanDeadline * 1000),
          reportRetentionDays,
          storageBytesPerDay: Math.round(anonymousStorage * 1024 * 1024),
          render: !!flags.render,
          renderConcurrency,
          log: flags.quiet ? false : undefined,
        });
      } catch (e) {
        return fail(`could not start: ${(e as Error).message}`);
      }
      const postgres = server.store.kind === 'postgres';
      const workerText = describeWorkers(server.service.runner.stats().capacity, postgres, workers);
      process.stderr.write(
        `ai-ready serve: listening on ${server.url} (base URL ${server.baseUrl}, data ` +
          `in ${postgres ? 'Postgres' : server.store.dataDir}, ${workerText}${server.service.renders ? ', rendering on' : ''})\n`,
      );
      const stop = (signal: string) => {
        process.stderr.write(`ai-ready serve: ${signal}, draining in-flight requests\n`);
        // Scans render in worker threads, which get no signal: their browser folders go once the server is closed.
        const sweep = () =>
          flags.render ? import('../../core/render/profile-home.js').then((m) => void m.sweepStaleProfiles(undefined, { own: true })) : undefined;
        server.close().then(
          () => Promise.resolve(sweep()).finally(() => process.exit(0)),
          () => Promise.resolve(sweep()).finally(() => process.exit(1)),
        );
      };
      process.once('SIGTERM', () => stop('SIGTERM'));
      process.once('SIGINT', () => stop('SIGINT'));
    });
}

function describeWorkers(capacity: number, queue: boolean, workers: number | undefined): string {
  const threads = workers === undefined ? '' : ` on ${workers} worker thread${workers === 1 ? '' : 's'}`;
  if (!queue) return `${capacity} scans at once${threads}`;
  return capacity === 0 ? 'web-only: scans go to the job queue for `ai-ready worker` processes' : `job queue, ${capacity} scans at once here${threads}`;
}

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
  workerHeapMb?: string;
  scanDeadline?: string;
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
    .option('--trust-proxy', 'take the client IP from X-Forwarded-For (only behind your own reverse proxy)')
    .option('--rate-limit <n>', 'anonymous scan requests per minute per IP (0 = no limit)', '5')
    .option('--workers <n>', 'scan worker threads, one scan each at a time (default: CPU count); with --database-url, 0 makes a web-only instance whose scans `ai-ready worker` processes run')
    .option('--worker-heap-mb <mb>', 'heap cap of each scan worker in MB (default: 256)')
    .option('--scan-deadline <seconds>', 'whole-scan deadline in seconds (default: 45)')
    .option('--quiet', 'no access log')
    .action(async (flags: ServeFlags) => {
      const port = Number(flags.port);
      const rateLimit = Number(flags.rateLimit);
      if (!Number.isInteger(port) || port < 0 || port > 65535) return fail('--port must be an integer from 0 to 65535');
      if (!Number.isInteger(rateLimit) || rateLimit < 0) return fail('--rate-limit must be a non-negative integer');
      if (flags.baseUrl && !/^https?:\/\/[^/]+/i.test(flags.baseUrl)) return fail('--base-url must be an http(s) URL');
      const workers = flags.workers === undefined ? undefined : Number(flags.workers);
      // 0 is a web-only instance: its scans go through the job queue on Postgres to `ai-ready worker` processes.
      const { databaseUrlFrom } = await import('../../store/index.js');
      if (workers === 0 && !databaseUrlFrom(flags.databaseUrl))
        return fail('--workers 0 (a web-only instance) needs the shared job queue of --database-url (or AI_READY_DATABASE_URL); with the SQLite store give 1 or more');
      if (workers !== undefined && (!Number.isInteger(workers) || workers < 0 || workers > 256)) return fail('--workers must be an integer from 0 to 256');
      const scanDeadline = flags.scanDeadline === undefined ? undefined : Number(flags.scanDeadline);
      if (scanDeadline !== undefined && (!Number.isFinite(scanDeadline) || scanDeadline < 1 || scanDeadline > 600)) return fail('--scan-deadline must be a number of seconds from 1 to 600');
      const workerHeapMb = flags.workerHeapMb === undefined ? undefined : Number(flags.workerHeapMb);
      if (workerHeapMb !== undefined && (!Number.isInteger(workerHeapMb) || workerHeapMb < 32 || workerHeapMb > 16384)) return fail('--worker-heap-mb must be an integer from 32 to 16384');
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
          workerHeapMb,
          scanDeadlineMs: scanDeadline === undefined ? undefined : Math.round(scanDeadline * 1000),
          log: flags.quiet ? false : undefined,
        });
      } catch (e) {
        return fail(`could not start: ${(e as Error).message}`);
      }
      process.stderr.write(`ai-ready serve: listening on ${server.url} (base URL ${server.baseUrl}, data in ${server.store.kind === 'postgres' ? 'Postgres' : server.store.dataDir}, ${describeWorkers(server.service.runner.stats().capacity, server.store.kind === 'postgres')})\n`);
      const stop = (signal: string) => {
        process.stderr.write(`ai-ready serve: ${signal}, draining in-flight requests\n`);
        server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGTERM', () => stop('SIGTERM'));
      process.once('SIGINT', () => stop('SIGINT'));
    });
}

function describeWorkers(capacity: number, queue: boolean): string {
  if (!queue) return `${capacity} scan workers`;
  return capacity === 0 ? 'web-only: scans go to the job queue for `ai-ready worker` processes' : `job queue, ${capacity} scan workers here`;
}

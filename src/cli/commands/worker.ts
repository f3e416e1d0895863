import type { Command } from 'commander';
import { commandFail } from '../fail.js';

interface WorkerFlags {
  databaseUrl?: string;
  concurrency?: string;
  maxScans?: string;
  workerHeapMb?: string;
  allowPrivateNetwork?: boolean;
}

const fail = commandFail('worker');

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run scans taken from the shared job queue on Postgres (for `serve --database-url ... --workers 0` instances)')
    .option('--database-url <url>', 'the Postgres database the serve instances use (default $AI_READY_DATABASE_URL)')
    .option('--concurrency <n>', 'scan worker threads, for CPU (default: CPU count)')
    .option('--max-scans <n>', 'scans (jobs) in flight across the threads (default: 64, fewer on machines with little memory)')
    .option('--worker-heap-mb <mb>', 'heap cap of each scan worker thread in MB (default: 512)')
    .option(
      '--allow-private-network',
      'allow scanning loopback and private addresses when the queuing instance allows it (tests, intranets); without it this worker refuses them',
    )
    .addHelpText(
      'after',
      `
The worker stops cleanly on SIGTERM or SIGINT: it takes no new jobs, lets running scans finish
(up to 10 s), and hands unfinished ones back to the queue for another worker.`,
    )
    .action(async (flags: WorkerFlags) => {
      const { databaseUrlFrom, openStore } = await import('../../store/index.js');
      const databaseUrl = databaseUrlFrom(flags.databaseUrl);
      if (!databaseUrl)
        return fail('give --database-url postgres://user:password@host:5432/db (or set AI_READY_DATABASE_URL): the job queue lives in Postgres');
      const concurrency = flags.concurrency === undefined ? undefined : Number(flags.concurrency);
      if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256))
        return fail('--concurrency must be an integer from 1 to 256');
      const maxScansFlag = flags.maxScans === undefined ? undefined : Number(flags.maxScans);
      if (maxScansFlag !== undefined && (!Number.isInteger(maxScansFlag) || maxScansFlag < 1 || maxScansFlag > 4096))
        return fail('--max-scans must be an integer from 1 to 4096');
      const heapMb = flags.workerHeapMb === undefined ? undefined : Number(flags.workerHeapMb);
      if (heapMb !== undefined && (!Number.isInteger(heapMb) || heapMb < 32 || heapMb > 16384))
        return fail('--worker-heap-mb must be an integer from 32 to 16384');

      // Optional packages (docs/install.md): named before anything starts.
      const { assertInstalled } = await import('../../optional-package.js');
      try {
        assertInstalled(['pg', 'pg-boss'], 'ai-ready worker');
      } catch (e) {
        return fail((e as Error).message);
      }
      // Opening the store checks the URL and the database in the store's words, and applies migrations.
      try {
        const store = await openStore({ databaseUrl, dataDir: '' });
        await store.close();
      } catch (e) {
        return fail(`could not start: ${(e as Error).message}`);
      }
      const { WorkerPoolRunner, defaultMaxScans, defaultWorkerCount } = await import('../../runner/index.js');
      const { JobWorker } = await import('../../runner/job-worker.js');
      const workers = concurrency ?? defaultWorkerCount();
      const maxScans = maxScansFlag ?? defaultMaxScans();
      const runner = new WorkerPoolRunner({ workers, maxScans, heapMb });
      const worker = new JobWorker({ databaseUrl, runner, concurrency: maxScans, blockPrivateNetwork: !flags.allowPrivateNetwork });
      try {
        await worker.start();
      } catch (e) {
        await runner.close().catch(() => {});
        return fail(`could not start: ${(e as Error).message}`);
      }
      process.stderr.write(`ai-ready worker: taking scan jobs, ${maxScans} at once on ${workers} scan worker thread${workers === 1 ? '' : 's'}\n`);
      const stop = (signal: string) => {
        process.stderr.write(`ai-ready worker: ${signal}, finishing running scans\n`);
        worker
          .stop()
          .then(() => runner.close())
          .then(
            () => process.exit(0),
            () => process.exit(1),
          );
      };
      process.once('SIGTERM', () => stop('SIGTERM'));
      process.once('SIGINT', () => stop('SIGINT'));
    });
}

export type { PortableScanOptions, RunnerStats, ScanHooks, ScanRunner } from './types.js';
export { QueueFullError } from './bounded-queue.js';
export { CallerBusyError } from './caller-busy.js';
export { InProcessRunner } from './in-process.js';
export { WorkerPoolRunner, defaultMaxScans, defaultWorkerCount, DEFAULT_WORKER_HEAP_MB, type WorkerPoolOptions } from './worker-pool.js';
// The job queue (job-queue.ts, job-worker.ts) is imported directly and lazily where Postgres is
// used, so the CLI and SQLite servers never load pg-boss.

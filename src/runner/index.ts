export type { PortableScanOptions, RunnerStats, ScanHooks, ScanRunner } from './types.js';
export { QueueFullError } from './bounded-queue.js';
export { InProcessRunner } from './in-process.js';
export { WorkerPoolRunner, defaultWorkerCount, DEFAULT_WORKER_HEAP_MB, type WorkerPoolOptions } from './worker-pool.js';
export { JobQueueRunner, type JobQueueOptions } from './job-queue.js';
export { JobWorker, type JobWorkerOptions } from './job-worker.js';

/** Where and how many scans run at once (src/runner). */
import { defineFlag, toNumber } from './define.js';

export const workers = defineFlag({
  name: 'workers',
  option: '--workers <n>',
  help:
    'scan worker threads, for CPU; each scans many sites at once (default for a batch: 1, and a second while the ' +
    'first is busy with CPU and a core is idle; a single site runs on the main thread unless given; 0 = main thread)',
  value: ({ z }) => z.number().int().min(0).max(64),
  fromText: toNumber,
});

export const maxScans = defineFlag({
  name: 'maxScans',
  option: '--max-scans <n>',
  help: 'sites scanned at once in a batch, across the worker threads (default: 16)',
  value: ({ z }) => z.number().int().min(1).max(256),
  fromText: toNumber,
});

export const concurrency = defineFlag({
  name: 'concurrency',
  option: '--concurrency <n>',
  help: 'sites scanned at once: the older name of --max-scans',
  value: ({ z }) => z.number().int().min(1).max(256),
  fromText: toNumber,
  config: true,
});

export const workerHeapMb = defineFlag({
  name: 'workerHeapMb',
  option: '--worker-heap-mb <mb>',
  help: 'heap cap of each scan worker thread in MB (default: 512)',
  value: ({ z }) => z.number().int().min(32).max(16384),
  fromText: toNumber,
});

/**
 * The worker-thread side of the pool (a tsup entry: dist/scan-worker.js). It runs one scan,
 * posts each progress event on the task's MessagePort as the engine emits it, then an end
 * marker, and returns a plain outcome: errors cross the thread boundary as data because a
 * cloned Error loses its class and its `code`.
 */
import type { MessagePort } from 'node:worker_threads';
import { scan } from '../core/scan.js';
import { isScanError } from '../core/errors.js';
import type { ScanTask, TaskOutcome } from './worker-protocol.js';
import { END_OF_EVENTS } from './worker-protocol.js';

export default async function runScanTask(task: ScanTask & { events: MessagePort }): Promise<TaskOutcome> {
  const { url, options, events } = task;
  try {
    const result = await scan(url, { ...options, onEvent: (e) => events.postMessage(e) });
    return { ok: true, result };
  } catch (e) {
    if (isScanError(e)) return { ok: false, code: e.code, message: e.message };
    return { ok: false, code: 'scan-failed', message: `internal error in the scanner: ${(e as Error)?.message ?? String(e)}` };
  } finally {
    events.postMessage(END_OF_EVENTS);
    events.close();
  }
}

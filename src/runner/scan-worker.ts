/**
 * A scan worker thread (a tsup entry: dist/scan-worker.js). It runs many scans at once (a scan
 * is mostly waiting on the network), each with its own AbortController and MessagePort for
 * progress events, and says it is alive every `beatMs` so the pool can tell a thread whose event
 * loop is stuck (a parser spinning on one page) from one that is merely busy. Outcomes cross as
 * plain data because a cloned Error loses its class and its `code`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { scan } from '../core/scan.js';
import { isScanError } from '../core/errors.js';
import { setOriginConcurrency } from '../core/net/origin-limit.js';
import { END_OF_EVENTS, type FromWorker, type ScanTask, type TaskOutcome, type ToWorker, type WorkerSettings } from './worker-protocol.js';
import type { MessagePort } from 'node:worker_threads';
import { workerTarget } from '../core/target.js';

const settings = workerData as WorkerSettings;
const port = parentPort!;
const running = new Map<number, AbortController>();
setOriginConcurrency(settings.originConcurrency);

function post(msg: FromWorker): void {
  port.postMessage(msg);
}

async function runTask(id: number, task: ScanTask, events: MessagePort): Promise<void> {
  const ac = new AbortController();
  running.set(id, ac);
  let outcome: TaskOutcome;
  try {
    const result = await scan(task.normalised ? workerTarget(task.url) : task.url, {
      ...task.options,
      signal: ac.signal,
      onEvent: (e) => events.postMessage(e),
    });
    outcome = { ok: true, result };
  } catch (e) {
    if (isScanError(e)) outcome = { ok: false, code: e.code, message: e.message };
    else outcome = { ok: false, code: 'scan-failed', message: `internal error in the scanner: ${(e as Error)?.message ?? String(e)}` };
  } finally {
    running.delete(id);
    events.postMessage(END_OF_EVENTS);
    events.close();
  }
  post({ t: 'done', id, outcome });
}

port.on('message', (msg: ToWorker) => {
  if (msg.t === 'run') void runTask(msg.id, msg.task, msg.events);
  else if (msg.t === 'cancel') running.get(msg.id)?.abort();
});
setInterval(() => post({ t: 'beat' }), settings.beatMs);
post({ t: 'ready' });

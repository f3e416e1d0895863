/** What crosses between the pool (main thread) and a scan worker. */
import type { ScanErrorCode } from '../core/errors.js';
import type { ScanResult } from '../core/schema.js';
import type { PortableScanOptions } from './types.js';

export interface ScanTask {
  url: string;
  options: PortableScanOptions;
}

export type TaskOutcome = { ok: true; result: ScanResult } | { ok: false; code: ScanErrorCode; message: string };

/** Posted on the event port after the last progress event, so the caller has every event before the result. */
export const END_OF_EVENTS = '__ai_ready_end_of_events__';

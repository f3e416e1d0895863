/**
 * How a failed scan request reads on the HTTP faces: one mapping from any error to a problem
 * name, shared by the v1 endpoints (problem documents), the SSE stream (an `error` event) and the
 * compatibility endpoint (`{"error": ...}`). Never a stack trace.
 */
import { isScanError } from '../core/errors.js';
import { QueueFullError } from '../runner/index.js';
import { CallerBusyError, RateLimitedError, RenderUnavailableError } from '../service/index.js';
import { PROBLEM_TYPES, ProblemError, problemResponse, type ProblemName } from './problems.js';
import type { Headers_ } from './respond.js';

export interface ClassifiedError {
  name: ProblemName;
  detail: string;
  headers?: Headers_;
}

export function classifyError(e: unknown): ClassifiedError {
  if (e instanceof ProblemError) return { name: e.name_, detail: e.detail, headers: e.headers };
  if (e instanceof RenderUnavailableError) return { name: 'invalid-parameter', detail: e.message };
  if (e instanceof RateLimitedError) return { name: 'rate-limited', detail: e.message, headers: { 'retry-after': String(e.retryAfterSec) } };
  if (e instanceof CallerBusyError) return { name: 'rate-limited', detail: e.message, headers: { 'retry-after': String(e.retryAfterSec) } };
  if (e instanceof QueueFullError)
    return { name: 'server-busy', detail: 'Too many scans are in progress; retry later.', headers: { 'retry-after': String(e.retryAfterSec) } };
  if (isScanError(e)) {
    if (e.code === 'blocked-by-challenge') return { name: 'scan-blocked', detail: e.message };
    if (e.code === 'invalid-url' || e.code === 'blocked-address') return { name: 'invalid-url', detail: e.message };
    // unreachable: the site; scan-failed: the executor gave up on it (worker crash, heap cap, deadline).
    if (e.code === 'unreachable' || e.code === 'scan-failed') return { name: 'scan-failed', detail: e.message };
    return { name: 'server-busy', detail: 'The scan was cancelled (the service is shutting down); retry later.', headers: { 'retry-after': '5' } };
  }
  return { name: 'internal-error', detail: 'An internal error occurred.' };
}

/** A problem document for any error; internal errors are logged with their stack first. */
export function errorProblem(base: string, e: unknown, instance: string, logError: (e: unknown, where: string) => void): Response {
  const p = classifyError(e);
  if (p.name === 'internal-error') logError(e, instance);
  return problemResponse(base, p.name, p.detail, instance, p.headers);
}

/** The problem document's body as an SSE `error` event carries it. */
export function problemBody(base: string, p: ClassifiedError, instance: string) {
  const t = PROBLEM_TYPES[p.name];
  return { type: `${base}/problems/${p.name}`, title: t.title, status: t.status, detail: p.detail, instance };
}

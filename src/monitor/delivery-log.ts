/**
 * A monitor's "recent deliveries", as webhook senders show them (Stripe's event deliveries,
 * GitHub's recent deliveries): each event sent, its alert, its state and every attempt with its
 * time, HTTP status or error, and duration, plus when the next retry is due. One view for the
 * CLI (`monitors deliveries`) and the MCP tool (list_webhook_deliveries); the payload and the
 * signing secret are never part of it.
 */
import type { DeliveryLog, DeliveryState } from '../store/types.js';
import { oneLine } from '../format/sanitize.js';

export interface DeliveryAttemptView {
  attempt: number;
  at: string;
  /** The receiver's HTTP status, null when no answer came (see error). */
  status: number | null;
  /** Why the attempt failed; null when it succeeded (a 2xx). */
  error: string | null;
  durationMs: number;
}

export interface DeliveryView {
  /** The event id (X-AI-Ready-Delivery, webhook-id): the receiver's idempotency key. */
  id: string;
  alertId: string;
  alertAt: string | null;
  alertKinds: string[];
  url: string;
  state: DeliveryState;
  attempts: number;
  createdAt: string;
  /** When the next attempt is due; null once delivered or given up. */
  nextRetryAt: string | null;
  attemptLog: DeliveryAttemptView[];
}

export function deliveryView(d: DeliveryLog): DeliveryView {
  return {
    id: d.id,
    alertId: d.alertId,
    alertAt: d.alert?.at ?? null,
    alertKinds: d.alert?.kinds ?? [],
    url: d.url,
    state: d.state,
    attempts: d.attempts,
    createdAt: new Date(d.createdAt).toISOString(),
    nextRetryAt: d.state === 'pending' ? new Date(d.nextAttemptAt).toISOString() : null,
    attemptLog: d.attemptLog.map((a) => ({ attempt: a.attempt, at: a.at, status: a.status, error: a.error, durationMs: a.durationMs })),
  };
}

/** The outcome of one attempt in a few words: `204 ok`, `503 failed`, `no response: <why>`. */
function outcome(a: DeliveryAttemptView): string {
  if (a.status !== null && a.error === null) return `${a.status} ok`;
  const why = oneLine(a.error ?? '', 160);
  if (a.status === null) return `no response: ${why}`;
  // "the receiver answered 503" says nothing the status does not.
  return why.includes(String(a.status)) ? `${a.status} failed` : `${a.status} failed: ${why}`;
}

/** Plain text for a terminal or an MCP client that reads text: one line per delivery, one per attempt. */
export function formatDeliveries(views: DeliveryView[]): string {
  const lines: string[] = [];
  for (const d of views) {
    const kinds = d.alertKinds.length ? ` (${d.alertKinds.map((k) => oneLine(k, 40)).join(', ')})` : '';
    const tries = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`;
    lines.push(`${d.id}  ${d.state}  ${tries}  alert ${d.alertId}${kinds}  created ${d.createdAt}  -> ${oneLine(d.url, 120)}`);
    for (const a of d.attemptLog) lines.push(`  #${a.attempt}  ${a.at}  ${outcome(a)}  ${Math.round(a.durationMs)} ms`);
    if (d.nextRetryAt) lines.push(`  next attempt at ${d.nextRetryAt}`);
  }
  return lines.join('\n');
}

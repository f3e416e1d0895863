/**
 * One signed webhook attempt. The body is JSON; `X-AI-Ready-Signature: t=<unix seconds>,v1=<hex>`
 * carries HMAC-SHA256(secret, `${t}.${body}`), so receivers can check origin and freshness (the
 * scheme Stripe popularised); the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`) carry the same event for receivers that use those libraries. The event id
 * is the idempotency key: every retry sends the same id and the same bytes.
 *
 * An attempt has ONE deadline for everything (connect, headers, body upload), and the answer's
 * body is never read: a receiver that drips bytes holds an attempt for the deadline at most. The
 * target passes the same private-network guard as scan targets unless the service runs with
 * --allow-private-network. Retries and their record: src/monitor/deliveries.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Agent, request } from 'undici';
import { guardedLookup, literalHostBlock } from '../core/net/http.js';

export const SIGNATURE_HEADER = 'x-ai-ready-signature';
export const EVENT_HEADER = 'x-ai-ready-event';
export const DELIVERY_HEADER = 'x-ai-ready-delivery';
export const ATTEMPT_HEADER = 'x-ai-ready-attempt';
/** Whole-attempt deadline (connect + request + response head). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Receivers should refuse signatures older than this (replay window). */
export const SIGNATURE_TOLERANCE_SEC = 300;

export function signPayload(secret: string, body: string, timestampSec: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSec}.${body}`).digest('hex');
  return `t=${timestampSec},v1=${mac}`;
}

/** Checks a signature header against the raw body: what a webhook receiver runs. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  opts: { nowSec?: number; toleranceSec?: number } = {},
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  const now = opts.nowSec ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceSec ?? SIGNATURE_TOLERANCE_SEC)) return false;
  const want = Buffer.from(signPayload(secret, body, t).split('v1=')[1], 'hex');
  const got = Buffer.from(parts.v1, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

export interface WebhookTarget {
  url: string;
  secret: string;
}

export interface DeliveryResult {
  status: number | null;
  error: string | null;
}

/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com): base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}` keyed with the secret's bytes after `whsec_`.
 */
export function standardSignature(secret: string, id: string, timestampSec: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64url');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSec}.${body}`).digest('base64')}`;
}

export interface WebhookOptions {
  /** Refuse private, loopback and metadata addresses (default true). */
  blockPrivateNetwork?: boolean;
  /** Deadline of one attempt, everything included (default WEBHOOK_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Adds Web Bot Auth (RFC 9421) headers for the delivery: Signature-Agent, Content-Digest, Signature-Input, Signature. */
  botSignature?: (req: { url: string; method: string; body: string }) => Record<string, string>;
}

let guardedAgent: Agent | undefined;
let openAgent: Agent | undefined;
function agentFor(guarded: boolean): Agent {
  if (guarded) return (guardedAgent ??= new Agent({ connect: { lookup: guardedLookup, timeout: WEBHOOK_TIMEOUT_MS } }));
  return (openAgent ??= new Agent({ connect: { timeout: WEBHOOK_TIMEOUT_MS } }));
}

/** Checks the URL shape and, when guarded, literal private addresses (DNS answers are checked at connect). */
export function webhookUrlProblem(raw: string, blockPrivateNetwork = true): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'the webhook URL is not a valid URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'the webhook URL must be http or https';
  if (url.username || url.password) return 'the webhook URL must not contain credentials';
  if (blockPrivateNetwork) {
    const block = literalHostBlock(url);
    if (block) return `the webhook URL is refused: ${block}`;
    if (url.hostname.toLowerCase() === 'localhost' || url.hostname.toLowerCase().endsWith('.localhost')) {
      return 'the webhook URL is refused: localhost is a private address';
    }
  }
  return null;
}

/** A delivery that cannot succeed by retrying (refused URL, private address). */
export interface AttemptResult extends DeliveryResult {
  permanent: boolean;
}

/** POSTs one signed event (the payload as given, byte for byte); never throws. */
export async function deliverWebhook(
  target: WebhookTarget,
  event: { type: string; id: string; body?: string } & Record<string, unknown>,
  opts: WebhookOptions & { attempt?: number } = {},
): Promise<AttemptResult> {
  const guarded = opts.blockPrivateNetwork ?? true;
  const problem = webhookUrlProblem(target.url, guarded);
  if (problem) return { status: null, error: problem, permanent: true };
  const { body: raw, ...rest } = event;
  const body = raw ?? JSON.stringify(rest);
  const timestamp = Math.floor(Date.now() / 1000);
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(target.url, {
      method: 'POST',
      dispatcher: agentFor(guarded),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ai-ready-monitor',
        [SIGNATURE_HEADER]: signPayload(target.secret, body, timestamp),
        [EVENT_HEADER]: event.type,
        [DELIVERY_HEADER]: event.id,
        [ATTEMPT_HEADER]: String(opts.attempt ?? 1),
        'webhook-id': event.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': standardSignature(target.secret, event.id, timestamp, body),
        ...opts.botSignature?.({ url: target.url, method: 'POST', body }),
      },
      body,
      signal: deadline,
      // The signal is the one deadline; these only stop undici's own longer defaults.
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    // Only the status matters: the body is not read (a dripping receiver cannot hold us).
    res.body.on('error', () => {});
    res.body.destroy();
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return { status: res.statusCode, error: ok ? null : `the receiver answered ${res.statusCode}`, permanent: false };
  } catch (e) {
    const err = e as { code?: string; name?: string; cause?: { code?: string; message?: string }; message?: string };
    const code = err.cause?.code ?? err.code;
    if (code === 'EBLOCKED') return { status: null, error: err.cause?.message ?? err.message ?? 'private address refused', permanent: true };
    if (deadline.aborted) return { status: null, error: `no answer within the ${timeoutMs} ms deadline`, permanent: false };
    return { status: null, error: `${code ?? 'error'}: ${err.message ?? 'delivery failed'}`, permanent: false };
  }
}

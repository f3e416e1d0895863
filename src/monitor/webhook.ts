/**
 * Signed webhook delivery. The body is JSON; `X-AI-Ready-Signature: t=<unix seconds>,v1=<hex>`
 * carries HMAC-SHA256(secret, `${t}.${body}`), so receivers can check origin and freshness (the
 * scheme Stripe popularised). The target passes the same private-network guard as scan targets
 * unless the service runs with --allow-private-network.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Agent, request } from 'undici';
import { guardedLookup, literalHostBlock } from '../core/net/http.js';

export const SIGNATURE_HEADER = 'x-ai-ready-signature';
export const EVENT_HEADER = 'x-ai-ready-event';
export const DELIVERY_HEADER = 'x-ai-ready-delivery';
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

export interface WebhookOptions {
  /** Refuse private, loopback and metadata addresses (default true). */
  blockPrivateNetwork?: boolean;
  timeoutMs?: number;
  /** Adds Web Bot Auth (RFC 9421) signature headers for the delivery URL. */
  botSignature?: (url: string) => Record<string, string>;
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

/** POSTs one signed event; never throws (the outcome is recorded on the alert). */
export async function deliverWebhook(
  target: WebhookTarget,
  event: { type: string; id: string } & Record<string, unknown>,
  opts: WebhookOptions = {},
): Promise<DeliveryResult> {
  const guarded = opts.blockPrivateNetwork ?? true;
  const problem = webhookUrlProblem(target.url, guarded);
  if (problem) return { status: null, error: problem };
  const body = JSON.stringify(event);
  const signature = signPayload(target.secret, body, Math.floor(Date.now() / 1000));
  try {
    const res = await request(target.url, {
      method: 'POST',
      dispatcher: agentFor(guarded),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ai-ready-monitor',
        [SIGNATURE_HEADER]: signature,
        [EVENT_HEADER]: event.type,
        [DELIVERY_HEADER]: event.id,
        ...opts.botSignature?.(target.url),
      },
      body,
      headersTimeout: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      bodyTimeout: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    });
    await res.body.dump().catch(() => {});
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return { status: res.statusCode, error: ok ? null : `the receiver answered ${res.statusCode}` };
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string; message?: string }; message?: string };
    const code = err.cause?.code ?? err.code;
    const message = code === 'EBLOCKED' ? (err.cause?.message ?? err.message ?? 'private address refused') : `${code ?? 'error'}: ${err.message ?? 'delivery failed'}`;
    return { status: null, error: message };
  }
}

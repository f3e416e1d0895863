/**
 * Webhook deliveries, apart from the scan slots: the scheduler queues each alert's event in the
 * store and this loop sends it, with its own small concurrency, one deadline per attempt, and
 * retries with backoff (the way Stripe and Standard Webhooks senders retry). Every attempt is
 * recorded (status, error, duration); the alert shows the latest outcome. Deliveries are claimed
 * with a lease in one statement, so a second process or a restart never sends the same attempt
 * twice, and a crashed attempt is retried once its lease lapses.
 */
import type { ClaimedDelivery, MonitorStore } from '../store/types.js';
import { deliverWebhook, WEBHOOK_TIMEOUT_MS, type WebhookOptions } from './webhook.js';

/** Waits before attempts 2, 3, ...: 30 s, 2 min, 10 min, 1 h, 6 h (six attempts over ~7 h). */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000];

/** The event type of a queued payload (the scheduler writes only monitor.alert today). */
function eventType(payload: string): string {
  try {
    const type = (JSON.parse(payload) as { type?: unknown }).type;
    return typeof type === 'string' ? type : 'monitor.alert';
  } catch {
    return 'monitor.alert';
  }
}

export interface DeliveryLoopOptions {
  monitors: MonitorStore;
  webhook?: WebhookOptions;
  /** Attempts in flight at once (default 4); they never take a scan slot. */
  concurrency?: number;
  /** How often due deliveries are looked for (default 5 s; the scheduler also kicks the loop). */
  tickMs?: number;
  retryDelaysMs?: number[];
  log?: (line: string) => void;
  now?: () => number;
}

export interface DeliveryLoop {
  start(): void;
  /** Claims and starts due attempts now; resolves once they are started. */
  tick(): Promise<void>;
  /** Resolves when no attempt is in flight. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createDeliveryLoop(opts: DeliveryLoopOptions): DeliveryLoop {
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const delays = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => {});
  // A lease outlives the attempt's deadline, so a live attempt is never claimed again.
  const leaseMs = (opts.webhook?.timeoutMs ?? WEBHOOK_TIMEOUT_MS) * 3;
  const running = new Set<Promise<void>>();
  let ticking: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function attempt(d: ClaimedDelivery): Promise<void> {
    const started = performance.now();
    const at = new Date(now()).toISOString();
    if (!d.secret) {
      await opts.monitors.recordAttempt(
        d,
        { attempt: d.attempts, at, status: null, error: 'the monitor or its webhook no longer exists', durationMs: 0 },
        { state: 'failed', retryAt: null },
      );
      return;
    }
    const result = await deliverWebhook(
      { url: d.url, secret: d.secret },
      { type: eventType(d.payload), id: d.id, body: d.payload },
      { ...opts.webhook, attempt: d.attempts },
    );
    const durationMs = performance.now() - started;
    const delivered = result.error === null;
    const delay = delays[d.attempts - 1];
    // 410 Gone: the receiver asks us to stop (as Standard Webhooks senders do).
    const giveUp = delivered || result.permanent || result.status === 410 || delay === undefined;
    const state = delivered ? 'delivered' : giveUp ? 'failed' : 'pending';
    await opts.monitors.recordAttempt(
      d,
      { attempt: d.attempts, at, status: result.status, error: result.error, durationMs },
      { state, retryAt: giveUp ? null : now() + delay },
    );
    if (!delivered) log(`webhook ${d.id} attempt ${d.attempts}: ${result.error}${giveUp ? ' (giving up)' : `; retry in ${Math.round(delay / 1000)} s`}`);
  }

  async function claimAndLaunch(): Promise<void> {
    const free = concurrency - running.size;
    if (stopped || free <= 0) return;
    for (const d of await opts.monitors.claimDeliveries(now(), free, leaseMs)) {
      const p = attempt(d)
        .catch((e) => log(`webhook ${d.id}: ${(e as Error)?.message ?? e}`))
        .finally(() => {
          running.delete(p);
          // A freed slot picks up the next due delivery at once.
          if (!stopped) void loop.tick();
        });
      running.add(p);
    }
  }

  const loop: DeliveryLoop = {
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void loop.tick(), opts.tickMs ?? 5_000);
      timer.unref();
      void loop.tick();
    },
    tick() {
      ticking ??= claimAndLaunch()
        .catch((e) => log(`webhook deliveries: ${(e as Error)?.message ?? e}`))
        .finally(() => (ticking = null));
      return ticking;
    },
    async idle() {
      while (running.size || ticking) await Promise.allSettled([...running, ticking]);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await loop.idle();
    },
  };
  return loop;
}

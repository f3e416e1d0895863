/**
 * Webhook deliveries against hostile receivers on loopback: a receiver that drips its answer one
 * byte at a time is cut off at the attempt's one deadline (it used to hold the delivery until it
 * finished, whatever the timeout); the answer's body is never read; failed deliveries are retried
 * with the same id and bytes, each attempt recorded; and a hung receiver never holds a scan slot.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createHmac } from 'node:crypto';
import { ScanService } from '../../src/service/index.js';
import { createMonitorScheduler } from '../../src/monitor/scheduler.js';
import { createDeliveryLoop } from '../../src/monitor/deliveries.js';
import { createMonitorChecked } from '../../src/monitor/admin.js';
import { deliverWebhook, verifySignature, SIGNATURE_HEADER, DELIVERY_HEADER, ATTEMPT_HEADER } from '../../src/monitor/webhook.js';
import type { Account } from '../../src/store/types.js';
import { switchableSite, tempStore, type TempStore } from '../mcp/helpers.js';
import type { FixtureSite } from '../helpers/fixture-server.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let t: TempStore;
let alice: Account;
let fixture: { site: FixtureSite; use(kind: 'agentReady' | 'bare'): void };
let receiver: Server;
let hookUrl: string;
let handler: Handler = (_req, res) => res.writeHead(204).end();
const sockets = new Set<Socket>();
const timers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  t = await tempStore();
  alice = await t.store.ensureAccount('alice');
  fixture = await switchableSite();
  receiver = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(req, res, body));
  });
  receiver.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
});

afterEach(() => {
  for (const timer of timers) clearInterval(timer);
  timers.clear();
  handler = (_req, res) => res.writeHead(204).end();
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => receiver.close(r));
  await fixture.site.close();
  await t.close();
});

/** Writes `text` one byte every `everyMs`; reports whether the peer went away before the end. */
function drip(socket: Socket, text: string, everyMs: number): { cut: Promise<boolean> } {
  let i = 0;
  const cut = new Promise<boolean>((resolve) => {
    const timer = setInterval(() => {
      if (socket.destroyed || !socket.writable) {
        clearInterval(timer);
        return resolve(true);
      }
      if (i >= text.length) {
        clearInterval(timer);
        return resolve(false);
      }
      socket.write(text[i++]);
    }, everyMs);
    timers.add(timer);
    socket.once('close', () => {
      clearInterval(timer);
      resolve(i < text.length);
    });
  });
  return { cut };
}

async function until(cond: () => Promise<boolean> | boolean, what: string, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('one webhook attempt', () => {
  it('ends at its deadline when the receiver drips its status line and headers', async () => {
    // 60 bytes at one every 250 ms: 15 s to finish, against a 1 s deadline.
    const head = 'HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nx-pad: aaaaaaaaaa\r\n\r\n';
    let cut: Promise<boolean> | undefined;
    handler = (req) => {
      cut = drip(req.socket, head, 250).cut;
    };
    const res = await deliverWebhook(
      { url: hookUrl, secret: 'whsec_abc' },
      { type: 'monitor.alert', id: 'evt_drip' },
      { blockPrivateNetwork: false, timeoutMs: 1000 },
    );
    expect(res.status).toBeNull();
    expect(res.error).toContain('deadline');
    expect(res.permanent).toBe(false);
    // The receiver saw its connection closed before it had finished dripping.
    expect(await cut).toBe(true);
  });

  it('takes the status and never reads a dripping body', async () => {
    let cut: Promise<boolean> | undefined;
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.flushHeaders();
      cut = drip(req.socket, 'x'.repeat(400), 50).cut;
    };
    const res = await deliverWebhook(
      { url: hookUrl, secret: 'whsec_abc' },
      { type: 'monitor.alert', id: 'evt_body' },
      { blockPrivateNetwork: false, timeoutMs: 60_000 },
    );
    expect(res).toMatchObject({ status: 200, error: null });
    expect(await cut).toBe(true);
  });
});

/** A monitor that is never due (only its webhook is exercised) with one grade-drop alert. */
async function monitorWithAlert() {
  const { monitor, webhookSecret } = await t.monitors.create({
    accountId: alice.id,
    url: 'https://www.example.org/',
    intervalSec: 3600,
    webhookUrl: hookUrl,
    firstRunAt: Date.now() + 86_400_000,
  });
  const alert = await t.monitors.recordAlert({
    monitorId: monitor.id,
    at: new Date().toISOString(),
    kinds: ['grade-drop'],
    message: 'm',
    reportId: null,
    score: 1,
    grade: 'F',
    previousGrade: 'A',
  });
  return { monitor, webhookSecret, alert };
}

describe('webhook delivery loop', () => {
  it('retries a failing receiver with the same id and bytes, signed each time, and records every attempt', async () => {
    const { monitor, webhookSecret, alert } = await monitorWithAlert();
    const seen: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
    handler = (req, res, body) => {
      seen.push({ headers: req.headers, body });
      res.writeHead(seen.length < 3 ? 503 : 204).end();
    };
    const payload = JSON.stringify({ type: 'monitor.alert', id: 'evt_retry', n: 1 });
    await t.monitors.enqueueDelivery({ id: 'evt_retry', alertId: alert.id, monitorId: monitor.id, url: hookUrl, payload, at: Date.now() });
    const loop = createDeliveryLoop({ monitors: t.monitors, webhook: { blockPrivateNetwork: false }, retryDelaysMs: [0, 0, 0], tickMs: 20 });
    loop.start();
    try {
      await until(async () => (await t.monitors.deliveries(alert.id))[0]?.state === 'delivered', 'the third attempt');
    } finally {
      await loop.stop();
    }
    const [delivery] = await t.monitors.deliveries(alert.id);
    expect(delivery.attempts).toBe(3);
    expect(delivery.attemptLog.map((a) => [a.attempt, a.status])).toEqual([
      [1, 503],
      [2, 503],
      [3, 204],
    ]);
    expect(seen.map((s) => s.headers[ATTEMPT_HEADER])).toEqual(['1', '2', '3']);
    for (const s of seen) {
      expect(s.body).toBe(payload);
      expect(s.headers[DELIVERY_HEADER]).toBe('evt_retry');
      expect(s.headers['webhook-id']).toBe('evt_retry');
      expect(verifySignature(webhookSecret!, s.body, s.headers[SIGNATURE_HEADER] as string)).toBe(true);
      // Standard Webhooks: base64 HMAC of id.timestamp.body keyed with the secret's bytes.
      const key = Buffer.from(webhookSecret!.replace(/^whsec_/, ''), 'base64url');
      const want = createHmac('sha256', key).update(`evt_retry.${s.headers['webhook-timestamp']}.${s.body}`).digest('base64');
      expect(s.headers['webhook-signature']).toBe(`v1,${want}`);
    }
    expect((await t.monitors.alerts(monitor.id))[0]).toMatchObject({ webhookStatus: 204, webhookError: null });
    await t.monitors.remove(monitor.id);
  });

  it('gives up after the last retry and on 410 Gone', async () => {
    const { monitor, alert } = await monitorWithAlert();
    let calls = 0;
    handler = (_req, res) => res.writeHead(++calls === 1 ? 500 : 410).end();
    await t.monitors.enqueueDelivery({
      id: 'evt_gone',
      alertId: alert.id,
      monitorId: monitor.id,
      url: hookUrl,
      payload: '{"type":"monitor.alert","id":"evt_gone"}',
      at: Date.now(),
    });
    const loop = createDeliveryLoop({ monitors: t.monitors, webhook: { blockPrivateNetwork: false }, retryDelaysMs: [0, 0, 0, 0], tickMs: 20 });
    loop.start();
    try {
      await until(async () => (await t.monitors.deliveries(alert.id))[0]?.state === 'failed', 'giving up');
    } finally {
      await loop.stop();
    }
    const [delivery] = await t.monitors.deliveries(alert.id);
    expect(delivery.attemptLog.map((a) => a.status)).toEqual([500, 410]);
    expect(calls).toBe(2);
    await t.monitors.remove(monitor.id);
  });

  it('never holds a scan slot: a run finishes and the next one starts while its webhook is still unanswered', async () => {
    const pending: ServerResponse[] = [];
    handler = (_req, res) => pending.push(res); // never answers
    fixture.use('bare');
    const { monitor } = await createMonitorChecked(
      t.monitors,
      alice.id,
      { url: fixture.site.origin, interval: '1s', minScore: 99, webhookUrl: hookUrl },
      { minIntervalSec: 1, blockPrivateNetwork: false },
    );
    const scheduler = createMonitorScheduler({
      monitors: t.monitors,
      store: t.store,
      service: new ScanService({ store: t.store, allowPrivateNetwork: true, scanDeadlineMs: 15_000, cacheTtlMs: 0 }),
      concurrency: 1,
      tickMs: 100,
      jitterRatio: 0,
      webhook: { blockPrivateNetwork: false, timeoutMs: 30_000 },
    });
    scheduler.start();
    try {
      await until(() => pending.length === 1, 'the webhook request');
      // The one scan slot is free: further runs complete while the receiver still holds the request.
      const runsBefore = (await t.monitors.runs(monitor.id)).length;
      await until(async () => (await t.monitors.runs(monitor.id)).length > runsBefore, 'a run after the alert');
      expect(pending.length).toBe(1);
      expect(pending[0].writableEnded).toBe(false);
    } finally {
      await t.monitors.remove(monitor.id);
      for (const res of pending) res.writeHead(204).end();
      await scheduler.stop();
    }
  });
});

/**
 * A monitor's recent webhook deliveries, as its owner sees them: a real monitor run against a
 * loopback site raises an alert, the real delivery loop sends it to a loopback receiver that fails
 * (503, then a dropped connection) and later accepts it (204). The owner reads every attempt
 * through the MCP tool list_webhook_deliveries (the SDK's own client), a stranger gets "no such
 * monitor", and `ai-ready monitors deliveries` (the built CLI) shows the same from the data dir.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ScanService } from '../../src/service/index.js';
import { createMonitorScheduler } from '../../src/monitor/scheduler.js';
import { createDeliveryLoop } from '../../src/monitor/deliveries.js';
import { createMonitorChecked } from '../../src/monitor/admin.js';
import { DELIVERY_HEADER } from '../../src/monitor/webhook.js';
import type { Account } from '../../src/store/types.js';
import { connectInMemory, switchableSite, tempStore, type TempStore } from '../mcp/helpers.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { runCli } from '../cli/run-cli.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let t: TempStore;
let alice: Account;
let bob: Account;
let fixture: { site: FixtureSite; use(kind: 'agentReady' | 'bare'): void };
let receiver: Server;
let hookUrl: string;
let handler: Handler = (_req, res) => res.writeHead(204).end();
const seen: string[] = [];
const sockets = new Set<Socket>();
const clients: Client[] = [];
/** What the first test leaves for the CLI test: a monitor whose one delivery took three attempts. */
let monitorId = '';
let eventId = '';

async function connect(account: Account): Promise<Client> {
  const client = await connectInMemory(t, { account, monitorPolicy: { minIntervalSec: 1 } });
  clients.push(client);
  return client;
}

async function call(client: Client, args: Record<string, unknown>) {
  const res = (await client.callTool({ name: 'list_webhook_deliveries', arguments: args })) as CallToolResult;
  return { ...res, data: res.structuredContent as Record<string, any>, text: (res.content as Array<{ text: string }>)[0]?.text ?? '' };
}

async function until(cond: () => Promise<boolean> | boolean, what: string, limitMs = 30_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  t = await tempStore();
  alice = await t.store.ensureAccount('alice');
  bob = await t.store.ensureAccount('bob');
  fixture = await switchableSite();
  receiver = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(String(req.headers[DELIVERY_HEADER]));
      handler(req, res);
    });
  });
  receiver.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  for (const s of sockets) s.destroy();
  await new Promise((r) => receiver.close(r));
  await fixture.site.close();
  await t.close();
});

describe('recent webhook deliveries', () => {
  it('shows the owner every attempt of a delivery that failed, waited and then succeeded; a stranger sees nothing', async () => {
    fixture.use('bare');
    const { monitor } = await createMonitorChecked(
      t.monitors,
      alice.id,
      { url: fixture.site.origin, interval: '1h', minScore: 99, webhookUrl: hookUrl },
      { minIntervalSec: 1, blockPrivateNetwork: false },
    );
    monitorId = monitor.id;
    const owner = await connect(alice);
    const stranger = await connect(bob);
    const none = await call(owner, { monitorId });
    expect(none.data).toEqual({ monitorId, items: [] });
    expect(none.text).toContain('No webhook deliveries yet');

    // Attempt 1: 503; attempt 2 (at once): the connection is dropped; then the next retry is an hour away.
    handler = (req, res) => (seen.length === 1 ? res.writeHead(503).end() : req.socket.destroy());
    const scheduler = createMonitorScheduler({
      monitors: t.monitors,
      store: t.store,
      service: new ScanService({ store: t.store, allowPrivateNetwork: true, scanDeadlineMs: 15_000, cacheTtlMs: 0 }),
      concurrency: 1,
      tickMs: 100,
      jitterRatio: 0,
      webhook: { blockPrivateNetwork: false, timeoutMs: 5_000 },
      deliveries: { retryDelaysMs: [0, 3_600_000], tickMs: 20 },
    });
    scheduler.start();
    try {
      await until(async () => (await t.monitors.recentDeliveries(monitorId))[0]?.attemptLog.length === 2, 'two failed attempts');
    } finally {
      await scheduler.stop();
    }

    const pending = await call(owner, { monitorId });
    expect(pending.isError).toBeFalsy();
    expect(pending.data.items).toHaveLength(1);
    const [d] = pending.data.items;
    eventId = d.id;
    expect(d.id).toMatch(/^evt_/);
    expect(seen).toEqual([d.id, d.id]);
    expect(d).toMatchObject({ url: hookUrl, state: 'pending', attempts: 2, alertKinds: expect.arrayContaining([expect.any(String)]) });
    expect(d.alertId).toBe((await t.monitors.alerts(monitorId))[0].id);
    expect(d.attemptLog.map((a: { attempt: number; status: number | null }) => [a.attempt, a.status])).toEqual([
      [1, 503],
      [2, null],
    ]);
    expect(d.attemptLog[0].error).toContain('503');
    expect(d.attemptLog[1].error).toBeTruthy();
    for (const a of d.attemptLog) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    // The next retry is the one an hour after the second attempt.
    expect(Date.parse(d.nextRetryAt) - Date.parse(d.attemptLog[1].at)).toBeGreaterThanOrEqual(3_600_000 - 1000);
    expect(pending.text).toContain(`${d.id}  pending  2 attempts`);
    expect(pending.text).toContain('#1');
    expect(pending.text).toContain('next attempt at');

    // Another account's monitor reads exactly like an unknown one.
    const denied = await call(stranger, { monitorId });
    const unknown = await call(stranger, { monitorId: 'mon_doesnotexist' });
    expect(denied.isError).toBe(true);
    expect(denied.text).toBe(unknown.text.replace('mon_doesnotexist', monitorId));
    expect(denied.text).not.toContain(hookUrl);
    // Out of bounds: refused by the schema, never an unbounded listing.
    expect((await call(owner, { monitorId, limit: 101 })).isError).toBe(true);

    // An hour later (another instance's loop, say), the receiver accepts the retry.
    handler = (_req, res) => res.writeHead(204).end();
    const later = createDeliveryLoop({
      monitors: t.monitors,
      webhook: { blockPrivateNetwork: false },
      retryDelaysMs: [0, 3_600_000],
      now: () => Date.now() + 3_700_000,
    });
    await later.tick();
    await later.idle();
    await later.stop();
    const done = (await call(owner, { monitorId, limit: 1 })).data.items[0];
    expect(done).toMatchObject({ id: eventId, state: 'delivered', attempts: 3, nextRetryAt: null });
    expect(done.attemptLog.map((a: { status: number | null; error: string | null }) => [a.status, a.error === null])).toEqual([
      [503, false],
      [null, false],
      [204, true],
    ]);
    expect(seen).toEqual([eventId, eventId, eventId]);
  });

  it('`ai-ready monitors deliveries` shows the same from the data dir, as text and JSON', async () => {
    expect(monitorId).not.toBe('');
    const env = { AI_READY_DATA_DIR: t.dir, AI_READY_DATABASE_URL: undefined };
    const json = await runCli(['monitors', 'deliveries', monitorId, '--json'], { env });
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.monitorId).toBe(monitorId);
    expect(out.items).toHaveLength(1);
    expect(out.items[0]).toMatchObject({ id: eventId, state: 'delivered', attempts: 3, url: hookUrl, nextRetryAt: null });
    expect(out.items[0].attemptLog.map((a: { status: number | null }) => a.status)).toEqual([503, null, 204]);
    expect(json.stdout).not.toContain('whsec_');

    const text = await runCli(['monitors', 'deliveries', monitorId], { env });
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${eventId}  delivered  3 attempts  alert alr_\\w+ \\(.+\\)  created \\S+  -> ${hookUrl.replace(/[.]/g, '\\.')}$`));
    expect(lines[1]).toMatch(/^ {2}#1 {2}\S+ {2}503 failed {2}\d+ ms$/);
    expect(lines[2]).toMatch(/^ {2}#2 {2}\S+ {2}no response: .+ {2}\d+ ms$/);
    expect(lines[3]).toMatch(/^ {2}#3 {2}\S+ {2}204 ok {2}\d+ ms$/);
    expect(lines).toHaveLength(4);

    const { monitor: quiet } = await t.monitors.create({
      accountId: alice.id,
      url: 'https://quiet.test/',
      intervalSec: 3600,
      firstRunAt: Date.now() + 86_400_000,
    });
    const empty = await runCli(['monitors', 'deliveries', quiet.id], { env });
    expect(empty).toMatchObject({ code: 0, stdout: '' });
    expect(empty.stderr).toContain('no webhook');

    for (const args of [['mon_doesnotexist'], [monitorId, '--limit', '0'], [monitorId, '--limit', '101'], [monitorId, '--limit', 'x']]) {
      const bad = await runCli(['monitors', 'deliveries', ...args], { env });
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr).toMatch(/^ai-ready monitors: /);
      expect(bad.stderr).not.toMatch(/\n\s+at /);
    }
    const help = await runCli(['monitors', 'deliveries', '--help'], { env });
    expect(help.stdout).toContain('--limit <n>');
    expect(help.stdout).toContain('next retry');
  });
});

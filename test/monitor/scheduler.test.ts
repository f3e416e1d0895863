/**
 * Monitors on a loopback fixture whose score drops: the real scheduler loop (short interval),
 * history and alerts in the store, a signed webhook received by a local server, atomic claims
 * (no double runs across processes or after a restart), and the private-network guard on webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer as createHttpServer, type Server } from 'node:http';
import { ScanService } from '../../src/service/index.js';
import { openDatabase } from '../../src/store/db.js';
import { openMonitorStore } from '../../src/store/sqlite/store.js';
import { createMonitorScheduler } from '../../src/monitor/scheduler.js';
import { createMonitorChecked, MonitorInputError } from '../../src/monitor/admin.js';
import { deliverWebhook, verifySignature, SIGNATURE_HEADER } from '../../src/monitor/webhook.js';
import { decideAlert } from '../../src/monitor/alerts.js';
import { parseInterval } from '../../src/monitor/interval.js';
import type { Account } from '../../src/store/types.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { switchableSite, tempStore, type TempStore } from '../mcp/helpers.js';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let t: TempStore;
let fixture: { site: FixtureSite; use(kind: 'agentReady' | 'bare'): void };
let receiver: Server;
let hookUrl: string;
const received: Received[] = [];
let alice: Account;

beforeAll(async () => {
  t = await tempStore();
  fixture = await switchableSite();
  alice = await t.store.ensureAccount('alice');
  receiver = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
});

afterAll(async () => {
  await new Promise((r) => receiver.close(r));
  await fixture.site.close();
  await t.close();
});

async function until(cond: () => Promise<boolean> | boolean, what: string, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('monitor scheduler', () => {
  it('re-scans on schedule, records history, and alerts with a signed webhook when the score drops', async () => {
    fixture.use('agentReady');
    const { monitor, webhookSecret } = await createMonitorChecked(
      t.monitors,
      alice.id,
      { url: fixture.site.origin, interval: '1s', minGrade: 'B', minScore: 80, webhookUrl: hookUrl },
      { minIntervalSec: 1, blockPrivateNetwork: false },
    );
    const scheduler = createMonitorScheduler({
      monitors: t.monitors,
      store: t.store,
      service: new ScanService({ store: t.store, allowPrivateNetwork: true, scanDeadlineMs: 15_000, cacheTtlMs: 0 }),
      tickMs: 100,
      jitterRatio: 0,
      webhook: { blockPrivateNetwork: false },
      baseUrl: 'http://svc.local',
    });
    scheduler.start();
    let baseline: Awaited<ReturnType<typeof t.monitors.runs>>[number];
    try {
      await until(async () => (await t.monitors.runs(monitor.id)).length >= 1, 'the first run');
      [baseline] = await t.monitors.runs(monitor.id);
      expect(baseline.status).toBe('ok');
      expect(baseline.score).toBeGreaterThanOrEqual(80);
      expect(await t.monitors.alerts(monitor.id)).toEqual([]);

      fixture.use('bare');
      await until(async () => (await t.monitors.alerts(monitor.id)).some((a) => a.webhookStatus !== null || a.webhookError !== null), 'a delivered alert');
    } finally {
      await scheduler.stop();
    }
    const runs = await t.monitors.runs(monitor.id);
    const drop = runs.find((r) => r.status === 'below')!;
    expect(drop.score).toBeLessThan(80);
    const [alert] = await t.monitors.alerts(monitor.id);
    expect(alert.kinds).toEqual(['below-threshold', 'grade-drop']);
    expect(alert.webhookStatus).toBe(204);
    expect(alert.reportId).toBe(drop.reportId);

    // Every run is a report in the account's history and in the domain's history.
    const history = await t.store.listAccountReports(alice.id, { limit: 100 });
    expect(history.items.map((i) => i.id)).toEqual(expect.arrayContaining(runs.map((r) => r.reportId)));
    const domain = await t.store.domainHistory(new URL(fixture.site.origin).host, { accountId: alice.id, limit: 100 });
    expect(domain.items.map((i) => i.id)).toContain(drop.reportId);

    // One alert on the way down, not one per run while it stays below.
    expect(received).toHaveLength(1);
    const hook = received[0];
    expect(verifySignature(webhookSecret!, hook.body, hook.headers[SIGNATURE_HEADER] as string)).toBe(true);
    expect(verifySignature(webhookSecret!, hook.body.replace('below', 'above'), hook.headers[SIGNATURE_HEADER] as string)).toBe(false);
    expect(verifySignature('whsec_other', hook.body, hook.headers[SIGNATURE_HEADER] as string)).toBe(false);
    const event = JSON.parse(hook.body);
    expect(hook.headers['x-ai-ready-event']).toBe('monitor.alert');
    expect(event).toMatchObject({
      type: 'monitor.alert',
      monitor: { id: monitor.id, url: `${fixture.site.origin}/` },
      report: { id: drop.reportId, score: drop.score, shareUrl: `http://svc.local/r/${drop.reportId}` },
      previous: { grade: baseline!.grade },
    });
    expect(event.alert.kinds).toEqual(['below-threshold', 'grade-drop']);
    await t.monitors.remove(monitor.id);
  });

  it('claims a due monitor once across two connections, and not again after a restart', async () => {
    const { monitor } = await t.monitors.create({ accountId: alice.id, url: 'https://www.example.org/', intervalSec: 3600 });
    const other = await openDatabase(t.dir);
    try {
      const second = await openMonitorStore(other);
      const now = Date.now();
      const opts = { leaseMs: 60_000, jitterRatio: 0.1, maxJitterMs: 300_000 };
      const [a, b] = await Promise.all([t.monitors.claimDue(now, 10, opts), second.claimDue(now, 10, opts)]);
      expect([...a, ...b].filter((m) => m.id === monitor.id)).toHaveLength(1);
      const claimed = [...a, ...b].find((m) => m.id === monitor.id)!;
      expect(claimed.nextRunAt).toBeGreaterThanOrEqual(now + 3_600_000);
      expect(claimed.nextRunAt).toBeLessThanOrEqual(now + 3_600_000 + 300_000);
      // A "restarted" process (fresh connection) finds nothing due until the next slot.
      const reopened = await openDatabase(t.dir);
      const afterRestart = await (await openMonitorStore(reopened)).claimDue(Date.now(), 10, opts);
      await reopened.close();
      expect(afterRestart.map((m) => m.id)).not.toContain(monitor.id);
    } finally {
      await other.close();
      await t.monitors.remove(monitor.id);
    }
  });

  it('refuses private webhook targets under the guard, without connecting', async () => {
    const before = received.length;
    const res = await deliverWebhook({ url: hookUrl, secret: 'whsec_x' }, { type: 'monitor.alert', id: 'evt_1' }, { blockPrivateNetwork: true });
    expect(res.status).toBeNull();
    expect(res.error).toMatch(/loopback|private/);
    expect(received.length).toBe(before);
    await expect(
      createMonitorChecked(
        t.monitors,
        alice.id,
        { url: fixture.site.origin, interval: '1h', webhookUrl: 'http://localhost:9/x' },
        { blockPrivateNetwork: true },
      ),
    ).rejects.toBeInstanceOf(MonitorInputError);
    await expect(createMonitorChecked(t.monitors, alice.id, { url: 'https://www.example.org', interval: '5m' }, {})).rejects.toThrow(/reserved/);
    await expect(createMonitorChecked(t.monitors, alice.id, { url: 'https://ai-ready.dev', interval: '1m' }, {})).rejects.toThrow(/at least 5m/);
  });
});

describe('alert rules and intervals', () => {
  it('alerts on crossing below the threshold and on a grade drop, not while staying below', () => {
    const t = { minScore: 70, minGrade: null };
    expect(decideAlert(t, { score: 80, grade: 'B' }, { grade: null, below: false })).toEqual({ below: false, kinds: [], reasons: [] });
    expect(decideAlert(t, { score: 65, grade: 'C' }, { grade: 'C', below: false }).kinds).toEqual(['below-threshold']);
    expect(decideAlert(t, { score: 64, grade: 'C' }, { grade: 'C', below: true }).kinds).toEqual([]);
    expect(decideAlert(t, { score: 50, grade: 'D' }, { grade: 'C', below: true }).kinds).toEqual(['grade-drop']);
    expect(decideAlert({ minScore: null, minGrade: 'B' }, { score: 74, grade: 'C' }, { grade: null, below: false }).reasons[0]).toContain(
      'grade C is below the minimum B',
    );
    expect(decideAlert({ minScore: null, minGrade: null }, { score: 95, grade: 'A' }, { grade: 'B', below: false }).kinds).toEqual([]);
  });

  it('parses intervals', () => {
    expect(parseInterval('90s')).toBe(90);
    expect(parseInterval('15m')).toBe(900);
    expect(parseInterval('6H')).toBe(21_600);
    expect(parseInterval('1d')).toBe(86_400);
    expect(parseInterval('0m')).toBeNull();
    expect(parseInterval('soon')).toBeNull();
    expect(parseInterval(120)).toBe(120);
  });
});

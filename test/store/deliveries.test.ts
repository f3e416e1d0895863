/**
 * The webhook delivery queue and the single-use consent nonces, on both engines: a due delivery
 * is claimed by exactly one of two stores racing for it, its lease keeps it from being claimed
 * again, each attempt is recorded, a nonce is spent once and a shared secret is stored once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/types.js';
import { ENGINES } from './engines.js';

for (const engine of ENGINES) {
  describe(`webhook deliveries on ${engine.name}`, () => {
    let a: Store;
    let b: Store;
    let cleanup: () => void;
    beforeAll(async () => {
      const db = await engine.create();
      cleanup = db.cleanup;
      a = await db.open();
      b = await db.open();
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      cleanup();
    });

    it('claims each due delivery once, leases it, records attempts and schedules retries', async () => {
      const account = await a.ensureAccount('owner');
      const { monitor, webhookSecret } = await a.monitors.create({
        accountId: account.id,
        url: 'https://shop.test/',
        intervalSec: 3600,
        webhookUrl: 'https://hooks.test/x',
        firstRunAt: Date.now() + 86_400_000,
      });
      const alert = await a.monitors.recordAlert({
        monitorId: monitor.id,
        at: new Date().toISOString(),
        kinds: ['grade-drop'],
        message: 'm',
        reportId: null,
        score: 1,
        grade: 'F',
        previousGrade: 'A',
      });
      const now = Date.now();
      for (let i = 0; i < 6; i++) {
        await a.monitors.enqueueDelivery({
          id: `evt_${engine.name}_${i}`,
          alertId: alert.id,
          monitorId: monitor.id,
          url: 'https://hooks.test/x',
          payload: `{"n":${i}}`,
          at: now,
        });
      }
      const [x, y] = await Promise.all([a.monitors.claimDeliveries(now, 4, 60_000), b.monitors.claimDeliveries(now, 4, 60_000)]);
      const ids = [...x, ...y].map((d) => d.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(6);
      expect([...x, ...y].every((d) => d.attempts === 1 && d.secret === webhookSecret)).toBe(true);
      // Leased: nothing is due again until the lease lapses.
      expect(await a.monitors.claimDeliveries(now + 1000, 10, 60_000)).toEqual([]);

      const first = x[0] ?? y[0];
      await a.monitors.recordAttempt(
        first,
        { attempt: 1, at: new Date(now).toISOString(), status: 503, error: 'the receiver answered 503', durationMs: 12 },
        { state: 'pending', retryAt: now + 30_000 },
      );
      expect(await a.monitors.claimDeliveries(now + 10_000, 10, 60_000)).toEqual([]);
      const again = await b.monitors.claimDeliveries(now + 30_000, 10, 60_000);
      expect(again.map((d) => [d.id, d.attempts])).toEqual([[first.id, 2]]);
      await b.monitors.recordAttempt(
        again[0],
        { attempt: 2, at: new Date(now + 30_000).toISOString(), status: 204, error: null, durationMs: 8 },
        { state: 'delivered', retryAt: null },
      );

      const [delivery] = (await a.monitors.deliveries(alert.id)).filter((d) => d.id === first.id);
      expect(delivery.state).toBe('delivered');
      expect(delivery.attemptLog.map((l) => [l.attempt, l.status, l.error])).toEqual([
        [1, 503, 'the receiver answered 503'],
        [2, 204, null],
      ]);
      expect((await a.monitors.alerts(monitor.id))[0]).toMatchObject({ webhookStatus: 204, webhookError: null });
      // Removing the monitor takes its deliveries with it.
      await a.monitors.remove(monitor.id);
      expect(await a.monitors.deliveries(alert.id)).toEqual([]);
    });

    it("lists a monitor's recent deliveries newest first, with alert and attempts, bounded, and only that monitor's", async () => {
      const account = await a.ensureAccount('lister');
      const mk = () =>
        a.monitors.create({
          accountId: account.id,
          url: 'https://shop.test/',
          intervalSec: 3600,
          webhookUrl: 'https://hooks.test/y',
          firstRunAt: Date.now() + 86_400_000,
        });
      const { monitor } = await mk();
      const { monitor: other } = await mk();
      const alert = await a.monitors.recordAlert({
        monitorId: monitor.id,
        at: new Date().toISOString(),
        kinds: ['below-score', 'grade-drop'],
        message: 'fell',
        reportId: null,
        score: 10,
        grade: 'F',
        previousGrade: 'B',
      });
      const t0 = Date.now();
      for (let i = 0; i < 5; i++) {
        await a.monitors.enqueueDelivery({
          id: `evt_list_${engine.name}_${i}`,
          alertId: alert.id,
          monitorId: monitor.id,
          url: 'https://hooks.test/y',
          payload: '{}',
          at: t0 + i,
        });
      }
      await a.monitors.enqueueDelivery({
        id: `evt_other_${engine.name}`,
        alertId: alert.id,
        monitorId: other.id,
        url: 'https://hooks.test/y',
        payload: '{}',
        at: t0 + 10,
      });
      const newest = `evt_list_${engine.name}_4`;
      await a.monitors.recordAttempt(
        { id: newest, alertId: alert.id },
        { attempt: 1, at: new Date(t0).toISOString(), status: null, error: 'connection refused', durationMs: 3 },
        { state: 'pending', retryAt: t0 + 30_000 },
      );
      await b.monitors.recordAttempt(
        { id: newest, alertId: alert.id },
        { attempt: 2, at: new Date(t0 + 30_000).toISOString(), status: 500, error: 'the receiver answered 500', durationMs: 7 },
        { state: 'pending', retryAt: t0 + 150_000 },
      );

      const listed = await b.monitors.recentDeliveries(monitor.id, 3);
      expect(listed.map((d) => d.id)).toEqual([4, 3, 2].map((i) => `evt_list_${engine.name}_${i}`));
      expect(listed[0]).toMatchObject({
        state: 'pending',
        nextAttemptAt: t0 + 150_000,
        alertId: alert.id,
        alert: { kinds: ['below-score', 'grade-drop'], message: 'fell' },
      });
      expect(listed[0].attemptLog.map((l) => [l.attempt, l.status, l.error, l.durationMs])).toEqual([
        [1, null, 'connection refused', 3],
        [2, 500, 'the receiver answered 500', 7],
      ]);
      expect(listed[1].attemptLog).toEqual([]);
      expect(await a.monitors.recentDeliveries(monitor.id)).toHaveLength(5);
      // Out-of-range limits are clamped, never an error or an unbounded listing.
      expect(await a.monitors.recentDeliveries(monitor.id, 0)).toHaveLength(1);
      expect(await a.monitors.recentDeliveries(monitor.id, 10_000)).toHaveLength(5);
      expect((await a.monitors.recentDeliveries(other.id)).map((d) => d.id)).toEqual([`evt_other_${engine.name}`]);
      expect(await a.monitors.recentDeliveries('mon_unknown')).toEqual([]);
      await a.monitors.remove(monitor.id);
      await a.monitors.remove(other.id);
      expect(await a.monitors.recentDeliveries(monitor.id)).toEqual([]);
    });

    it('spends a consent nonce once, even when two instances race', async () => {
      const results = await Promise.all([a.oauth.useNonce('n1', Date.now() + 60_000), b.oauth.useNonce('n1', Date.now() + 60_000)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await a.oauth.useNonce('n1', Date.now() + 60_000)).toBe(false);
      await a.oauth.purgeExpired(Date.now() + 120_000);
      expect(await a.oauth.useNonce('n1', Date.now() + 60_000)).toBe(true);
    });

    it('keeps one shared secret per name: two instances racing with different candidates agree on the first stored', async () => {
      const [x, y] = await Promise.all([a.oauth.sharedSecret('consent-test', 'from-a'), b.oauth.sharedSecret('consent-test', 'from-b')]);
      expect(x).toBe(y);
      expect(['from-a', 'from-b']).toContain(x);
      // Later candidates never replace it, and the hourly purge leaves it alone.
      await a.oauth.purgeExpired(Date.now() + 10 * 365 * 86_400_000);
      expect(await b.oauth.sharedSecret('consent-test', 'later')).toBe(x);
      expect(await a.oauth.sharedSecret('other-name', 'another')).toBe('another');
    });
  });
}

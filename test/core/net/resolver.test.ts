/**
 * The guard's resolver on loopback DNS servers: a hung name server costs the scan that asked
 * (bounded by timeout x tries), not the service (libuv's thread pool stays free for file and
 * zlib work); a scan resolves at most MAX_HOSTS_PER_CLIENT distinct names; localhost, IP
 * literals and the hosts file keep working, and their answers still meet the guard.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { configureResolver, resolveHost } from '../../../src/core/net/resolver.js';
import { HttpClient, MAX_HOSTS_PER_CLIENT } from '../../../src/core/net/http.js';
import { scan } from '../../../src/core/scan.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { tempDir } from '../../helpers/temp-dir.js';

let hung: TestDnsServer;
let nx: TestDnsServer;
let dir: string;
let site: FixtureSite;

beforeAll(async () => {
  hung = await startDnsServer('hang');
  nx = await startDnsServer('nxdomain');
  dir = tempDir('ai-ready-dns-');
  site = await startFixture({ '/': { status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>ok</title><h1>ok</h1>' } } as never);
});

afterEach(() => configureResolver({}));

afterAll(async () => {
  await hung.close();
  await nx.close();
  await site.close();
});

describe('the guard resolver', () => {
  it('gives up on a hung name server after timeout x tries, and the thread pool stays free meanwhile', async () => {
    configureResolver({ servers: [hung.address], timeoutMs: 400, tries: 2, hostsFile: join(dir, 'none') });
    const names = Array.from({ length: 16 }, (_, i) => `stall${i}.example.com`);
    let settled = 0;
    const lookups = names.map((n) =>
      resolveHost(n)
        .then(
          () => 'resolved',
          (e) => e,
        )
        .finally(() => settled++),
    );
    // Thread-pool work (file read, gzip) completes while all sixteen lookups still hang:
    // with getaddrinfo, four of them would hold every thread of the pool.
    await readFile(new URL(import.meta.url));
    await promisify(gzip)(Buffer.alloc(64 * 1024));
    expect(settled).toBe(0);
    const outcomes = await Promise.all(lookups);
    for (const e of outcomes) {
      expect(e).toBeInstanceOf(Error);
      expect((e as { code: string }).code).toBe('EAI_AGAIN');
    }
    // Each name: A and AAAA, two tries each, no more.
    for (const n of names) expect(hung.queries.filter((q) => q === n).length).toBeLessThanOrEqual(4);
  });

  it('costs one scan, not the service: a scan of a stalled name fails while a scan next to it completes', async () => {
    configureResolver({ servers: [hung.address], timeoutMs: 300, tries: 1, hostsFile: join(dir, 'none') });
    const stalled = scan('http://stalled.dns-test.dev/', { blockPrivateNetwork: true, deadlineMs: 20_000 }).then(
      (r) => ({ ok: true as const, r }),
      (e: Error) => ({ ok: false as const, e }),
    );
    const healthy = await scan(site.origin, { blockPrivateNetwork: true, allowedHosts: ['127.0.0.1'], deadlineMs: 20_000, only: ['D1'] });
    expect(healthy.url).toBe(`${site.origin}/`);
    const outcome = await stalled;
    expect(outcome.ok).toBe(false);
    expect(outcome.ok === false && outcome.e.message).toMatch(/DNS lookup for stalled\.dns-test\.dev failed/);
  });

  it(`resolves at most ${MAX_HOSTS_PER_CLIENT} distinct host names per client (scan)`, async () => {
    configureResolver({ servers: [nx.address], timeoutMs: 1000, tries: 1, hostsFile: join(dir, 'none') });
    const http = new HttpClient({ blockPrivateNetwork: true, timeoutMs: 5000 });
    const results: Awaited<ReturnType<HttpClient['fetch']>>[] = [];
    for (let i = 0; i < MAX_HOSTS_PER_CLIENT + 8; i++) results.push(await http.fetch(`http://h${i}.example.com/`));
    expect(results.slice(0, MAX_HOSTS_PER_CLIENT).every((r) => r.error?.code === 'dns')).toBe(true);
    for (const r of results.slice(MAX_HOSTS_PER_CLIENT)) {
      expect(r.error?.code).toBe('host-limit');
      expect(r.error?.message).toContain(`at most ${MAX_HOSTS_PER_CLIENT} distinct host names`);
    }
    const asked = new Set(nx.queries);
    expect(asked.has(`h${MAX_HOSTS_PER_CLIENT - 1}.example.com`)).toBe(true);
    expect(asked.has(`h${MAX_HOSTS_PER_CLIENT}.example.com`)).toBe(false);
    // A host already contacted stays reachable.
    expect((await http.fetch('http://h0.example.com/again')).error?.code).toBe('dns');
  });

  it('keeps localhost, IP literals and the hosts file, and the guard still classifies their answers', async () => {
    const hostsFile = join(dir, 'hosts');
    writeFileSync(hostsFile, '# test hosts\n127.0.0.1 intranet.test  alias.test\n10.1.2.3 private.test\n::1 six.test # comment\n');
    configureResolver({ servers: [nx.address], hostsFile });
    expect(await resolveHost('localhost')).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(await resolveHost('app.localhost')).toHaveLength(2);
    expect(await resolveHost('[::1]')).toEqual([{ address: '::1', family: 6 }]);
    expect(await resolveHost('203.0.113.9')).toEqual([{ address: '203.0.113.9', family: 4 }]);
    expect(await resolveHost('Alias.Test.')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await resolveHost('six.test')).toEqual([{ address: '::1', family: 6 }]);
    await expect(resolveHost('missing.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    // Through the guard: hosts-file answers are private, so refused, without DNS traffic.
    const before = nx.queries.length;
    const http = new HttpClient({ blockPrivateNetwork: true });
    const r = await http.fetch('http://private.test/');
    expect(r.error).toMatchObject({ code: 'blocked' });
    expect(r.error!.message).toContain('10.1.2.3');
    expect(nx.queries.length).toBe(before);
    // Unguarded (the CLI's default), localhost fixtures keep working through the system resolver.
    const local = await new HttpClient().fetch(`http://localhost:${new URL(site.origin).port}/`);
    expect(local.status).toBe(200);
  });
});

/**
 * The guard proxy's name resolution, against loopback DNS servers: it asks the engine's resolver
 * (the configured servers, a deadline per name; no hosts file, no search domains), counts a
 * request against the connection cap from the start of its lookup, looks up a bounded number of
 * names per scan, and its refusals name the rule, never the address a name resolved to. A page
 * that fetches hundreds of names that never resolve costs its own scan only: a healthy page
 * rendered right after renders as usual.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configureResolver } from '../../../src/core/net/resolver.js';
import { startGuardProxy, type GuardProxy } from '../../../src/core/render/guard-proxy.js';
import { RenderSession } from '../../../src/core/render/session.js';
import { scan } from '../../../src/core/scan.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { hasBrowser } from '../../helpers/browser.js';
import { tempDir } from '../../helpers/temp-dir.js';

let dns: TestDnsServer;
let site: FixtureSite;
let dir: string;
/** Names the loopback DNS server answers; every other name hangs. */
const ANSWERS = {
  'aiready-healthy.net': '127.0.0.1',
  'aiready-hostile.net': '127.0.0.1',
  'aiready-inhosts.net': '127.0.0.1',
  'aiready-internal.net': '10.1.2.3',
};

const healthyHtml = '<!doctype html><title>ok</title><main><h1>Flights</h1><p id="t">static</p></main><script>t.textContent = "rendered text"</script>';

beforeAll(async () => {
  dns = await startDnsServer('hang', ANSWERS);
  dir = tempDir('ai-ready-dns-');
  site = await startFixture({
    '/': { headers: { 'content-type': 'text/html' }, body: healthyHtml },
    // Hundreds of names whose DNS never answers, fetched at once (fetch, images, scripts).
    '/flood': {
      headers: { 'content-type': 'text/html' },
      body: `<!doctype html><title>flood</title><p>flood</p><script>
        for (let i = 0; i < 300; i++) {
          fetch('http://n' + i + '.stall.example/x').catch(() => {});
          const img = new Image(); img.src = 'http://i' + i + '.stall.example/x.png';
        }
      </script>`,
    },
    '/internal': {
      headers: { 'content-type': 'text/html' },
      body: '<!doctype html><title>i</title><p>x</p><script>fetch("http://aiready-internal.net/secret").catch(() => {})</script>',
    },
  });
});

afterEach(() => configureResolver({}));

afterAll(async () => {
  await dns.close();
  await site.close();
});

/** Points the engine's resolver at the loopback DNS server (and a hosts file of our own). */
function useLoopbackDns(hosts = join(dir, 'no-hosts')): void {
  configureResolver({ servers: [dns.address], timeoutMs: 500, tries: 2, deadlineMs: 2_000, hostsFile: hosts });
}

const get = (proxy: GuardProxy, url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const [host, port] = proxy.address.split(':');
    http
      .get({ host, port: Number(port), path: url, headers: { host: new URL(url).host }, agent: false }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

const connect = (proxy: GuardProxy, target: string) =>
  new Promise<string>((resolve) => {
    const [host, port] = proxy.address.split(':');
    const s = net.connect(Number(port), host, () => s.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`));
    let data = '';
    s.on('data', (d) => {
      data += d;
      if (data.includes('\r\n\r\n')) s.destroy();
    });
    s.on('close', () => resolve(data));
    s.on('error', () => resolve(data));
  });

describe('the guard proxy resolves through the engine resolver', () => {
  it('asks the configured name server, never the hosts file', async () => {
    // The hosts file maps the name to loopback; the proxy must not read it (DNS only).
    const hosts = join(dir, 'hosts');
    writeFileSync(hosts, '127.0.0.1 hostsonly.example\n');
    useLoopbackDns(hosts);
    const proxy = await startGuardProxy({ blockPrivateNetwork: true, allowedHosts: ['aiready-healthy.net', 'hostsonly.example'] });
    try {
      const before = dns.queries.length;
      const ok = await get(proxy, `http://aiready-healthy.net:${site.port}/`);
      expect(ok.status).toBe(200);
      expect(ok.body).toContain('static');
      const refused = await get(proxy, `http://hostsonly.example:${site.port}/`);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatch(/DNS lookup failed/);
      const asked = dns.queries.slice(before);
      expect(asked).toContain('aiready-healthy.net');
      expect(asked).toContain('hostsonly.example');
      // No search domain was appended to any name.
      expect(asked.every((q) => q === 'aiready-healthy.net' || q === 'hostsonly.example')).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('with the guard off (the CLI, your own machine), the hosts file still counts', async () => {
    const hosts = join(dir, 'hosts-cli');
    writeFileSync(hosts, '127.0.0.1 hostsonly.example\n');
    useLoopbackDns(hosts);
    const proxy = await startGuardProxy({ blockPrivateNetwork: false });
    try {
      expect((await get(proxy, `http://hostsonly.example:${site.port}/`)).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('counts a request against the connection cap from the start of its lookup', async () => {
    useLoopbackDns();
    const proxy = await startGuardProxy({ maxOpen: 4 });
    try {
      const hung = Array.from({ length: 4 }, (_, i) => connect(proxy, `held${i}.stall.example:443`));
      // The four lookups hang; a fifth request is refused at once instead of queueing a fifth lookup.
      await expect.poll(() => dns.queries.filter((q) => q.startsWith('held')).length).toBeGreaterThanOrEqual(4);
      const fifth = await connect(proxy, 'fifth.stall.example:443');
      expect(fifth).toMatch(/^HTTP\/1\.1 429/);
      expect(fifth).toContain('more than 4 connections at once');
      expect(dns.queries).not.toContain('fifth.stall.example');
      for (const answer of await Promise.all(hung)) expect(answer).toMatch(/^HTTP\/1\.1 403[\s\S]*DNS lookup failed/);
      // Once the lookups gave up (their deadline), the slots are free again.
      expect(await connect(proxy, `aiready-healthy.net:${site.port}`)).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      await proxy.close();
    }
  });

  it('looks up a bounded number of distinct names per scan, each once', async () => {
    useLoopbackDns();
    const proxy = await startGuardProxy({ maxNames: 3 });
    try {
      const answers = await Promise.all(['a', 'b', 'c', 'd', 'e', 'a'].map((n) => connect(proxy, `${n}.cap.example:443`)));
      expect(answers.filter((a) => a.includes('looked up more than 3 host names'))).toHaveLength(2);
      expect(proxy.stats.names).toBe(3);
      const asked = new Set(dns.queries.filter((q) => q.endsWith('.cap.example')));
      expect([...asked].sort()).toEqual(['a.cap.example', 'b.cap.example', 'c.cap.example']);
      // A and AAAA per name, two tries at most: the repeated name was not looked up again.
      expect(dns.queries.filter((q) => q === 'a.cap.example').length).toBeLessThanOrEqual(4);
    } finally {
      await proxy.close();
    }
  });

  it('a refusal names the rule, never the internal address the name resolved to', async () => {
    useLoopbackDns();
    const proxy = await startGuardProxy({ blockPrivateNetwork: true });
    try {
      const r = await get(proxy, 'http://aiready-internal.net/secret');
      expect(r.status).toBe(403);
      expect(r.body).toContain('private-network guard');
      expect(r.body).not.toContain('10.1.2.3');
      const answer = await connect(proxy, 'aiready-internal.net:443');
      expect(answer).toMatch(/^HTTP\/1\.1 403/);
      expect(answer).not.toContain('10.1.2.3');
      expect(JSON.stringify(proxy.stats.refused)).not.toContain('10.1.2.3');
      expect(proxy.stats.refused[0]).toEqual({
        host: 'aiready-internal.net',
        reason: expect.stringMatching(/resolves to a private address, refused by the private-network guard/),
      });
    } finally {
      await proxy.close();
    }
  });
});

describe.skipIf(!hasBrowser)('a page flooding the resolver costs its own scan only', () => {
  it('after a page that fetches hundreds of names that never resolve, a healthy page renders as usual', async () => {
    useLoopbackDns();
    // Only this page's names: an earlier test's held*.stall.example lookups are on the same server.
    const before = dns.queries.length;
    const hostile = await RenderSession.open({ blockPrivateNetwork: true, allowedHosts: ['aiready-hostile.net'], pageTimeoutMs: 6_000 });
    try {
      // Its own render may well time out (its images hold the load event): that is its scan's cost.
      await hostile.render(`http://aiready-hostile.net:${site.port}/flood`);
    } finally {
      await hostile.close();
    }
    // The hostile names went to the configured server, at most the per-scan bound of them.
    const stalled = new Set(dns.queries.slice(before).filter((q) => q.endsWith('.stall.example')));
    expect(stalled.size).toBeGreaterThan(10);
    expect(stalled.size).toBeLessThanOrEqual(100);
    expect(hostile.traffic.names).toBeLessThanOrEqual(100);
    // Right after (the hostile lookups may still be pending in c-ares): a healthy scan's page.
    // A generous budget (a loaded CI machine): before, its one lookup queued behind the hostile ones for minutes.
    const healthy = await RenderSession.open({ blockPrivateNetwork: true, allowedHosts: ['aiready-healthy.net'], pageTimeoutMs: 30_000 });
    try {
      const page = await healthy.render(`http://aiready-healthy.net:${site.port}/`);
      expect(page.error).toBeUndefined();
      expect(page.html).toContain('rendered text');
    } finally {
      await healthy.close();
    }
  }, 90_000);

  it('the report warns of a refused internal name by its rule, without its address', async () => {
    useLoopbackDns();
    // The site by its loopback literal (the scan's own client resolves allowed names with the system resolver).
    const r = await scan(`http://127.0.0.1:${site.port}/internal`, {
      render: true,
      pages: 1,
      blockPrivateNetwork: true,
      allowedHosts: ['127.0.0.1'],
      only: ['A7'],
    });
    const warning = (r.warnings ?? []).find((w) => w.includes('guard refused'));
    expect(warning).toContain('aiready-internal.net (the name resolves to a private address, refused by the private-network guard');
    expect(JSON.stringify(r)).not.toContain('10.1.2.3');
  }, 60_000);
});

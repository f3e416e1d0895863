/**
 * The rendering browser as a local attacker and a hostile page see it: DevTools over a pipe (no
 * port, no DevToolsActivePort), never root without its sandbox (as root it runs as an
 * unprivileged user), no traffic of its own (the loopback DNS server hears only the scanned
 * site's name), a renderer that grows past the memory cap killed with the scan going on, and
 * every page that could not be rendered named in the report's warnings.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { hasBrowser } from '../../helpers/browser.js';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server.js';
import { commandLine, listeningInodes, processTree, processUid, socketInodes } from '../../helpers/proc.js';
import { configureResolver } from '../../../src/core/net/resolver.js';
import { RenderSession } from '../../../src/core/render/session.js';
import { browserIdentity, RootBrowserError } from '../../../src/core/render/browser.js';
import { scan } from '../../../src/core/scan.js';

describe('who the browser runs as', () => {
  it('not root: itself, sandbox on', () => {
    expect(browserIdentity({}, 1000)).toEqual({ kind: 'self', noSandbox: false });
  });
  it('root: an unprivileged user (nobody by default, AI_READY_BROWSER_USER otherwise), never uid 0', () => {
    const id = browserIdentity({ PATH: '/usr/bin:/bin' }, 0);
    if (id.kind === 'user') {
      expect(id.uid).not.toBe(0);
      expect(id.noSandbox).toBe(false);
    } else expect.unreachable(`expected a user, got ${id.kind}`);
    expect(() => browserIdentity({ AI_READY_BROWSER_USER: 'root' }, 0)).toThrow(RootBrowserError);
  });
  it('root without a user to drop to: refused, naming the ways out; the container opt-in runs it without its sandbox', () => {
    const env = { AI_READY_BROWSER_USER: 'no-such-user-ai-ready' };
    expect(() => browserIdentity(env, 0)).toThrow(/AI_READY_BROWSER_USER=<user>[\s\S]*AI_READY_CHROME_NO_SANDBOX=1/);
    expect(browserIdentity({ ...env, AI_READY_CHROME_NO_SANDBOX: '1' }, 0)).toEqual({ kind: 'root-no-sandbox' });
  });
});

describe.skipIf(!hasBrowser || process.platform !== 'linux')('the rendering browser', () => {
  let site: FixtureSite;
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startDnsServer('nxdomain', { 'aiready-shop.net': '127.0.0.1' });
    site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>t</title><p id="x">static</p><script>x.textContent = "rendered"</script>' },
      // Forms Chromium's Autofill would ask its server about (address, sign-in, payment).
      '/forms': {
        headers: { 'content-type': 'text/html' },
        body: `<!doctype html><title>checkout</title><main><h1>Checkout</h1>
          <form action="/order" method="post">
            <label>Name <input name="name" autocomplete="name"></label>
            <label>Street <input name="street" autocomplete="street-address"></label>
            <label>City <input name="city" autocomplete="address-level2"></label>
            <label>Postal code <input name="zip" autocomplete="postal-code"></label>
            <label>Email <input name="email" type="email" autocomplete="email"></label>
            <label>Card <input name="cc" autocomplete="cc-number"></label>
            <button>Pay</button>
          </form>
          <form action="/login" method="post"><input name="user" autocomplete="username"><input type="password" name="pw" autocomplete="current-password"><button>Sign in</button></form></main>`,
      },
      // Typed arrays live outside V8's heap: the heap cap alone never stops this. A slow image
      // holds the load event, so the page is still being rendered while it grows.
      '/slow.png': (_req: IncomingMessage, res: ServerResponse) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            if (!res.destroyed) {
              res.writeHead(204);
              res.end();
            }
            resolve();
          }, 8_000),
        ),
      '/grow': {
        headers: { 'content-type': 'text/html' },
        body: `<!doctype html><title>grow</title><p>grow</p><img src="/slow.png" alt=""><script>
          const keep = [];
          (async () => { for (let i = 0; i < 40; i++) { const a = new Uint8Array(64 * 1024 * 1024); a.fill(1); keep.push(a); await new Promise((r) => setTimeout(r, 20)); } })();
        </script>`,
      },
      '/spin': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>s</title><p>spin</p><script>for (;;) {}</script>' },
    });
  });
  afterEach(() => configureResolver({}));
  afterAll(async () => {
    await site?.close();
    await dns?.close();
  });

  it('has no DevTools port while it renders, and never runs as root without its sandbox', async () => {
    const session = await RenderSession.open({});
    try {
      const rendering = session.render(`${site.origin}/`);
      const pids = processTree(session.browserPid!);
      const listening = listeningInodes();
      const cmdlines = pids.map(commandLine);
      expect(cmdlines[0]).toContain('--remote-debugging-pipe');
      for (const args of cmdlines) expect(args.some((a) => a.startsWith('--remote-debugging-port'))).toBe(false);
      for (const pid of pids)
        expect(
          socketInodes(pid).filter((i) => listening.has(i)),
          `pid ${pid} listens`,
        ).toEqual([]);
      const profile = cmdlines[0].find((a) => a.startsWith('--user-data-dir='))!.slice('--user-data-dir='.length);
      expect(existsSync(join(profile, 'DevToolsActivePort'))).toBe(false);
      if (process.getuid?.() === 0) {
        const uids = pids.map(processUid).filter(Boolean);
        expect(uids.length).toBeGreaterThan(0);
        expect(uids).not.toContain('0');
        if (process.env.AI_READY_CHROME_NO_SANDBOX !== '1') expect(cmdlines[0]).not.toContain('--no-sandbox');
      }
      expect((await rendering).html).toContain('rendered');
    } finally {
      await session.close();
    }
  }, 60_000);

  it("sends nothing of its own: the DNS server hears only the scanned site's name", async () => {
    configureResolver({ servers: [dns.address], timeoutMs: 500, tries: 2 });
    const before = dns.queries.length;
    const session = await RenderSession.open({ blockPrivateNetwork: true, allowedHosts: ['aiready-shop.net'] });
    try {
      const page = await session.render(`http://aiready-shop.net:${site.port}/forms`);
      expect(page.error).toBeUndefined();
      expect(page.html).toContain('Checkout');
      // Autofill asks its server once the forms are parsed: leave it the time to.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(session.traffic.hosts).toEqual(['aiready-shop.net']);
      expect(session.traffic.refused).toEqual([]);
    } finally {
      await session.close();
    }
    expect([...new Set(dns.queries.slice(before))]).toEqual(['aiready-shop.net']);
  }, 60_000);

  it('kills a renderer that grows past the memory cap; the scan ends with a warning naming the page', async () => {
    const r = await scan(`${site.origin}/grow`, { render: true, pages: 1, only: ['A11', 'A7'] });
    const warning = (r.warnings ?? []).find((w) => w.includes('could not be rendered'));
    expect(warning).toContain(`${site.origin}/grow`);
    expect(warning).toMatch(/renderer was stopped at \d+ MB, above the 512 MB a renderer may use/);
    const a11 = r.checks.find((c) => c.id === 'A11')!;
    expect(a11.code).toBe('A11/unmeasured');
  }, 60_000);

  it('a page that cannot be rendered in time leaves a report warning', async () => {
    const r = await scan(`${site.origin}/spin`, { render: true, pages: 1, deadlineMs: 5_000, only: ['A11'] });
    expect((r.warnings ?? []).some((w) => w.startsWith(`The page ${site.origin}/spin could not be rendered (`))).toBe(true);
  }, 60_000);
});

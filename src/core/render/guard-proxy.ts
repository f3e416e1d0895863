/**
 * The browser's only way out: an in-process forward proxy (plain HTTP and CONNECT) that applies
 * the engine's private-network guard to every request a rendered page makes. Each host is
 * resolved here, every address classified, and the connection goes to the very address that was
 * checked (no second lookup a DNS rebinding could answer differently). Redirects are new requests
 * from the browser, so each hop is checked again. The browser context is given this proxy with
 * `<-loopback>` in its bypass list, so loopback goes through it too.
 *
 * Names are resolved by the engine's own resolver (core/net/resolver.ts: c-ares on the event loop,
 * a deadline per name, the configured name servers; no search domains, no hosts file, no mDNS),
 * never by getaddrinfo, whose lookups hold libuv's shared threads without a deadline: a page full
 * of names that never resolve costs its own scan, not the other scans' lookups.
 *
 * Caps bound what one hostile page can cost: connections at once (a request counts from the
 * moment its lookup starts), requests, distinct names looked up and bytes per scan.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { isIP, type Socket } from 'node:net';
import { bareHost, classifyAddress } from '../net/address-guard.js';
import { resolveHost, type ResolvedAddress } from '../net/resolver.js';

export interface GuardProxyOptions {
  /** Refuse private, loopback, link-local... addresses (the server's setting). */
  blockPrivateNetwork?: boolean;
  /** Host names exempt from the guard (as the HTTP client's allowedHosts). */
  allowedHosts?: string[];
  /** Requests (plain and CONNECT) one scan's pages may make. */
  maxRequests?: number;
  /** Bytes in both directions one scan's pages may move. */
  maxBytes?: number;
  /** Connections open at once, each counted from the start of its lookup. */
  maxOpen?: number;
  /** Distinct host names one scan's pages may have looked up. */
  maxNames?: number;
}

export interface GuardProxy {
  /** host:port of the proxy, for Chromium's proxy settings. */
  readonly address: string;
  readonly stats: {
    requests: number;
    bytes: number;
    /** Distinct host names looked up (each once per scan). */
    names: number;
    /** Host names the pages asked for (at most 200 kept). */
    hosts: string[];
    refused: Array<{ host: string; reason: string }>;
  };
  close(): Promise<void>;
}

export const PROXY_DEFAULTS = { maxRequests: 600, maxBytes: 64 * 1024 * 1024, maxOpen: 48, maxNames: 100 };

class Refused extends Error {}

/**
 * The rule a refused address broke, in words. The address itself is never named: a report (a
 * public one, often) must not tell the world what an internal name resolves to.
 */
function privateRule(cls: string): string {
  return `a ${cls} address, refused by the private-network guard (private networks are not scanned)`;
}

/** Checks a host's addresses and returns the one to connect to, or throws Refused with the rule. */
function pinnedAddress(host: string, addresses: ResolvedAddress[], guarded: boolean): ResolvedAddress {
  if (!addresses.length) throw new Refused('no address');
  if (guarded) {
    for (const a of addresses) {
      const cls = classifyAddress(a.address);
      if (cls !== 'public') throw new Refused(isIP(bareHost(host)) ? privateRule(cls) : `the name resolves to ${privateRule(cls)}`);
    }
  }
  return addresses[0];
}

export async function startGuardProxy(opts: GuardProxyOptions = {}): Promise<GuardProxy> {
  const allowed = new Set((opts.allowedHosts ?? []).map(bareHost));
  const maxRequests = opts.maxRequests ?? PROXY_DEFAULTS.maxRequests;
  const maxBytes = opts.maxBytes ?? PROXY_DEFAULTS.maxBytes;
  const maxOpen = opts.maxOpen ?? PROXY_DEFAULTS.maxOpen;
  const maxNames = opts.maxNames ?? PROXY_DEFAULTS.maxNames;
  const stats: GuardProxy['stats'] = { requests: 0, bytes: 0, names: 0, hosts: [], refused: [] };
  const sockets = new Set<Socket>();
  let open = 0;
  /** One lookup per name and scan, shared by every request for it (answers are pinned per connection anyway). */
  const lookups = new Map<string, Promise<ResolvedAddress[]>>();
  const resolve = (host: string): Promise<ResolvedAddress[]> => {
    const bare = bareHost(host).toLowerCase();
    if (stats.hosts.length < 200 && !stats.hosts.includes(bare)) stats.hosts.push(bare);
    const known = lookups.get(bare);
    if (known) return known;
    if (!isIP(bare)) {
      if (stats.names >= maxNames) return Promise.reject(new Refused(`the pages looked up more than ${maxNames} host names`));
      stats.names++;
    }
    // With the guard on (the service), DNS only: the server's own /etc/hosts is none of a page's
    // business. Off (the CLI on your own machine), your hosts file counts, as for the HTTP client.
    const p = resolveHost(bare, { hostsFile: !opts.blockPrivateNetwork }).catch((e: { dnsCode?: string; code?: string }) => {
      throw new Refused(`DNS lookup failed (${e.dnsCode || e.code || 'error'})`);
    });
    lookups.set(bare, p);
    return p;
  };
  /** The address to dial for a host: resolved, every address checked; throws Refused. */
  const dialable = async (host: string) => pinnedAddress(host, await resolve(host), guarded(host));

  const guarded = (host: string) => !!opts.blockPrivateNetwork && !allowed.has(bareHost(host));
  const refuse = (host: string, reason: string) => {
    if (stats.refused.length < 50) stats.refused.push({ host: host.slice(0, 200), reason });
  };
  /** Admits one more request, or says why not. */
  const admit = (): string | null => {
    if (stats.requests >= maxRequests) return `the page made more than ${maxRequests} requests`;
    if (stats.bytes >= maxBytes) return `the page moved more than ${maxBytes} bytes`;
    if (open >= maxOpen) return `more than ${maxOpen} connections at once`;
    stats.requests++;
    // Counted from here, its lookup included: names that never resolve hold the page's slots, no one else's.
    open++;
    return null;
  };
  /** Counts the bytes a socket receives and cuts it at the scan's byte cap. */
  const meter = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('data', (chunk: Buffer) => {
      stats.bytes += chunk.length;
      if (stats.bytes > maxBytes) s.destroy();
    });
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const fail = (status: number, why: string) => {
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain', connection: 'close' });
      res.end(`ai-ready guard: ${why}\n`);
    };
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      return fail(400, 'not a proxy request');
    }
    if (target.protocol !== 'http:') return fail(400, `${target.protocol} is not fetched`);
    const over = admit();
    if (over) {
      refuse(target.host, over);
      return fail(429, over);
    }
    let pinned: ResolvedAddress;
    try {
      pinned = await dialable(target.hostname);
    } catch (e) {
      open--;
      refuse(target.host, (e as Error).message);
      return fail(403, (e as Error).message);
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    delete headers['proxy-authorization'];
    let upstream: http.ClientRequest;
    try {
      upstream = http.request(
        {
          host: pinned.address,
          family: pinned.family,
          port: target.port || 80,
          method: req.method,
          path: `${target.pathname}${target.search}`,
          headers: { ...headers, host: target.host },
          // The checked address is the one dialled: no second lookup.
          agent: false,
          lookup: (_h, _o, cb) => (cb as (e: null, a: string, f: number) => void)(null, pinned.address, pinned.family),
          timeout: 30_000,
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          // Cut short (the byte cap, a reset): the browser must see a broken response, not a hang.
          up.on('close', () => {
            if (!up.complete) res.destroy();
          });
          up.pipe(res);
        },
      );
    } catch {
      open--;
      return fail(400, 'a request the proxy cannot forward');
    }
    upstream.on('socket', meter);
    upstream.on('timeout', () => upstream.destroy());
    upstream.on('error', () => fail(502, 'upstream error'));
    upstream.on('close', () => open--);
    req.pipe(upstream);
  };

  const onConnect = async (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => {});
    const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(req.url ?? '');
    const host = m?.[1] ?? '';
    const port = Number(m?.[2]);
    const deny = (status: string, why: string) => {
      refuse(host || String(req.url).slice(0, 100), why);
      client.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nai-ready guard: ${why}\n`);
    };
    if (!host || !(port > 0 && port < 65536)) return deny('400 Bad Request', 'not host:port');
    const over = admit();
    if (over) return deny('429 Too Many Requests', over);
    let pinned: ResolvedAddress;
    try {
      pinned = await dialable(host);
    } catch (e) {
      open--;
      return deny('403 Forbidden', (e as Error).message);
    }
    const upstream = net.connect({ host: pinned.address, port, family: pinned.family });
    meter(upstream);
    upstream.setTimeout(30_000, () => upstream.destroy());
    upstream.once('close', () => {
      open--;
      client.destroy();
    });
    client.once('close', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  };

  const server = http.createServer((req, res) => void onRequest(req, res).catch(() => res.destroy()));
  server.on('connect', (req, socket, head) => void onConnect(req, socket as Socket, head).catch(() => socket.destroy()));
  // What the browser sends is metered on its sockets, what comes back on the upstream ones.
  server.on('connection', meter);
  server.on('clientError', (_e, s) => s.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

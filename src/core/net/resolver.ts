/**
 * Name resolution of the private-network guard, off libuv's thread pool. `dns.lookup` runs
 * getaddrinfo on the pool's four threads and cannot be cancelled: a scan chaining redirects
 * across slow-resolving names could hold every thread, stalling file, zlib and crypto work for
 * every caller. c-ares (`dns.Resolver`) queries on the event loop instead, with a per-query
 * timeout and a bounded number of tries, so a hung resolver costs the scan that asked, nothing
 * else.
 *
 * What getaddrinfo did besides DNS is kept: IP literals resolve to themselves, `localhost` and
 * `*.localhost` to loopback (RFC 6761), and names in the hosts file to its addresses. The guard
 * then classifies every answer (address-guard.ts), so the hosts file cannot open a way in.
 * Unguarded fetches (the CLI's default) keep the system resolver.
 */
import { Resolver } from 'node:dns/promises';
import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { bareHost } from './address-guard.js';

/**
 * First-try timeout and tries per query (c-ares doubles the timeout on each retry: 1 s + 2 s),
 * and the deadline of one resolution whatever the server does: a hung server costs a scan at
 * most DNS_DEADLINE_MS per name.
 */
export const DNS_TIMEOUT_MS = 1000;
export const DNS_TRIES = 2;
export const DNS_DEADLINE_MS = 4000;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface ResolverSettings {
  /** Name servers (`ip` or `ip:port`); default: the system's (resolv.conf), or $AI_READY_DNS_SERVERS. */
  servers?: string[];
  timeoutMs?: number;
  tries?: number;
  /** Hosts file to honour (default /etc/hosts; Windows' own path elsewhere). */
  hostsFile?: string;
  deadlineMs?: number;
}

let settings: ResolverSettings = {};
let resolver: Resolver | null = null;

/** Replaces the resolver's settings (tests point it at a loopback server; operators use $AI_READY_DNS_SERVERS). */
export function configureResolver(next: ResolverSettings): void {
  resolver?.cancel();
  settings = next;
  resolver = null;
  hosts = null;
}

function current(): Resolver {
  if (resolver) return resolver;
  const r = new Resolver({ timeout: settings.timeoutMs ?? DNS_TIMEOUT_MS, tries: settings.tries ?? DNS_TRIES });
  const servers = settings.servers ?? envServers();
  if (servers.length) r.setServers(servers);
  return (resolver = r);
}

function envServers(): string[] {
  return (process.env.AI_READY_DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

let hosts: { file: string; mtimeMs: number; checkedAt: number; map: Map<string, ResolvedAddress[]> } | null = null;

function hostsFile(): string {
  if (settings.hostsFile) return settings.hostsFile;
  return process.platform === 'win32' ? `${process.env.SystemRoot ?? 'C:\\Windows'}\\System32\\drivers\\etc\\hosts` : '/etc/hosts';
}

/** The hosts file as a map, re-read when it changes (checked at most every 10 s). */
function hostsEntries(): Map<string, ResolvedAddress[]> {
  const file = hostsFile();
  const now = Date.now();
  if (hosts && hosts.file === file && now - hosts.checkedAt < 10_000) return hosts.map;
  let mtimeMs = -1;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    // No hosts file: DNS only.
  }
  if (hosts && hosts.file === file && hosts.mtimeMs === mtimeMs) {
    hosts.checkedAt = now;
    return hosts.map;
  }
  const map = new Map<string, ResolvedAddress[]>();
  if (mtimeMs >= 0) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8').slice(0, 1 << 20);
    } catch {
      // Unreadable: DNS only.
    }
    for (const line of text.split('\n')) {
      const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
      const family = isIP(address ?? '');
      if (!family) continue;
      for (const n of names) {
        const key = n.toLowerCase();
        const list = map.get(key) ?? [];
        if (!list.some((a) => a.address === address)) list.push({ address, family: family as 4 | 6 });
        map.set(key, list);
      }
    }
  }
  hosts = { file, mtimeMs, checkedAt: now, map };
  return map;
}

/** A resolution failure with the codes the HTTP client already knows (ENOTFOUND, EAI_AGAIN). */
function dnsError(host: string, cause: unknown): Error {
  const code = (cause as { code?: string })?.code ?? '';
  const notFound = code === 'ENOTFOUND' || code === 'ENODATA' || code === 'ENONAME' || code === 'EBADNAME';
  const err = new Error(`DNS lookup for ${host} failed (${code || 'error'})`) as Error & { code: string; dnsCode: string };
  err.code = notFound ? 'ENOTFOUND' : 'EAI_AGAIN';
  err.dnsCode = code;
  return err;
}

/**
 * Every address of a host name: literal, localhost, hosts file, then A and AAAA through c-ares.
 * `hostsFile: false` skips the hosts file (the guard proxy of a rendering scan: DNS only).
 */
export async function resolveHost(hostname: string, opts: { hostsFile?: boolean } = {}): Promise<ResolvedAddress[]> {
  const host = bareHost(hostname).replace(/\.$/, '');
  const family = isIP(host);
  if (family) return [{ address: host, family: family as 4 | 6 }];
  if (host === 'localhost' || host.endsWith('.localhost'))
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
  const fromHosts = opts.hostsFile === false ? undefined : hostsEntries().get(host);
  if (fromHosts?.length) return fromHosts;
  const r = current();
  // The queries go on in c-ares past the deadline (cheap: no thread), but nobody waits for them.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('deadline'), { code: 'ETIMEOUT' })), settings.deadlineMs ?? DNS_DEADLINE_MS);
    timer.unref();
  });
  const within = <T>(p: Promise<T>) => Promise.race([p, deadline]);
  const [v4, v6] = await Promise.allSettled([within(r.resolve4(host)), within(r.resolve6(host))]).finally(() => clearTimeout(timer));
  const out: ResolvedAddress[] = [];
  if (v4.status === 'fulfilled') for (const address of v4.value) out.push({ address, family: 4 });
  if (v6.status === 'fulfilled') for (const address of v6.value) out.push({ address, family: 6 });
  if (out.length) return out;
  throw dnsError(host, v4.status === 'rejected' ? v4.reason : v6.status === 'rejected' ? v6.reason : { code: 'ENODATA' });
}

/**
 * The private-network guard's address classifier. The server scans URLs strangers send, so
 * anything that is not a public unicast address is refused: loopback, private, link-local
 * (cloud metadata lives there), CGNAT, multicast, reserved and documentation ranges, in IPv4
 * and IPv6, including IPv4 embedded in IPv6 (mapped, translated, compatible, NAT64, 6to4);
 * the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215) is private as a whole.
 */
import { BlockList, isIP } from 'node:net';

/**
 * What a refusal to scan a private address adds (issue 31.6): the service and the queue worker
 * refuse them by default; their operator can allow them, and the `scan` command never refuses.
 */
export const PRIVATE_NETWORK_HINT =
  'private networks are not scanned here (start `ai-ready serve` or `ai-ready worker` with --allow-private-network to scan them; `ai-ready scan` always does)';

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'invalid';

const v4Rules: Array<[string, number, AddressClass]> = [
  ['169.254.169.254', 32, 'metadata'],
  ['100.100.100.200', 32, 'metadata'], // Alibaba Cloud
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const v6Rules: Array<[string, number, AddressClass]> = [
  ['fd00:ec2::254', 128, 'metadata'], // AWS IMDS over IPv6
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'reserved'],
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'], // RFC 9637
  ['5f00::', 16, 'reserved'], // SRv6 segment identifiers (RFC 9602): not globally routed
  ['64:ff9b:1::', 48, 'private'], // local-use NAT64 (RFC 8215): translates into private networks
  ['fc00::', 7, 'private'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'],
  ['ff00::', 8, 'multicast'],
];

const lists = new Map<AddressClass, { v4: BlockList; v6: BlockList }>();
for (const [net, prefix, cls] of v4Rules) listFor(cls).v4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix, cls] of v6Rules) listFor(cls).v6.addSubnet(net, prefix, 'ipv6');

function listFor(cls: AddressClass): { v4: BlockList; v6: BlockList } {
  let l = lists.get(cls);
  if (!l) lists.set(cls, (l = { v4: new BlockList(), v6: new BlockList() }));
  return l;
}

/** Expands an IPv6 text form into its eight 16-bit groups. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const o = tail[1].split('.').map(Number);
    text = text.slice(0, -tail[1].length) + `${((o[0] << 8) | o[1]).toString(16)}:${((o[2] << 8) | o[3]).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const h = head ? head.split(':') : [];
  const r = rest !== undefined ? (rest ? rest.split(':') : []) : null;
  const groups = r === null ? h : [...h, ...Array(8 - h.length - r.length).fill('0'), ...r];
  if (groups.length !== 8) return null;
  return groups.map((g) => parseInt(g, 16));
}

function v4FromGroups(hi: number, lo: number): string {
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64 well-known, 6to4), if any. */
export function embeddedIPv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(5) && g[5] === 0xffff) return v4FromGroups(g[6], g[7]); // ::ffff:a.b.c.d
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return v4FromGroups(g[6], g[7]); // ::ffff:0:a.b.c.d (IPv4-translated, RFC 2765)
  if (zeros(6) && (g[6] !== 0 || g[7] > 1)) return v4FromGroups(g[6], g[7]); // ::a.b.c.d (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4FromGroups(g[6], g[7]);
  if (g[0] === 0x2002) return v4FromGroups(g[1], g[2]); // 6to4
  return null;
}

/** A host name as compared everywhere: lower case, IPv6 brackets removed. */
export function bareHost(host: string): string {
  return host.toLowerCase().replace(/^\[|\]$/g, '');
}

export function classifyAddress(address: string): AddressClass {
  const bare = bareHost(address);
  const family = isIP(bare);
  if (family === 0) return 'invalid';
  if (family === 4) {
    for (const [cls, l] of lists) if (l.v4.check(bare, 'ipv4')) return cls;
    return 'public';
  }
  const inner = embeddedIPv4(bare);
  if (inner) {
    const cls = classifyAddress(inner);
    if (cls !== 'public') return cls;
  }
  for (const [cls, l] of lists) if (l.v6.check(bare, 'ipv6')) return cls;
  return 'public';
}

export function isBlockedAddress(address: string): boolean {
  return classifyAddress(address) !== 'public';
}

/**
 * A URL on this machine (localhost, 127/8, ::1). Local development servers run plain http, so
 * checks that demand https accept http there (as OAuth 2.1 and RFC 8252 do for loopback).
 */
export function isLoopbackUrl(url: string | URL): boolean {
  let host: string;
  try {
    host = bareHost((typeof url === 'string' ? new URL(url) : url).hostname);
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || classifyAddress(host) === 'loopback';
}

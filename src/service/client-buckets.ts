/**
 * Layered per-caller buckets. An anonymous client is counted per IP (an IPv6 client per /64, the
 * block one host usually holds: server/request.ts rateBucket). A /64 is cheap, though: whoever
 * holds a /48 has 65,536 of them. So every IPv6 /64 bucket also counts toward its /48, which
 * gets NETWORK_SHARE times one client's share of each cap (rate, in-flight scans, daily storage):
 * a /48 holder gets at most that many clients' worth, and a /48 shared by a few people
 * (a small office, a household with several devices) is not squeezed into one client's share.
 */
export const NETWORK_SHARE = 4;

const SLASH64 = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/;

/** The /48 that an IPv6 /64 bucket (`2001:db8:1:2::/64`) belongs to (`2001:db8:1::/48`); undefined for any other bucket. */
export function networkBucket(client: string): string | undefined {
  const m = SLASH64.exec(client);
  return m ? `${m[1]}:${m[2]}:${m[3]}::/48` : undefined;
}

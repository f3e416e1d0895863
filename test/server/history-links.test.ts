/** The history key in addresses: a host with its port, as one path segment, and what /d/<host> accepts. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { domainBadgeUrl, domainPageUrl, isDomain } from '../../src/server/history-links.js';
import { domainOf } from '../../src/store/aggregates/reports.js';

describe('history addresses by host and port', () => {
  it('keeps the port (readable colon) and percent-encodes IPv6 brackets', () => {
    expect(domainPageUrl('https://s.dev', 'example.com')).toBe('https://s.dev/d/example.com');
    expect(domainPageUrl('', '127.0.0.1:8123')).toBe('/d/127.0.0.1:8123');
    expect(domainBadgeUrl('', '[::1]:8080')).toBe('/d/%5B::1%5D:8080/badge.svg');
  });

  it('accepts hosts with a port in range, refuses others', () => {
    for (const ok of ['example.com', '127.0.0.1:8123', '[::1]', '[::1]:8080', 'a.b:0', 'a.b:65535']) expect(isDomain(ok), ok).toBe(true);
    for (const bad of ['a.b:65536', 'a.b:', 'a.b:1:2', ':80', 'a b', 'a.b:123456', `${'a.'.repeat(127)}a:80`]) expect(isDomain(bad), bad).toBe(false);
  });

  it('every key the store computes is accepted by /d/<host>, and its link decodes back to it', () => {
    const url = fc
      .record({
        scheme: fc.constantFrom('http', 'https'),
        host: fc.oneof(
          fc.domain(),
          fc.ipV4(),
          fc.ipV6().map((a) => `[${a}]`),
        ),
        port: fc.option(fc.integer({ min: 0, max: 65535 })),
      })
      .map(({ scheme, host, port }) => `${scheme}://${host}${port === null ? '' : `:${port}`}/`);
    fc.assert(
      fc.property(url, (u) => {
        const key = domainOf(u);
        expect(isDomain(key)).toBe(true);
        const segment = domainPageUrl('', key).slice('/d/'.length);
        expect(decodeURIComponent(segment)).toBe(key);
        expect(segment).not.toContain('/');
      }),
      { numRuns: 200 },
    );
  });
});

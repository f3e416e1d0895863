import { describe, expect, it } from 'vitest';
import { normalizeTarget, isReservedHost } from '../../src/core/target.js';
import { ScanError } from '../../src/core/errors.js';

const fails = (input: string) => {
  try {
    normalizeTarget(input);
  } catch (e) {
    expect(e).toBeInstanceOf(ScanError);
    return (e as ScanError).code;
  }
  return 'accepted';
};

describe('target normalisation', () => {
  it('trims, adds https:// and drops the fragment', () => {
    expect(normalizeTarget('  acme.dev/docs#x ').href).toBe('https://acme.dev/docs');
    expect(normalizeTarget('localhost:3000').href).toBe('https://localhost:3000/');
    expect(normalizeTarget('http://127.0.0.1:8080').href).toBe('http://127.0.0.1:8080/');
  });
  it('refuses other schemes, credentials, empty and over-long input', () => {
    expect(fails('ftp://acme.dev')).toBe('invalid-url');
    expect(fails('javascript:alert(1)')).toBe('invalid-url');
    expect(fails('https://user:pw@acme.dev')).toBe('invalid-url');
    expect(fails('   ')).toBe('invalid-url');
    expect(fails(`https://acme.dev/${'a'.repeat(2040)}`)).toBe('invalid-url');
    expect(fails(`https://acme.dev/${'a'.repeat(2000)}`)).toBe('accepted');
    expect(fails('http://')).toBe('invalid-url');
  });
  it('refuses reserved documentation names (RFC 2606 / 6761)', () => {
    for (const h of ['example.com', 'www.example.org', 'a.b.example.net', 'site.example', 'foo.test', 'x.invalid', 'EXAMPLE.COM.']) {
      expect([h, isReservedHost(h)]).toEqual([h, true]);
      expect(fails(h)).toBe('invalid-url');
    }
    expect(isReservedHost('myexample.com')).toBe(false);
    expect(isReservedHost('example.company')).toBe(false);
  });

  it('refuses host names that cannot exist, before any lookup', () => {
    const long = Array(5).fill('a'.repeat(60)).join('.'); // 304 characters
    for (const u of ['https://ht!tp//x', 'https://a..b.com', 'https://.a.com', 'https://-a.com', 'https://a-.com', `https://${'a'.repeat(64)}.com`, `https://${long}`, 'https://a.b.123', 'https://x$y.com']) {
      expect([u, fails(u)]).toEqual([u, 'invalid-url']);
    }
    expect(() => normalizeTarget('https://ht!tp//x')).toThrow(/host name ht!tp has a label/);
  });
  it('accepts real host shapes: IDN (as punycode), IP literals, underscores, a trailing dot', () => {
    expect(normalizeTarget('https://bücher.de').hostname).toBe('xn--bcher-kva.de');
    for (const u of ['https://a_b.acme.dev', 'https://acme.dev.', 'http://[::1]:8080', 'http://127.0.0.1', 'localhost', `https://${'a'.repeat(63)}.com`, 'https://0x7f.1', 'https://x-1.y-2.io']) {
      expect([u, fails(u)]).toEqual([u, 'accepted']);
    }
  });
});

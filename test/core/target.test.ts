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
    for (const u of [
      'https://ht!tp//x',
      'https://a..b.com',
      'https://.a.com',
      'https://-a.com',
      'https://a-.com',
      `https://${'a'.repeat(64)}.com`,
      `https://${long}`,
      'https://a.b.123',
      'https://x$y.com',
    ]) {
      expect([u, fails(u)]).toEqual([u, 'invalid-url']);
    }
    expect(() => normalizeTarget('https://ht!tp//x')).toThrow(/host name ht!tp has a label/);
  });
  it('accepts real host shapes: IDN (as punycode), IP literals, underscores, a trailing dot', () => {
    expect(normalizeTarget('https://bücher.de').hostname).toBe('xn--bcher-kva.de');
    for (const u of [
      'https://a_b.acme.dev',
      'https://acme.dev.',
      'http://[::1]:8080',
      'http://127.0.0.1',
      'localhost',
      `https://${'a'.repeat(63)}.com`,
      'https://0x7f.1',
      'https://x-1.y-2.io',
    ]) {
      expect([u, fails(u)]).toEqual([u, 'accepted']);
    }
  });
});

describe('ScanTarget: normalised once, trusted by the engine', async () => {
  const { scanTarget, workerTarget, targetUrl, isScanTarget, inputHref } = await import('../../src/core/target.js');
  const code = (f: () => unknown) => {
    try {
      f();
      return 'accepted';
    } catch (e) {
      expect(e).toBeInstanceOf(ScanError);
      return (e as ScanError).code;
    }
  };

  it('scanTarget applies normalizeTarget once and hands out a frozen token the engine recognises', () => {
    const t = scanTarget('  Site.DEV/path#frag ');
    expect(t.href).toBe('https://site.dev/path');
    expect(Object.isFrozen(t)).toBe(true);
    expect(isScanTarget(t)).toBe(true);
    expect(targetUrl(t).href).toBe('https://site.dev/path');
    expect(inputHref(t)).toBe('https://site.dev/path');
    expect(code(() => scanTarget('user:pw@site.dev'))).toBe('invalid-url');
  });

  it('a look-alike object is no token: it gets every check a typed URL gets', () => {
    const fake = { href: 'https://user:pw@site.dev/' };
    expect(isScanTarget(fake)).toBe(false);
    expect(code(() => targetUrl(fake))).toBe('invalid-url');
    expect(code(() => targetUrl({ href: 'https://docs.example.com/' }))).toBe('invalid-url');
    expect(code(() => targetUrl({ href: 42 } as never))).toBe('invalid-url');
    expect(code(() => targetUrl(null as never))).toBe('invalid-url');
    expect(targetUrl({ href: 'site.dev' }).href).toBe('https://site.dev/');
  });

  it('a worker thread takes only the canonical form back (what scanTarget produced)', () => {
    expect(isScanTarget(workerTarget('https://site.dev/a?b=1'))).toBe(true);
    for (const href of ['site.dev', 'HTTPS://SITE.DEV/', 'https://site.dev', 'https://u:p@site.dev/', 'https://site.dev/#x', 'ftp://site.dev/', 'not a url']) {
      expect(
        code(() => workerTarget(href)),
        href,
      ).toBe('invalid-url');
    }
  });

  it("a string stays the engine's to normalise (library and CLI callers keep every check)", () => {
    expect(targetUrl('site.dev').href).toBe('https://site.dev/');
    expect(code(() => targetUrl('javascript:alert(1)'))).toBe('invalid-url');
    expect(code(() => targetUrl('http://example.com/'))).toBe('invalid-url');
  });
});

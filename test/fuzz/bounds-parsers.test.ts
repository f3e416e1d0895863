/**
 * Property tests of the small parsers added for issue 18: the consent token check (any token and
 * Cookie header: never throws, accepts only the genuine pair) and the hosts file reader of the
 * guard's resolver (any text: never throws; well-formed entries resolve to their addresses).
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { consentTokens, CONSENT_COOKIE } from '../../src/oauth/consent-token.js';
import { configureResolver, resolveHost } from '../../src/core/net/resolver.js';
import { tempDir } from '../helpers/temp-dir.js';

const dir = tempDir('ai-ready-bounds-fuzz-');
afterAll(() => {
  configureResolver({});
});

describe('consent token', () => {
  const tokens = consentTokens('k'.repeat(32));
  const binding = { clientId: 'mcpc_x', redirectUri: 'https://app.example/cb' };
  const now = 1_800_000_000_000;

  it('accepts nothing but the genuine token with its cookie', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.option(fc.string({ maxLength: 200 })), (token, cookie) => {
        expect(tokens.verify(token, cookie, binding, now)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('refuses any one-character change of a genuine token, and a changed binding', () => {
    const { token, setCookie } = tokens.issue(binding, now, true, '/oauth/authorize');
    const cookie = setCookie.split(';')[0];
    expect(tokens.verify(token, `a=b; ${cookie}`, binding, now)).not.toBeNull();
    fc.assert(
      fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom(...'ABCxyz019-_.'), (at, ch) => {
        fc.pre(token[at] !== ch);
        const changed = token.slice(0, at) + ch + token.slice(at + 1);
        expect(tokens.verify(changed, cookie, binding, now)).toBeNull();
      }),
      { numRuns: 300 },
    );
    expect(tokens.verify(token, cookie, { ...binding, redirectUri: 'https://app.example/other' }, now)).toBeNull();
    expect(tokens.verify(token, `${CONSENT_COOKIE}=other`, binding, now)).toBeNull();
    expect(tokens.verify(token, cookie, binding, now + 601_000)).toBeNull();
  });
});

describe('hosts file', () => {
  it('never throws on any text and resolves well-formed entries to their addresses', async () => {
    const octet = fc.integer({ min: 0, max: 255 });
    const ipv4 = fc.tuple(octet, octet, octet, octet).map((o) => o.join('.'));
    const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), ipv4, label, async (noise, ip, name) => {
        const host = `${name}.fuzz${n++}.test`;
        const file = join(dir, `hosts${n}`);
        writeFileSync(file, `${noise.replace(new RegExp(`${host.replace(/\./g, '\\.')}`, 'g'), '')}\n${ip}\t${host} # entry\n`);
        configureResolver({ hostsFile: file, servers: ['127.0.0.1:9'], timeoutMs: 50, tries: 1 });
        expect(await resolveHost(host.toUpperCase())).toEqual([{ address: ip, family: 4 }]);
      }),
      { numRuns: 100 },
    );
  });
});

/**
 * The owner's values are strangers' input where the service runs the guides: each is validated
 * before a guide writes it, and the guides that take one write it only through escaping (JSON,
 * XML, Markdown links, JSON-LD in <script>). Property-based over arbitrary strings (bounded).
 */
import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/core/checks/index.js';
import { jwkThumbprint } from '../../../src/core/checks/bot_access/b3-web-bot-auth.js';
import { OWNER_VALUES, type OwnerValue } from '../../../src/core/fixes/owner-values.js';
import { OWNER_VALUE_LIMITS, parseOwnerValue } from '../../../src/core/fixes/owner-value-parse.js';

const NAMES = Object.keys(OWNER_VALUES) as OwnerValue[];
const URL_VALUES: OwnerValue[] = ['mcpEndpoint', 'a2aEndpoint', 'apiBaseUrl', 'authorizationServer', 'commerceEndpoint'];
const guide = (id: string, ownerValues: Record<string, string>) =>
  CHECKS.find((c) => c.meta.id === id)!.fixGuide({ origin: 'http://127.0.0.1:8080', platform: null, hosting: [], ownerValues });
const published = (id: string, ownerValues: Record<string, string>) =>
  guide(id, ownerValues).flatMap((s) => (s.publish && 'content' in s.publish ? [s.publish.content] : []));

describe('parseOwnerValue', () => {
  it('accepts what each value is and says why it refuses the rest', () => {
    expect(parseOwnerValue('mcpEndpoint', 'https://mcp.acme.example/mcp')).toEqual({ ok: true, value: 'https://mcp.acme.example/mcp' });
    for (const bad of ['javascript:alert(1)', 'ftp://acme.example/', '/mcp', 'https://user:pw@acme.example/', 'not a url'])
      expect(parseOwnerValue('a2aEndpoint', bad)).toMatchObject({ ok: false, error: expect.stringMatching(/^a2aEndpoint must be an http\(s\) URL$/) });
    expect(parseOwnerValue('domain', 'Acme.Example.')).toEqual({ ok: true, value: 'acme.example' });
    for (const bad of ['127.0.0.1', 'localhost', 'https://acme.example', 'acme.example/x', '-acme.example'])
      expect(parseOwnerValue('domain', bad).ok, bad).toBe(false);
    expect(parseOwnerValue('pageUrls', 'https://a.example/x, https://a.example/y https://a.example/x')).toEqual({
      ok: true,
      value: 'https://a.example/x\nhttps://a.example/y',
    });
    expect(parseOwnerValue('pageUrls', 'https://a.example/ javascript:x').ok).toBe(false);
    const many = Array.from({ length: OWNER_VALUE_LIMITS.pageUrls + 1 }, (_, i) => `https://a.example/${i}`).join(' ');
    expect(parseOwnerValue('pageUrls', many)).toMatchObject({ ok: false, error: expect.stringMatching(/at most 200/) });
    expect(parseOwnerValue('siteName', 'Acme\nEvil').ok).toBe(false);
    expect(parseOwnerValue('siteName', 'x'.repeat(OWNER_VALUE_LIMITS.siteName + 1)).ok).toBe(false);
    expect(parseOwnerValue('contact', 'security@acme.example')).toEqual({ ok: true, value: 'mailto:security@acme.example' });
    expect(parseOwnerValue('contact', 'call us').ok).toBe(false);
  });

  it('takes a public JWK of a supported kty only (no private member, a key node:crypto accepts)', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const pub = publicKey.export({ format: 'jwk' });
    expect(parseOwnerValue('signingKey', JSON.stringify(pub)).ok).toBe(true);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
    expect(parseOwnerValue('signingKey', JSON.stringify(ec)).ok).toBe(true);
    expect(parseOwnerValue('signingKey', JSON.stringify(privateKey.export({ format: 'jwk' })))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/private/),
    });
    expect(parseOwnerValue('signingKey', JSON.stringify({ kty: 'oct', k: 'AAAA' })).ok).toBe(false);
    expect(parseOwnerValue('signingKey', JSON.stringify({ ...pub, x: 'AAAA' })).ok).toBe(false); // not a point on the curve
    expect(parseOwnerValue('signingKey', JSON.stringify({ kty: 'EC', crv: 'secp256k1', x: ec.x, y: ec.y })).ok).toBe(false);
    expect(parseOwnerValue('signingKey', '{').ok).toBe(false);
  });

  it('B3 writes the owner key with kid = its RFC 7638 thumbprint, and no other member than the public ones', () => {
    const pub = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }) as Record<string, string>;
    const [dir] = published('B3', { signingKey: JSON.stringify({ ...pub, alg: 'EdDSA', ext: true }) });
    const key = JSON.parse(dir).keys[0];
    expect(key).toEqual({ kty: 'OKP', crv: 'Ed25519', x: pub.x, kid: jwkThumbprint(pub), use: 'sig' });
  });

  it('llms.txt names a page from its URL even when the path is not valid percent-encoding or encodes a newline', () => {
    const [llms] = published('D4', { siteName: 'Acme', pageUrls: 'https://acme.example/%E0%A4%A https://acme.example/a%0Ab%5D' });
    expect(llms).toContain('- [%E0%A4%A](https://acme.example/%E0%A4%A)');
    expect(llms).toContain('- [A b\\]](https://acme.example/a%0Ab%5D)');
  });

  it('never throws, and what it accepts is bounded and of its kind (arbitrary input)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.string({ maxLength: 300 }), (name, raw) => {
        const r = parseOwnerValue(name, raw);
        if (!r.ok) {
          expect(r.error.startsWith(`${name} `)).toBe(true);
          return;
        }
        if (URL_VALUES.includes(name)) expect(['http:', 'https:']).toContain(new URL(r.value).protocol);
        if (name === 'siteName') expect(r.value).not.toMatch(/[\u0000-\u001f\u007f]/);
        if (name === 'pageUrls') for (const u of r.value.split('\n')) expect(['http:', 'https:']).toContain(new URL(u).protocol);
      }),
      { numRuns: 500 },
    );
  });

  it('a name or URL that tries to break out of its file stays inside it (JSON, XML, Markdown, JSON-LD in <script>)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), fc.webPath(), (name, path) => {
        const siteName = parseOwnerValue('siteName', name);
        const pageUrl = `https://acme.example${path || '/'}`;
        if (!siteName.ok || !parseOwnerValue('pageUrls', pageUrl).ok) return;
        const values = { siteName: name, pageUrls: pageUrl, a2aEndpoint: pageUrl, commerceEndpoint: pageUrl };
        // JSON files parse and hold the values as given.
        const card = JSON.parse(published('A5', values)[0]);
        expect(card.provider.organization).toBe(siteName.value);
        expect(JSON.parse(published('M2', values)[0]).api_base_url).toBe(new URL(pageUrl).href);
        // JSON-LD: one <script> element, whose JSON holds the name.
        const [ld] = published('C4', values);
        expect(ld.match(/<\/script>/gi)).toHaveLength(1);
        expect(JSON.parse(ld.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''))['@graph'][0].name).toBe(siteName.value);
        // Sitemap: one <loc> per page, no markup from the value.
        const [xml] = published('D2', values);
        expect(xml.match(/<loc>/g)).toHaveLength(1);
        expect(xml).not.toMatch(/<loc>[^<]*[<>"][^<]*<\/loc>/);
        // llms.txt: the H1 is the one line of the name; the page is one list item.
        const [llms] = published('D4', values);
        expect(llms.split('\n')[0]).toBe(`# ${siteName.value}`);
        expect(llms.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });
});

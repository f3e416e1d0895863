/**
 * Merges keep the owner's bytes: JSON edited as text (number text, duplicate keys, tabs, CRLF and
 * key order kept), vercel.json's routes/headers rule and malformed files as conflicts, llms.txt
 * links never inside a code block, robots.txt line endings kept.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeJsonText } from '../../../../src/core/fixes/project/merge-json.js';
import { extendLinkList, mergeRobots } from '../../../../src/core/fixes/project/merge-text.js';
import { writeRules, type HeadersPlace } from '../../../../src/core/fixes/project/headers-place.js';

const OWNER = '{\n\t"big": 12345678901234567890,\n\t"price": 1.50,\n\t"n": 1e3,\n\t"dup": 1,\n\t"dup": 2,\n\t"skills": [\n\t\t{ "name": "a" }\n\t]\n}\n';

describe('mergeJsonText', () => {
  it('adds only what is missing and keeps every byte the owner wrote', () => {
    const out = mergeJsonText(OWNER, JSON.stringify({ $schema: 'https://x.test/s', skills: [{ name: 'a' }, { name: 'b', url: '/b' }] }));
    expect(out.conflicts).toEqual([]);
    for (const kept of ['12345678901234567890', '1.50', '1e3', '"dup": 1,', '"dup": 2,', '\t\t{ "name": "a" }']) expect(out.text).toContain(kept);
    // Every owner line is still there, in order (a comma added after the last member is the only change to a line).
    const lines = out.text.split('\n').map((l) => l.replace(/,$/, ''));
    let at = 0;
    for (const l of OWNER.split('\n').map((x) => x.replace(/,$/, ''))) {
      const found = lines.indexOf(l, at);
      expect(found, l).toBeGreaterThanOrEqual(at);
      at = found;
    }
    expect(out.text).toMatch(/\n\t"\$schema": "https:\/\/x.test\/s"/);
    expect(JSON.parse(out.text).skills.map((s: { name: string }) => s.name)).toEqual(['a', 'b']);
    // Merging again changes nothing.
    expect(mergeJsonText(out.text, JSON.stringify({ $schema: 'https://x.test/s', skills: [{ name: 'b', url: '/b' }] })).text).toBe(out.text);
  });

  it('keeps CRLF and a BOM, and reports a value the owner set differently', () => {
    const owner = '\uFEFF{\r\n  "version": "2.0.0"\r\n}\r\n';
    const out = mergeJsonText(owner, '{"version":"1.0.0","name":"x"}');
    expect(out.text.startsWith('\uFEFF{\r\n  "version": "2.0.0",\r\n  "name": "x"\r\n}')).toBe(true);
    expect(out.conflicts).toEqual(['$.version is "2.0.0"; the fix would set "1.0.0" (kept yours)']);
  });

  it('refuses malformed JSON, comments and a document of another type, unchanged', () => {
    for (const bad of ['{"a": 1,}', '{"a": /* c */ 1}', '{', '[1, 2]', '"text"', ''])
      expect(mergeJsonText(bad, '{"b":2}')).toMatchObject({ text: bad, conflicts: [expect.stringMatching(/not valid JSON|kept as it is/)] });
  });

  it('never loses or changes an owner value, for any JSON object (bounded property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
        (owner, add) => {
          const text = JSON.stringify(owner, null, 2);
          const out = mergeJsonText(text, JSON.stringify(add));
          const merged = JSON.parse(out.text);
          for (const [k, v] of Object.entries(owner))
            if (k !== '__proto__') expect(JSON.stringify(merged[k]) === JSON.stringify(v) || (typeof v === 'object' && v !== null)).toBe(true);
          for (const k of Object.keys(add)) if (k !== '__proto__') expect(Object.hasOwn(merged, k)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('vercel.json', () => {
  const place: HeadersPlace = { host: 'vercel', file: 'vercel.json', format: 'vercel-json', why: 'test' };
  const rules = [{ path: '/', name: 'Link', value: '</llms.txt>; rel="describedby"' }];

  it('is left alone with a conflict when it uses routes, has non-array headers or is not JSON', () => {
    for (const owner of ['{"routes":[{"src":"/a","dest":"/b"}]}', '{"headers":{"a":1}}', '{"headers":"abc"}', '{"headers": [', 'null', '[]']) {
      const out = writeRules(place, owner, rules);
      expect(out.text).toBe(owner);
      expect(out.conflicts.length).toBe(1);
    }
    expect(writeRules(place, '{"routes":[]}', rules).conflicts[0]).toMatch(/routes/);
  });

  it('adds a headers block as text, keeping the rest', () => {
    const owner =
      '{\n    "cleanUrls": true,\n    "headers": [\n        { "source": "/(.*)", "headers": [{ "key": "X-Frame-Options", "value": "DENY" }] },\n        { "source": "/x", "headers": [null] }\n    ]\n}\n';
    const out = writeRules(place, owner, rules);
    expect(out.conflicts).toEqual([]);
    expect(out.text).toContain('"cleanUrls": true,');
    expect(out.text).toContain('{ "source": "/x", "headers": [null] }');
    const doc = JSON.parse(out.text);
    expect(doc.headers[0].headers).toEqual([
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: 'Link', value: '</llms.txt>; rel="describedby"' },
    ]);
    expect(writeRules(place, out.text, rules).text).toBe(out.text);
  });
});

describe('llms.txt and robots.txt', () => {
  it('never inserts a link inside a fenced code block', () => {
    const owner = '# Acme\n\n## Pages\n\n```sh\n# install it\n## Pages\nnpm i acme\n```\n\n- [Home](https://acme.test/)\n';
    const out = extendLinkList(owner, '# Acme\n\n## Pages\n\n- [About](https://acme.test/about)\n');
    const lines = out.text.split('\n');
    const fenceEnd = lines.lastIndexOf('```');
    expect(lines.indexOf('- [About](https://acme.test/about)')).toBeGreaterThan(fenceEnd);
    expect(out.text).toContain('```sh\n# install it\n## Pages\nnpm i acme\n```');
    const open = '# Acme\n\n## Pages\n\n```\n- [x](https://acme.test/x)\n';
    expect(extendLinkList(open, '## Pages\n\n- [About](https://acme.test/about)\n')).toMatchObject({
      text: open,
      conflicts: [expect.stringMatching(/unclosed/)],
    });
  });

  it('keeps CRLF line endings in robots.txt', () => {
    const owner = '\uFEFFUser-agent: *\r\nDisallow: /private/\r\n';
    const out = mergeRobots(owner, 'User-agent: *\nDisallow: /drafts/\n\nSitemap: https://acme.test/sitemap.xml\n');
    expect(out.text).toBe('\uFEFFUser-agent: *\r\nDisallow: /private/\r\nDisallow: /drafts/\r\n\r\nSitemap: https://acme.test/sitemap.xml\r\n');
  });
});

/**
 * wrapCode: a code line split to a width only where the copied code still works (issue 31.3).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wrapCode } from '../../src/format/wrap.js';

describe('wrapCode', () => {
  it('continues a shell line with a backslash and never splits a quoted string', () => {
    const line = `curl -X PATCH 'https://api.example.test/zones/{zone}/settings/content_converter' -H 'Authorization: Bearer {token}' --data '{"value":"on"}'`;
    const out = wrapCode(line, 60, 'sh');
    expect(out.length).toBeGreaterThan(1);
    for (const l of out.slice(0, -1)) expect(l.endsWith(' \\')).toBe(true);
    expect(out.join('\n')).toContain("'Authorization: Bearer {token}'");
    expect(out.map((l) => l.replace(/ \\$/, '').trim()).join(' ')).toBe(line);
  });

  it('repeats a comment marker, keeps HTTP headers whole, and splits prose anywhere', () => {
    const comment = wrapCode(`  // ${'word '.repeat(30).trim()}`, 40, 'js');
    expect(comment.every((l) => /^\s*\/\/ /.test(l))).toBe(true);
    const header = `Content-Signal: ${'search=yes, '.repeat(10).trim()}`;
    expect(wrapCode(header, 40, 'http')).toEqual([header]);
    expect(wrapCode(`It's a ${'long sentence '.repeat(8)}`, 40, 'markdown').length).toBeGreaterThan(1);
  });

  it('only moves whitespace, and each line fits unless no clean break exists (bounded property)', () => {
    const word = fc.stringMatching(/^[a-z0-9=:/.-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 20, max: 80 }),
        fc.constantFrom('sh', 'json', 'nginx', 'text'),
        (words, width, lang) => {
          const line = `    ${words.join(' ')}`;
          const out = wrapCode(line, width, lang);
          const tokens = out
            .join(' ')
            .split(/\s+/)
            .filter((t) => t && t !== '\\');
          expect(tokens).toEqual(words);
          for (const l of out) if (l.length > width) expect(l.trim().includes(' ')).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

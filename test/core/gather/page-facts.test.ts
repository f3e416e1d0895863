/** The facts of one page, from any HTML: bounded, clean, and never a script run. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractPageFacts, MAX_FACT_CHARS } from '../../../src/core/gather/page-facts.js';

describe('extractPageFacts', () => {
  it('reads title, description, canonical, og values and same-origin links', () => {
    const f = extractPageFacts(
      '<html><head><title> Tides | Harbour </title><meta name="description" content="High water."><meta property="og:site_name" content="Harbour"><link rel="canonical" href="https://harbour.test/tides"></head><body><main><h1>Tides</h1><a href="/about#x">about</a><a href="https://other.test/">o</a><script>alert(1)</script></main></body></html>',
      'http://127.0.0.1:8080/tides',
    );
    expect(f).toMatchObject({ title: 'Tides | Harbour', description: 'High water.', canonical: 'https://harbour.test/tides', ogSiteName: 'Harbour' });
    expect(f.links).toEqual(['http://127.0.0.1:8080/about']);
    expect(f.mainHtml).not.toContain('alert');
  });

  it('any HTML gives bounded, one-line facts', () => {
    const tag = fc.constantFrom(
      '<title>',
      '</title>',
      '<main>',
      '</main>',
      '<a href="/x">',
      '</a>',
      '<meta name="description" content="d\u202e">',
      '<div>',
      '</div>',
      '<script>',
      '\u0000',
      '<link rel="canonical" href="javascript:1">',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(tag, fc.string({ maxLength: 40 })), { maxLength: 60 }), (parts) => {
        const f = extractPageFacts(parts.join(''), 'http://127.0.0.1:1/p');
        for (const v of [f.title, f.description, f.ogSiteName]) {
          if (v === null) continue;
          expect(v.length).toBeLessThanOrEqual(MAX_FACT_CHARS);
          expect(v).not.toMatch(/[\u0000-\u001f\u202a-\u202e]/);
        }
        expect(f.canonical === null || /^https?:/.test(f.canonical)).toBe(true);
        for (const l of f.links) expect(new URL(l).origin).toBe('http://127.0.0.1:1');
      }),
    );
  });

  it('a page nested 100,000 deep does not overflow the stack', () => {
    const f = extractPageFacts(`<title>Deep</title><main>${'<div>'.repeat(100_000)}x</main>`, 'http://127.0.0.1/deep');
    expect(f.title).toBe('Deep');
  });

  // A hostile page of a hundred thousand elements: the content is prepared in one linear pass (the
  // earlier per-match `.find().remove()` never finished on ~2 MB of elements).
  it('a 2 MB page of 110,000 sibling elements is read: links absolute, non-content dropped, HTML capped', () => {
    const unit = '<p>hi <a href="/x">x</a><img src="/i.png"><img src="javascript:y"></p><button>b</button><script>s()</script>';
    const f = extractPageFacts(`<title>Big</title><body>${unit.repeat(110_000)}</body>`, 'http://127.0.0.1/big');
    expect(f.title).toBe('Big');
    expect(f.mainHtml.length).toBeLessThanOrEqual(256 * 1024);
    expect(f.mainHtml).toContain('<a href="http://127.0.0.1/x">x</a><img src="http://127.0.0.1/i.png">');
    expect(f.mainHtml).not.toMatch(/<button|<script|javascript:/);
  });
});

/**
 * Free text a site shows is copied into the owner's files bounded and clean: titles at 200
 * characters, descriptions at 500, a page's Markdown at MAX_PAGE_MARKDOWN, each cut on a character
 * boundary with an ellipsis; control and bidi characters stripped; an llms.txt link line stays one
 * line whatever the title holds (`]`, `(`, a newline). Through the CLI, against a hostile loopback
 * page and a temp static project.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_MARKDOWN, cutMarkdown } from '../../../../src/core/fixes/site-facts-build.js';
import { cutText, MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS } from '../../../../src/core/gather/page-facts.js';
import fc from 'fast-check';
import { serveFolder, type StaticHost } from '../../../helpers/static-host.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { runCli } from '../../../cli/run-cli.js';
import { makeProject, PROJECTS } from './frameworks.js';

const STATIC = PROJECTS.find((p) => p.id === 'static')!;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters no written file may hold
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const page = (head: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>\n`;

// A 1 MB title (UTF-8; an astral character at the cut, so a cut by UTF-16 units would split it), a bidi override, NUL.
const HUGE_TITLE = `Tides \u202e${'🌊'.repeat(250_000)} | Harbour`;
// Characters that would break an llms.txt line or a Markdown link.
const BREAKING_TITLE = 'About ] (x) [y](javascript:alert(1))\nSecond line\u0000 \u2028 | Harbour';
// The site's name (og:site_name): a bidi override, a newline, link characters, 100,000 characters.
const HOSTILE_NAME = `Harbour\u202e ] (x)\n# Not a heading ${'Tide '.repeat(20_000)}`;
const LONG_DESCRIPTION = `High water ${'and low water '.repeat(10_000)}`;
const HOSTILE_BODY = `<main><h1>Tides\u202e</h1><nav><a href="/about.html">About</a></nav><p><a href="/about.html">About us</a> <a href="/about.html?q=${'w'.repeat(5000)}">A 5,000-character query</a></p><p>Line one\u0000 with \u200f marks \u2066isolated\u2069.</p><pre><code>${'x = 1\n'.repeat(40_000)}</code></pre></main>`;

let host: StaticHost;
beforeAll(async () => {
  host = await serveFolder(tempDir('ai-ready-fix-hostile-'));
});
afterAll(() => host?.close());

describe('free site text copied into files', () => {
  it('is bounded, cut on a character boundary with an ellipsis, stripped of control and bidi characters; llms.txt lines stay one line', {
    timeout: 120_000,
  }, async () => {
    const pages: Record<string, string> = {
      'index.html': page(
        `<title>${HUGE_TITLE}</title><meta name="description" content="${LONG_DESCRIPTION}"><meta property="og:site_name" content="${HOSTILE_NAME}">`,
        HOSTILE_BODY,
      ),
      'about.html': page(
        `<title>${BREAKING_TITLE.replace(/</g, '&lt;')}</title><meta name="description" content="Who we are\u202e (and ] why)">`,
        '<main><p>About the harbour.</p></main>',
      ),
    };
    const dir = makeProject(STATIC, pages);
    host.serve(dir);
    const run = await runCli(['fix', host.origin, '--dir', dir, '--write', '--set', 'domain=harbour.test', '--format', 'json'], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const written = (JSON.parse(run.stdout) as { written: string[] }).written;
    for (const f of ['llms.txt', 'llms-full.txt', 'index.md', 'about.md']) expect(written).toContain(f);

    for (const f of written) {
      // What fix added: a whole new file, or the span it inserted into the owner's page (between the common prefix and suffix).
      const after = readFileSync(join(dir, f), 'utf8');
      const before = pages[f] ?? '';
      let head = 0;
      while (head < before.length && before[head] === after[head]) head++;
      let tail = 0;
      while (tail < before.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
      const text = after.slice(head, after.length - tail);
      expect(text, f).not.toMatch(UNSAFE);
      expect(text, f).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/); // no half character
    }

    const llms = readFileSync(join(dir, 'llms.txt'), 'utf8');
    for (const line of llms.split('\n').filter(Boolean)) {
      // Each line is a heading, the summary, or one whole link line: `- [text](url)` with an optional `: note`.
      expect(line, line.slice(0, 120)).toMatch(/^(# [^\n]+|> [^\n]+|## [^\n]+|- \[(?:[^\]\\]|\\.)*\]\(https:\/\/harbour\.test\/[^()\s]*\)(?:: [^\n]+)?)$/);
    }
    const links = llms.split('\n').filter((l) => l.startsWith('- ['));
    // The page at a 5,000-character URL is read, but listed nowhere (a sitemap <loc> is under 2,048 characters).
    expect(links).toHaveLength(2);
    expect(readFileSync(join(dir, 'sitemap.xml'), 'utf8')).not.toContain('?q=');
    for (const l of readFileSync(join(dir, 'sitemap.xml'), 'utf8').match(/<loc>[^<]*<\/loc>/g)!) expect(l.length).toBeLessThan(2048 + 11);
    for (const l of links) {
      const text = /^- \[((?:[^\]\\]|\\.)*)\]/.exec(l)![1].replace(/\\(.)/g, '$1');
      expect(text.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
      const note = /\): (.*)$/.exec(l)?.[1] ?? '';
      expect(note.length).toBeLessThanOrEqual(MAX_DESCRIPTION_CHARS);
    }
    const home = links.find((l) => l.includes('(https://harbour.test/)'))!;
    expect(home).toMatch(/🌊…\]/); // the title cut with an ellipsis after a whole character
    expect(home).toMatch(/: High water and low water .*…$/);
    const about = links.find((l) => l.includes('about'))!;
    expect(about).toContain('About \\] (x) \\[y\\](javascript:alert(1)) Second line');
    const h1 = llms.split('\n')[0];
    expect(h1).toMatch(/^# Harbour \] \(x\) # Not a heading Tide Tide .*…$/);
    expect(h1.length).toBeLessThanOrEqual(2 + MAX_TITLE_CHARS);
    const summary = llms.split('\n').find((l) => l.startsWith('> '))!;
    expect(summary.length).toBeLessThanOrEqual(2 + MAX_DESCRIPTION_CHARS);

    const twin = readFileSync(join(dir, 'index.md'), 'utf8');
    expect(twin.length).toBeLessThanOrEqual(MAX_PAGE_MARKDOWN + MAX_DESCRIPTION_CHARS + 600);
    expect(twin).toMatch(/…\n```\n$/); // cut inside the code block, which is closed
    expect(twin).toMatch(/Line one with +marks isolated\./);
    const full = readFileSync(join(dir, 'llms-full.txt'), 'utf8');
    expect(full.length).toBeLessThanOrEqual(2 * (MAX_PAGE_MARKDOWN + MAX_DESCRIPTION_CHARS + 1000));

    // The JSON-LD name (in the pages: a static folder) is the site's name, bounded.
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    for (const node of JSON.parse(ld![1])['@graph']) expect(node.name.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
  });
});

describe('cutText and cutMarkdown', () => {
  it('never exceed the bound, never split a character, end with an ellipsis when cut, close a code block they cut', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.integer({ min: 8, max: 300 }), (s, max) => {
        for (const out of [cutText(s, max), cutMarkdown(s, max)]) {
          expect(out.length).toBeLessThanOrEqual(max);
          if (out !== s) expect(out).toMatch(/…(\n```)?$/);
          if (out !== s) expect(out).not.toMatch(/[\ud800-\udbff]…/);
        }
        const md = cutMarkdown(`\`\`\`\n${s}`, max);
        if (md.length < s.length + 4) expect(md.split('\n').filter((l) => /^\s*(```|~~~)/.test(l)).length % 2).toBe(0);
      }),
    );
  });
});

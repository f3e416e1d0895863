/**
 * Site text in JSON output: C1 controls and bidi controls a site puts in its title or llms.txt
 * come out as \uXXXX escapes (as ESC and BEL already do), in the CLI's --json and NDJSON and in
 * the API's bodies; the parsed values are unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeJsonText, toSafeJson } from '../../src/format/sanitize.js';
import { runCli } from '../cli/run-cli.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { startServer, type TestServer } from '../server/helpers/server.js';

const UNSAFE = [
  '\u0085',
  '\u009b',
  '\u061c',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const TRICK = `Evil\u009b31m\u202eTitle\u2066x\u2069\u001b]0;pwned\u0007 ${'word '.repeat(60)}`;

let site: FixtureSite;
let srv: TestServer;
beforeAll(async () => {
  site = await startFixture({
    '/': {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<!doctype html><html><head><title>${TRICK}</title></head><body><h1>${TRICK}</h1><p>${TRICK}</p></body></html>`,
    },
    '/llms.txt': {
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: `# Docs \u202egnp.exe\u009b\n\n> ${TRICK}\n\n## Docs\n\n- [A\u202e](/a.md)\n`,
    },
  });
  srv = await startServer();
});
afterAll(async () => {
  await Promise.all([site?.close(), srv?.destroy()]);
});

describe('JSON output escaping', () => {
  it('toSafeJson escapes C1, bidi and separators, and round-trips', () => {
    for (const c of UNSAFE) {
      const out = toSafeJson({ t: `a${c}b` });
      expect(out).toBe(`{"t":"a\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}b"}`);
      expect(JSON.parse(out)).toEqual({ t: `a${c}b` });
    }
    expect(toSafeJson({ t: '\u001b\u0007' })).toBe('{"t":"\\u001b\\u0007"}');
    expect(escapeJsonText('"plain é ✓"')).toBe('"plain é ✓"');
  });

  it('CLI --json and NDJSON carry no raw control or bidi characters from the site', async () => {
    const one = await runCli(['scan', site.origin, '--json'], { timeoutMs: 60_000 });
    expect(one.code, one.stderr).not.toBe(2);
    expect(one.stdout.replace(/\n/g, '')).not.toMatch(RAW);
    expect(one.stdout).toContain('\\u202e');
    expect(one.stdout).toContain('\\u009b');
    expect(JSON.stringify(JSON.parse(one.stdout))).toContain('\u202e');
    const batch = await runCli(['scan', site.origin, `${site.origin}/llms.txt`, '--json'], { timeoutMs: 60_000 });
    const lines = batch.stdout.trim().split('\n');
    expect(lines.length).toBe(2);
    for (const line of lines) {
      expect(line).not.toMatch(RAW);
      expect(() => JSON.parse(line)).not.toThrow();
    }
  }, 120_000);

  it('API scan and report bodies carry no raw control or bidi characters from the site', async () => {
    const res = await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(site.origin)}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toMatch(RAW);
    expect(text).toContain('\\u202e');
    const { shareId } = JSON.parse(text) as { shareId: string };
    const report = await srv.get(`/api/public/v1/report/${shareId}`);
    expect(report.status).toBe(200);
    expect(await report.text()).not.toMatch(RAW);
  }, 120_000);
});

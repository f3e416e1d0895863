/**
 * Every format of the registry is written by a batch (`scan --input`) through its own module: a
 * format added to the registry gets this test for free, and fails it if the batch writes nothing.
 * The batch's pieces must also say what the one-URL document says (same parse, same sites).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import type { ScanResult } from '../../src/core/schema.js';
import { FORMAT_NAMES, FORMATS } from '../../src/format/index.js';
import { BatchOutput } from '../../src/cli/batch-output.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { tempDir } from '../helpers/temp-dir.js';

const PAGE = { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>x</title><h1>Hello</h1><p>text</p>' };
let sites: FixtureSite[] = [];
let results: ScanResult[] = [];

beforeAll(async () => {
  sites = await Promise.all([
    startFixture({ '/': PAGE }),
    startFixture({ '/': PAGE, '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' } }),
  ]);
  results = await Promise.all(sites.map((s) => scan(s.origin, { pages: 1, deadlineMs: 10_000 })));
});
afterAll(async () => Promise.all(sites.map((s) => s.close())));

async function batch(format: (typeof FORMAT_NAMES)[number], dir: string): Promise<string[]> {
  const out = new BatchOutput({
    format,
    output: join(dir, `report.${format}`),
    color: false,
    verbose: false,
    width: 100,
    holdStdout: false,
    urls: [...results.map((r) => r.url), 'http://127.0.0.1:1/'],
  });
  // Input order 0, 1 finished in reverse, and a third site that could not be scanned.
  await out.add(1, results[1].url, { result: results[1] });
  await out.add(2, 'http://127.0.0.1:1/', { error: 'connection refused' });
  await out.add(0, results[0].url, { result: results[0] });
  await out.end();
  return out.written;
}

describe('batches write every registered format', () => {
  it.each(FORMAT_NAMES)('%s', async (format) => {
    const dir = tempDir(`ai-ready-batch-${format}-`);
    const written = await batch(format, dir);
    expect(written.length).toBeGreaterThan(0);
    const texts = written.map((f) => readFileSync(f, 'utf8'));
    for (const t of texts) expect(t.length).toBeGreaterThan(0);
    const all = texts.join('\n');
    // GitHub annotations escape ':' in their properties.
    for (const r of results) expect(all.replaceAll('%3A', ':')).toContain(new URL(r.url).host);
    if (FORMATS[format].documentPerSite) expect(readdirSync(dir)).toHaveLength(results.length);
    if (format === 'json')
      expect(
        all
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).url),
      ).toEqual([results[1].url, results[0].url]);
    if (format === 'sarif') expect(JSON.parse(all).version).toBe('2.1.0');
    // Streamed or whole, the batch holds what the document of the same results holds (scores).
    for (const r of results) expect(FORMATS[format].document([r], {})).toContain(String(r.overallScore));
  });
});

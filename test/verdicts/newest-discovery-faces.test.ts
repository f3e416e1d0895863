/**
 * Issue 27, point 7: sites built exactly as the newest texts say (experimental-ext-server-card
 * docs/discovery.md and schema.ts at 8924e08; ARD v0.91 at 04afa6cb0301), judged through every
 * face: the CLI (--json), the v1 API of a real server and its MCP scan tool (the real SDK client).
 * A4 passes through /.well-known/ai-catalog.json by url and by inline data, the same through
 * /.well-known/ard.json; a date-versioned $schema is called out; the removed
 * /.well-known/mcp/catalog.json still counts, with a finding naming the replacement.
 */
import { describe, expect, it } from 'vitest';
import { variantFaces } from './variant-faces.js';
import { newestDiscovery } from '../corpus/sites/newest-discovery.js';
import { mismatches } from '../corpus/mismatches.js';

/** The rows of point 7, and what each one's A4 evidence must say (from the same parse as the verdict). */
const ROWS: Record<string, RegExp[]> = {
  'mcp-ai-catalog-url-entry': [
    /GET \/mcp\/server-card → 200 application\/mcp-server-card\+json.*card \/mcp\/server-card via \/\.well-known\/ai-catalog\.json \(1 server-card entry\(ies\) in catalogs, 1 card\(s\) read\)/,
  ],
  'mcp-ai-catalog-inline-entry': [/card \/\.well-known\/ai-catalog\.json entries\[0\]\.data via \/\.well-known\/ai-catalog\.json/],
  'mcp-ard-url-entry': [/via \/\.well-known\/ard\.json \(1 server-card entry\(ies\) in catalogs, 1 card\(s\) read\)/],
  'mcp-ard-inline-entry': [/card \/\.well-known\/ard\.json entries\[0\]\.data via \/\.well-known\/ard\.json/],
  'server-card-example-invalid-date-versioned-schema': [
    /"\$schema" "https:\/\/static\.modelcontextprotocol\.io\/schemas\/2025-11-25\/server-card\.schema\.json" is date-versioned: schema URLs are versioned by vN, not by date; write https:\/\/static\.modelcontextprotocol\.io\/schemas\/v1\/server-card\.schema\.json/,
  ],
  'mcp-removed-catalog-location': [
    /found only through \/\.well-known\/mcp\/catalog\.json, which the server-card draft removed on 2026-07-20 \(commit 1491bd2/,
    /read \/\.well-known\/ai-catalog\.json \(served as application\/ai-catalog\+json\) instead/,
  ],
};
const rows = newestDiscovery.filter((v) => v.name in ROWS);

const { originOf, faces: FACES } = variantFaces(rows, 'ai-ready-newest-faces-');

describe.each(Object.keys(FACES) as Array<keyof typeof FACES>)('sites built as the newest texts say, through the %s', (face) => {
  it('A4 (and A10 where the row says) get their status, code and evidence', { timeout: 180_000 }, async () => {
    expect(rows).toHaveLength(Object.keys(ROWS).length);
    const wrong: string[] = [];
    const queue = [...rows];
    const worker = async () => {
      for (let v = queue.shift(); v; v = queue.shift()) {
        const checks = await FACES[face](originOf(v.name) + '/', ['--only', Object.keys(v.expect).join(',')]);
        wrong.push(...mismatches(v, checks).map((m) => `${v.name}: ${m}`));
        const a4 = checks.find((c) => c.id === 'A4');
        for (const re of ROWS[v.name]) if (!re.test(a4?.evidence ?? '')) wrong.push(`${v.name}: A4 evidence does not match ${re}: ${a4?.evidence}`);
      }
    };
    await Promise.all([worker(), worker()]);
    expect(wrong).toEqual([]);
  });
});

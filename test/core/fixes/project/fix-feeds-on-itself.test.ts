/**
 * `fix` never feeds on itself (issue 36): a loopback site serves the project's static folder as it
 * is on disk, so what the first `fix --write` writes is what the next scan sees (a dev server, a
 * redeploy). The second `fix --write` must change nothing, the profile must stay `content`, and no
 * sample value (Example Co, order-status, Example API, auth.example.com...) reaches a written file.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveFolder } from '../../../helpers/static-host.js';
import { runCli } from '../../../cli/run-cli.js';
import { BARE_HTML, PROJECTS, makeProject, type ProjectKind } from './frameworks.js';

/** Strings of the guides' samples: none may be written into an owner's project. */
const SAMPLE_STRINGS = [
  'Example Co',
  'Refurbished laptops',
  'order-status',
  '/api/orders/',
  'Example API',
  'getOrder',
  'auth.example.com',
  'search_products',
  'urn:air:example.com',
  'example.com MCP server',
  'Example Agent',
  'Example store agent',
  'check my order status',
  'Disallow: /admin/',
  'Blue Widget',
];

interface PlanJson {
  files: string[];
  written?: string[];
  checks: Array<{ id: string }>;
}

async function fixWrite(origin: string, dir: string): Promise<PlanJson> {
  const run = await runCli(['fix', origin, '--dir', dir, '--write', '--host', 'netlify', '--format', 'json'], { timeoutMs: 60_000 });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as PlanJson;
}

async function profileOf(origin: string): Promise<string[]> {
  const run = await runCli(['scan', origin, '--json'], { timeoutMs: 60_000 });
  return (JSON.parse(run.stdout) as { profile?: { applied: string[] } }).profile?.applied ?? [];
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each(['static', 'astro', 'nextjs'].map((id) => [id, PROJECTS.find((p) => p.id === id)!] as [string, ProjectKind]))(
  'fix --write twice while the site serves what the first wrote: %s',
  (_id, kind) => {
    it('the second run changes nothing, the profile stays content, and no sample reaches a file', { timeout: 180_000 }, async () => {
      const dir = makeProject(kind);
      dirs.push(dir);
      const host = await serveFolder(join(dir, kind.served), kind.rendersHome ? { pages: { '/': BARE_HTML } } : {});
      try {
        expect(await profileOf(host.origin)).toEqual(['content']);
        const first = await fixWrite(host.origin, dir);
        expect(first.written?.length).toBeGreaterThan(0);
        for (const f of first.written ?? []) {
          const text = readFileSync(join(dir, f), 'utf8');
          for (const sample of SAMPLE_STRINGS) expect(text.includes(sample), `${f} holds the sample "${sample}"`).toBe(false);
        }
        // The site now serves the first run's output (the folder is served live).
        expect(await profileOf(host.origin)).toEqual(['content']);
        const second = await fixWrite(host.origin, dir);
        expect(second.written).toEqual([]);
        expect(await profileOf(host.origin)).toEqual(['content']);
      } finally {
        await host.close();
      }
    });
  },
);

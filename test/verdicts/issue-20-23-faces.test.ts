/**
 * Issues 20 and 23 through every face: sites built the way today's drafts say (WebMCP on
 * document.modelContext, a Content-Usage header, an Agent Skills index under an unknown $schema)
 * and the shapes real files publish (retired Anthropic tokens beside `Disallow: /_next/`, an
 * llms.txt of links outside any section, an HTML page at /llms.txt, navigator.modelContext only,
 * skill downloads that all fail) get the same verdicts through the CLI (--format json), the v1 API
 * of a real server and its MCP scan tool (the real SDK client).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { scanFaces } from '../helpers/faces.js';
import type { CheckResult } from '../../src/core/schema.js';
import { tempDir } from '../helpers/temp-dir.js';

const T = { 'content-type': 'text/plain; charset=utf-8' };
const J = { 'content-type': 'application/json' };
const page = (script: string, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body: `<!doctype html><html lang="en"><head><title>Faces Co</title></head><body><main><h1>Faces Co</h1><p>${'Plain words about the product. '.repeat(30)}</p></main><script>${script}</script></body></html>`,
});
const SKILL_MD = '---\nname: order-status\ndescription: Look up an order.\n---\n\n# Order status\n';
const hex = createHash('sha256').update(SKILL_MD).digest('hex');

let current: FixtureSite;
let older: FixtureSite;
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  current = await startFixture((s) => ({
    '/': page(
      "(async () => { if (document.modelContext) await document.modelContext.registerTool({ name: 'find_order', description: 'Find an order', execute: async () => ({}) }); })();",
      {
        'content-usage': 'train-ai=n, search=y',
      },
    ),
    '/robots.txt': {
      headers: T,
      body: 'User-agent: OAI-SearchBot\nAllow: /\n\nUser-agent: anthropic-ai\nUser-agent: Claude-Web\nAllow: /\n\nUser-agent: *\nAllow: /\nDisallow: /_next/\n',
    },
    '/llms.txt': { headers: T, body: `# ${s.origin}\n\n- [Orders](${s.origin}/orders.md)\n- [Returns](${s.origin}/returns.md)\n` },
    '/orders.md': { headers: T, body: '# Orders\n' },
    '/returns.md': { headers: T, body: '# Returns\n' },
    '/.well-known/agent-skills/index.json': {
      headers: J,
      body: JSON.stringify({
        $schema: 'https://skills.example/schema/v0.2.0/index.json',
        skills: [{ name: 'order-status', type: 'skill-md', description: 'Look up an order.', url: '/skills/order-status.md', sha256: hex }],
      }),
    },
    '/skills/order-status.md': { headers: { 'content-type': 'text/markdown' }, body: SKILL_MD },
  }));
  older = await startFixture(() => ({
    '/': page(
      "if (navigator.modelContext) navigator.modelContext.registerTool({ name: 'find_order', description: 'Find an order', execute: async () => ({}) });",
    ),
    '/llms.txt': page(''),
    '/.well-known/agent-skills/index.json': {
      headers: J,
      body: JSON.stringify({
        $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
        skills: [
          {
            name: 'order-status',
            type: 'skill-md',
            description: 'Look up an order.',
            url: '/.well-known/agent-skills/order-status/SKILL.md',
            digest: `sha256:${hex}`,
          },
        ],
      }),
    },
  }));
  dir = tempDir('ai-ready-faces-20-');
  server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true });
});

afterAll(async () => {
  await Promise.all([current?.close(), older?.close(), server?.close()]);
});

const FACES = scanFaces(() => server, { cliExitCodes: [0, 1] });
const pick = (checks: CheckResult[], id: string) => checks.find((c) => c.id === id)!;

describe.each(Object.entries(FACES))('through the %s', (_face, scanVia) => {
  it('a site on the current drafts: document.modelContext, a Content-Usage header, a declared skills index, a retired-token robots.txt with an asset Disallow', async () => {
    const checks = await scanVia(current.origin);
    const a7 = pick(checks, 'A7');
    expect(a7.code, a7.evidence).toBe('A7/ok');
    const b5 = pick(checks, 'B5');
    expect(b5.code, b5.evidence).toBe('B5/ok');
    expect(b5.evidence).toContain('Content-Usage header: train-ai=n, search=y');
    const b1 = pick(checks, 'B1');
    expect(b1.code, b1.evidence).toBe('B1/ok');
    const a6 = pick(checks, 'A6');
    // Its $schema is not the agentskills.io discovery URI: since rubric 2026.11.5 the index is still
    // read by its declared url/type/digest, but partial, because clients that follow the discovery
    // texts warn and stop there.
    expect(a6.code, a6.evidence).toBe('A6/invalid');
    expect(a6.findings?.map((f) => f.code)).toEqual(['A6/unknown-schema']);
    expect(a6.evidence).toContain('1 of 1 artifact(s) downloaded, 0 could not be fetched, 1 of 1 digest(s) verified, 0 mismatch(es)');
    // llmstxt.org v2 (nbs/index.qmd at 61bbcf99): the H1 is the only required section, so links
    // under it with no H2 make a valid file (rubric 2026.11.6; advisories name what the reference parser misses).
    const d4 = pick(checks, 'D4');
    expect(d4.status).toBe('pass');
    expect(d4.code, d4.evidence).toBe('D4/ok');
  });

  it('the older shapes: navigator.modelContext only, an HTML page at /llms.txt, skill downloads that all fail', async () => {
    const checks = await scanVia(older.origin);
    const a7 = pick(checks, 'A7');
    expect(a7.status).toBe('partial');
    expect(a7.code, a7.evidence).toBe('A7/navigator-deprecated');
    const d4 = pick(checks, 'D4');
    expect(d4.code, d4.evidence).toBe('D4/html-page');
    const a6 = pick(checks, 'A6');
    expect(a6.status).toBe('partial');
    expect(a6.findings?.map((f) => f.code)).toContain('A6/artifact-not-served');
  });
});

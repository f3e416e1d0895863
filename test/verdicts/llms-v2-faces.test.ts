/**
 * llms.txt v2 through every face (issues 27 point 4 and 28 points 6-7): sites built the way
 * llmstxt.org v2 says (AnswerDotAI/llms-txt nbs/index.qmd at 61bbcf99: path-scoped files, page.md
 * twins, rel="describedby" and Link: alternates) and the shapes real files publish (prose inside H2
 * file lists, "- Label: /path" items, an llms-full.txt that is a summary of a few listed pages) get
 * the same verdicts through the CLI (--format json), the v1 API of a real server and its MCP scan
 * tool (the real SDK client).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { scanFaces } from '../helpers/faces.js';
import type { CheckResult } from '../../src/core/schema.js';
import { tempDir } from '../helpers/temp-dir.js';

const T = { 'content-type': 'text/plain; charset=utf-8' };
const MD = { 'content-type': 'text/markdown; charset=utf-8' };
const page = (title: string, head = '', headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body: `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>${'Plain words about the product. '.repeat(30)}</p></main></body></html>`,
});

let v2: FixtureSite;
let realShapes: FixtureSite;
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  // A docs section under /docs/ with its own llms.txt, page.md twins and both link forms.
  v2 = await startFixture((s) => ({
    '/docs/setup.html': page('Setup', '<link rel="alternate" type="text/markdown" href="/docs/setup.md"><link rel="describedby" href="/docs/llms.txt">', {
      link: '</docs/setup.md>; rel="alternate"; type="text/markdown", </docs/llms.txt>; rel="describedby"',
    }),
    '/docs/setup.md': { headers: MD, body: '# Setup\n\nInstall the tool.\n' },
    '/docs/deploy.md': { headers: MD, body: '# Deploy\n\nShip it.\n' },
    '/llms.txt': { headers: T, body: `# Faces Co\n\n> The shop.\n\n## Shop\n- [Prices](${s.origin}/prices.md): what things cost\n` },
    '/prices.md': { headers: MD, body: '# Prices\n' },
    '/docs/llms.txt': {
      headers: T,
      body: `\uFEFF# Faces Docs\n\n> How to set up and deploy.\n\n## Guides\n- [Setup](${s.origin}/docs/setup.md): first steps\n- [Deploy](${s.origin}/docs/deploy.md): shipping it\n\n## Optional\n- [Changelog](${s.origin}/docs/setup.md)\n`,
    },
    '/docs/llms-full.txt': {
      headers: T,
      body: `# Faces Docs\n\n## Setup\n\nSource: ${s.origin}/docs/setup.md\n\nInstall the tool.\n\n## Deploy\n\nShip it.\n`,
    },
  }));
  realShapes = await startFixture((s) => ({
    '/': page('Shapes Co'),
    '/llms.txt': {
      headers: T,
      body: `# Shapes Co\n\n> Garden tools.\n\n## Guides\n- [Spades](${s.origin}/spades.md): choosing a spade\nWe update the guides every spring.\n- [Rakes](${s.origin}/rakes.md)\n- [Hoes](${s.origin}/hoes.md)\n\n## Contact\n- Email: shop@shapes.test\n`,
    },
    '/spades.md': { headers: MD, body: '# Spades\n' },
    '/rakes.md': { headers: MD, body: '# Rakes\n' },
    '/hoes.md': { headers: MD, body: '# Hoes\n' },
    '/llms-full.txt': {
      headers: T,
      body: `# Shapes Co\n\n${'Shapes Co sells garden tools and writes about them. '.repeat(100)}\n\n## Spades\n\nChoose by the blade.\n`,
    },
  }));
  dir = tempDir('ai-ready-faces-llms-');
  server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true });
});

afterAll(async () => {
  await Promise.all([v2?.close(), realShapes?.close(), server?.close()]);
});

const FACES = scanFaces(() => server, { cliExitCodes: [0, 1] });
const pick = (checks: CheckResult[], id: string) => checks.find((c) => c.id === id)!;

describe.each(Object.entries(FACES))('through the %s', (_face, scanVia) => {
  it('a site built as llms.txt v2 says: /docs/llms.txt covers the page, page.md twin, describedby and alternate as <link> and Link:', async () => {
    const checks = await scanVia(`${v2.origin}/docs/setup.html`);
    const d4 = pick(checks, 'D4');
    expect(d4.code, d4.evidence).toBe('D4/ok');
    expect(d4.evidence).toContain('/docs/llms.txt: H1 "Faces Docs"');
    const d5 = pick(checks, 'D5');
    expect(d5.code, d5.evidence).toBe('D5/ok');
    expect(d5.evidence).toContain('holding 2 of the 2 pages /docs/llms.txt lists');
    const c2 = pick(checks, 'C2');
    expect(c2.code, c2.evidence).toBe('C2/ok');
    const d3 = pick(checks, 'D3');
    expect(d3.code, d3.evidence).toBe('D3/ok');
    const d6 = pick(checks, 'D6');
    expect(d6.code, d6.evidence).toBe('D6/ok');
    expect([...(d3.advisoryFindings ?? []), ...(d6.advisoryFindings ?? [])].filter((n) => n.code.includes('/describedby-'))).toEqual([]);
  });

  it('the real shapes: prose and key: value lines inside H2 file lists; an llms-full.txt summary holding 1 of 3 listed pages', async () => {
    const checks = await scanVia(realShapes.origin);
    const d4 = pick(checks, 'D4');
    expect(d4.status).toBe('partial');
    expect(d4.code, d4.evidence).toBe('D4/off-format-lines');
    expect(d4.evidence).toContain('2 line(s) inside the H2 sections are not "- [name](url): notes" items (first: "We update the guides every spring.")');
    const d5 = pick(checks, 'D5');
    expect(d5.status).toBe('partial');
    expect(d5.code, d5.evidence).toBe('D5/low-coverage');
    expect(d5.evidence).toContain('holds 1 of the 3 pages /llms.txt lists');
  });
});

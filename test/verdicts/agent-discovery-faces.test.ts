/**
 * The agent-discovery corpus rows (issues 20 and 23: the MCP catalog, A2A schemas per version, AI
 * catalog discovery, live probes that could not be made) judged through every face: the CLI
 * (--json), the v1 API of a real server and its MCP scan tool (the real SDK client). Each face must
 * give the row's status and code, as the engine does in test/corpus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { scanFaces } from '../helpers/faces.js';
import { agentDiscovery } from '../corpus/sites/agent-discovery.js';
import { mismatches } from '../corpus/mismatches.js';
import type { Origins, Variant } from '../corpus/types.js';

const sites = new Map<string, FixtureSite>();
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  for (const v of agentDiscovery) {
    const origins: Origins = { origin: '', other: '' };
    sites.set(
      v.name,
      await startFixture((s) => {
        origins.origin = s.origin;
        return v.site(origins);
      }),
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'ai-ready-discovery-faces-'));
  server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true, rateLimit: 0, maxScansPerClient: 8 });
});

afterAll(async () => {
  await Promise.all([...[...sites.values()].map((s) => s.close()), server?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const only = (v: Variant) => Object.keys(v.expect).join(',');

const FACES = scanFaces(() => server, { cliExitCodes: [0, 1] });

describe.each(Object.keys(FACES) as Array<keyof typeof FACES>)('agent-discovery rows through the %s', (face) => {
  it('every row gets its status and code', { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    const rows = [...agentDiscovery];
    // A few at a time: the machine is shared.
    const worker = async () => {
      for (let v = rows.shift(); v; v = rows.shift()) {
        const checks = await FACES[face](sites.get(v.name)!.origin + '/', ['--only', only(v)]);
        wrong.push(...mismatches(v, checks).map((m) => `${v.name}: ${m}`));
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(wrong).toEqual([]);
  });
});

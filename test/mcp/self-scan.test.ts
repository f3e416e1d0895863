/** Scanning a running instance with its own scanner: the MCP and OAuth surfaces lift it to level 5. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { scan } from '../../src/core/scan.js';
import type { ScanResult } from '../../src/core/schema.js';

let server: RunningServer;
let dir: string;
let result: ScanResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ai-ready-self-'));
  server = await createServer({ port: 0, dataDir: dir, allowPrivateNetwork: true, log: false });
  result = await scan(server.url, { deadlineMs: 25_000 });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('self-scan of a running instance', () => {
  it('reaches level 5 (Agent-Native)', () => {
    const summary = result.checks.map((c) => `${c.id}=${c.status}`).join(' ');
    expect(result.level, summary).toBe(5);
    expect(result.grade).toBe('A');
  });

  it('passes the OAuth discovery, protected-resource and MCP server card checks', () => {
    const status = (id: string) => result.checks.find((c) => c.id === id)?.status;
    expect(status('A2')).toBe('pass');
    expect(status('A3')).toBe('pass');
    expect(status('A4')).toBe('pass');
    // The webhook key directory (Web Bot Auth) is the second level-5 arm.
    expect(status('B3')).toBe('pass');
  });
});

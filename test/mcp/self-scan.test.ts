/** Scanning a running instance with its own scanner: the MCP and OAuth surfaces lift it to level 5. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../src/server/index.js';
import { scan } from '../../src/core/scan.js';
import type { ScanResult } from '../../src/core/schema.js';
import { tempDir } from '../helpers/temp-dir.js';

let server: RunningServer;
let dir: string;
let result: ScanResult;

beforeAll(async () => {
  dir = tempDir('ai-ready-self-');
  server = await createServer({ port: 0, dataDir: dir, allowPrivateNetwork: true, log: false });
  result = await scan(server.url, { deadlineMs: 25_000 });
});

afterAll(async () => {
  await server.close();
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

  it('passes its own Web Bot Auth (B3) and auth.md (A9) checks with no advisories', () => {
    const check = (id: string) => result.checks.find((c) => c.id === id)!;
    const b3 = check('B3');
    expect(b3.status).toBe('pass');
    expect(b3.advisories ?? []).toEqual([]);
    // B3's own verifier checked the directory's response signature ("@authority";req, Content-Digest) with the listed key.
    expect(b3.evidence).toMatch(/1 key\(s\) \(OKP\/Ed25519\), 1 verified response signature\(s\)/);
    expect(b3.data).toMatchObject({ keys: 1, verified: 1 });
    const a9 = check('A9');
    expect(a9.status).toBe('pass');
    expect(a9.advisories ?? []).toEqual([]);
    expect(a9.evidence).toContain('H1 "auth.md"');
  });

  it("signs its key directory the same way on HEAD, and the key directory matches the signature's keyid", async () => {
    const url = `${server.url}/.well-known/http-message-signatures-directory`;
    const get = await fetch(url);
    const head = await fetch(url, { method: 'HEAD' });
    const jwks = await get.json();
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'OKP', crv: 'Ed25519', alg: 'Ed25519', use: 'sig' })]);
    expect(get.headers.get('signature-input')).toContain(`keyid="${jwks.keys[0].kid}"`);
    expect(head.headers.get('content-digest')).toBe(get.headers.get('content-digest'));
    expect(head.headers.get('signature-input')).toMatch(/^sig1=\("@authority";req "content-digest"\)/);
  });
});

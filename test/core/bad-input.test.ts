/** Host names that cannot exist are invalid input, refused before any DNS lookup: CLI exit 2, API 400 invalid-url. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { startServer, type TestServer } from '../server/helpers/server.js';

const IMPOSSIBLE = ['https://ht!tp//x', 'https://a..b.dev', `https://${'a'.repeat(64)}.dev`, `https://${Array(5).fill('a'.repeat(60)).join('.')}`];

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(async () => {
  await srv?.destroy();
});

describe('impossible host names', () => {
  it('the CLI exits 2 with a clear message and no stack trace', async () => {
    const r = await runCli(['scan', IMPOSSIBLE[0]]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid URL[\s\S]*host name ht!tp has a label/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('the API answers 400 invalid-url for each', async () => {
    for (const url of IMPOSSIBLE) {
      const res = await srv.get(`/api/public/v1/scan?url=${encodeURIComponent(url)}`);
      expect([url, res.status]).toEqual([url, 400]);
      expect(((await res.json()) as { type: string }).type).toMatch(/invalid-url/);
    }
  });
});

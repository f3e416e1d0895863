/**
 * Strangers' requests that must neither crash the process nor produce a 500: bodies over the limit
 * sent without a Content-Length by a client that hangs up once answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.js';
import { postEndlessBody } from './helpers/endless-body.js';

let srv: TestServer;

beforeAll(async () => {
  srv = await startServer({ bodyLimitBytes: 16 * 1024 });
});

afterAll(async () => {
  await srv.destroy();
});

describe('oversized chunked bodies', () => {
  it('are cut off with 413 on every scan endpoint, and the server keeps serving', async () => {
    for (const path of ['/api/public/v1/scan', '/api/public/scan', '/api/scan']) {
      const outcome = await postEndlessBody(srv.url, path, 'application/json', 64 * 1024 * 1024);
      expect(outcome.ended, path).toBe(false);
      expect(outcome.status, path).toBe(413);
      const health = await srv.get('/healthz');
      expect(health.status, path).toBe(200);
    }
  });
});

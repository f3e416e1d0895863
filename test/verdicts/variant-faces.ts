/**
 * Corpus variants judged through every face: each variant's fixture site and one real server
 * (SQLite in a temp folder, private network allowed, no rate limit) started in beforeAll and
 * closed in afterAll, with the three scan faces of test/helpers/faces.ts.
 */
import { afterAll, beforeAll } from 'vitest';
import { createServer, type RunningServer } from '../../src/server/index.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { scanFaces } from '../helpers/faces.js';
import { serveVariant } from '../corpus/serve-variant.js';
import type { Variant } from '../corpus/types.js';
import { tempDir } from '../helpers/temp-dir.js';

export function variantFaces(variants: Variant[], tempPrefix: string) {
  const origins = new Map<string, string>();
  const open: FixtureSite[] = [];
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    for (const v of variants) origins.set(v.name, (await serveVariant(v, open)).origin);
    dir = tempDir(tempPrefix);
    server = await createServer({ port: 0, host: '127.0.0.1', dataDir: dir, log: false, allowPrivateNetwork: true, rateLimit: 0, maxScansPerClient: 8 });
  });
  afterAll(async () => {
    await Promise.all([...open.map((s) => s.close()), server?.close()]);
  });
  return {
    /** The variant's site origin (after beforeAll). */
    originOf: (name: string) => origins.get(name)!,
    faces: scanFaces(() => server, { cliExitCodes: [0, 1] }),
  };
}

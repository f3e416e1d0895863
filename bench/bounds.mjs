#!/usr/bin/env node
// Bounds benchmark (issue 18): what a hostile peer can make the service wait on or keep.
// 1. Webhook delivery against drip receivers on loopback: one that drips its status line and
//    headers (60 bytes, one per 200 ms: 12 s), one that answers 200 then drips a 100-byte body
//    (10 s). Timed for the current src/monitor/webhook.ts and, with --before <git rev>, for that
//    revision's (same 2 s timeout for both).
// 2. Retention: anonymous reports kept after the expiry sweep (SQLite), out of N saved.
// 3. DNS stall: a name server on 127.0.0.1 that never answers; time for the guard's resolver to
//    give up on one name (defaults: 2 s x 2 tries), and the latency of thread-pool work (file
//    read + gzip) while 64 such lookups hang.
// Prints figures, no asserts. Loopback only; starts and stops its own servers.
// Usage: node bench/bounds.mjs [--before a9e0526] [--reports 1000]
import { execFileSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { build } from 'esbuild';

const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const root = fileURLToPath(new URL('..', import.meta.url));
// Bundles go one level below the repo root, as src/ modules are: their bare imports (undici, pg)
// and ../package.json resolve as from src/. Removed at the end.
const work = mkdtempSync(join(root, '.bounds-'));
const data = mkdtempSync(join(tmpdir(), 'ai-ready-bounds-'));

/** Bundles a TypeScript module of src/ (or its text at a git revision) into an importable file. */
async function load(path, rev) {
  const out = join(work, `${path.replace(/\W/g, '_')}${rev ? `_${rev}` : ''}.mjs`);
  const entry = rev
    ? {
        stdin: {
          contents: execFileSync('git', ['show', `${rev}:${path}`], { cwd: root, encoding: 'utf8' }),
          resolveDir: join(root, path, '..'),
          loader: 'ts',
          sourcefile: path,
        },
      }
    : { entryPoints: [join(root, path)] };
  await build({ ...entry, bundle: true, platform: 'node', format: 'esm', outfile: out, packages: 'external', logLevel: 'error', absWorkingDir: root });
  return import(pathToFileURL(out).href);
}

const ms = (t0) => Math.round(performance.now() - t0);

async function dripReceiver(mode) {
  const head = 'HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nx-pad: aaaaaaaaaaaaaaaaaa\r\n\r\n';
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const socket = req.socket;
      let text = head;
      if (mode === 'body') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
        res.flushHeaders();
        text = 'x'.repeat(100);
      }
      let i = 0;
      const timer = setInterval(
        () => {
          if (i >= text.length || socket.destroyed) {
            clearInterval(timer);
            if (!socket.destroyed) socket.end();
            return;
          }
          socket.write(text[i++]);
        },
        mode === 'body' ? 100 : 200,
      );
      socket.on('close', () => clearInterval(timer));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, close: () => new Promise((r) => server.close(r)) };
}

async function webhookFigures(label, mod) {
  for (const mode of ['headers', 'body']) {
    const rx = await dripReceiver(mode);
    const t0 = performance.now();
    const res = await mod.deliverWebhook(
      { url: rx.url, secret: 'whsec_bench' },
      { type: 'monitor.alert', id: 'evt_bench' },
      { blockPrivateNetwork: false, timeoutMs: 2000 },
    );
    console.log(`webhook ${label.padEnd(7)} drip ${mode.padEnd(7)}: ${String(ms(t0)).padStart(6)} ms  (status ${res.status}, ${res.error ?? 'ok'})`);
    await rx.close();
  }
}

async function retentionFigures(n) {
  const { openStore } = await load('src/store/index.ts');
  const { expireAnonymousReports } = await load('src/store/retention.ts');
  const dir = join(data, 'store');
  const store = await openStore({ dataDir: dir });
  const result = (url) => ({
    apiVersion: '1',
    url,
    overallScore: 50,
    grade: 'D',
    level: 1,
    checks: [],
    padding: 'x'.repeat(50_000),
    platform: { platform: 'unknown' },
  });
  const alice = await store.ensureAccount('alice');
  for (let i = 0; i < n; i++) await store.saveReport({ result: result(`https://s${i}.example.com/`), isPublic: true, accountId: null });
  for (let i = 0; i < 50; i++) await store.saveReport({ result: result(`https://own${i}.example.com/`), isPublic: true, accountId: alice.id });
  const t0 = performance.now();
  const expired = await expireAnonymousReports(store, 30, Date.now() + 31 * 86_400_000);
  const took = ms(t0);
  let kept = 0;
  for (let i = 0; i < 50; i++) kept += (await store.domainHistory(`own${i}.example.com`)).items.length;
  let anonymousLeft = 0;
  for (let i = 0; i < n; i += 1) anonymousLeft += (await store.domainHistory(`s${i}.example.com`)).items.length;
  console.log(
    `retention: ${n} anonymous (50 KB each) + 50 account reports saved; sweep 31 days later expired ${expired} in ${took} ms; kept: ${anonymousLeft} anonymous, ${kept} account reports`,
  );
  await store.close();
}

async function dnsFigures() {
  const socket = createSocket('udp4');
  let queries = 0;
  socket.on('message', () => queries++);
  await new Promise((r) => socket.bind(0, '127.0.0.1', r));
  const { configureResolver, resolveHost } = await load('src/core/net/resolver.ts');
  const hosts = join(data, 'hosts');
  writeFileSync(hosts, '');
  configureResolver({ servers: [`127.0.0.1:${socket.address().port}`], hostsFile: hosts });
  let t0 = performance.now();
  const one = await resolveHost('stall.bench.test').catch((e) => e);
  console.log(`dns: one name on a hung server fails after ${ms(t0)} ms (${one.code}, ${queries} queries: A + AAAA x tries)`);
  // Thread-pool work while 64 lookups hang: no getaddrinfo holds a pool thread.
  const idle = performance.now();
  await readFile(fileURLToPath(import.meta.url));
  await promisify(gzip)(Buffer.alloc(256 * 1024));
  const baseline = ms(idle);
  const hung = Array.from({ length: 64 }, (_, i) => resolveHost(`stall${i}.bench.test`).catch(() => {}));
  t0 = performance.now();
  await readFile(fileURLToPath(import.meta.url));
  await promisify(gzip)(Buffer.alloc(256 * 1024));
  console.log(`dns: file read + gzip took ${ms(t0)} ms while 64 lookups hung (${baseline} ms idle)`);
  await Promise.all(hung);
  configureResolver({});
  socket.close();
}

try {
  await webhookFigures('now', await load('src/monitor/webhook.ts'));
  const before = argOf('before');
  if (before) await webhookFigures(before.slice(0, 7), await load('src/monitor/webhook.ts', before));
  await retentionFigures(Number(argOf('reports') ?? 1000));
  await dnsFigures();
} finally {
  rmSync(work, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
}

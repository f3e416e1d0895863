#!/usr/bin/env node
// A healthy rendering scan right after a hostile one whose page fetches 600 URLs on 600 names
// that never resolve (issue 30, point 1). Prints the healthy scan's wall time and whether its page
// was rendered (its script, on a name the guard proxy resolves, registered its WebMCP tool and
// axe-core ran), before the hostile page (baseline) and right after it. No asserts.
//
// Everything runs in a private network namespace holding only `lo` and a private mount namespace
// whose /etc/resolv.conf names a DNS server of this script on 127.0.0.1:53: it answers the two
// fixture names with 127.0.0.1 and never answers the hostile page's names. Both resolvers meet
// that server: the engine's own (c-ares) and getaddrinfo (the guard proxy before issue 30), so
// the same script measures an older build too: `--root <checkout with dist/ built>`.
// Needs root or unprivileged user namespaces (unshare -r), `unshare` and `ip` (util-linux, iproute2).
// Usage: npm run build && node bench/render-dns.mjs [--root <dir>]
import { spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const here = fileURLToPath(import.meta.url);
const root = resolve(argOf('root') ?? fileURLToPath(new URL('..', import.meta.url)));
if (!existsSync(join(root, 'dist/index.js'))) {
  console.error(`bench/render-dns: no ${join(root, 'dist/index.js')}; run \`npm run build\` there first`);
  process.exit(2);
}

const ZONE = 'aiready-bench.net';
const ANSWERS = { [`healthy.${ZONE}`]: '127.0.0.1' };

if (!process.argv.includes('--inside')) {
  // Re-run inside fresh namespaces: loopback only, our resolv.conf.
  const dir = mkdtempSync(join(tmpdir(), 'ai-ready-bench-dns-'));
  const conf = join(dir, 'resolv.conf');
  writeFileSync(conf, 'nameserver 127.0.0.1\n');
  const inner = `ip link set lo up && mount --bind ${conf} /etc/resolv.conf && exec ${process.execPath} ${here} --inside --root ${root}`;
  const args = [...(process.getuid?.() === 0 ? [] : ['-r']), '-m', '-n', '--', 'sh', '-c', inner];
  const r = spawnSync('unshare', args, { stdio: 'inherit' });
  rmSync(dir, { recursive: true, force: true });
  process.exit(r.status ?? 1);
}

/** The DNS server of the namespace: fixture names answered, everything else never. */
function startDns() {
  const socket = createSocket('udp4');
  const stats = { queries: 0, names: new Set() };
  socket.on('message', (msg, peer) => {
    const labels = [];
    let i = 12;
    while (i < msg.length && msg[i] !== 0 && labels.length < 64) {
      labels.push(msg.subarray(i + 1, i + 1 + msg[i]).toString('latin1'));
      i += 1 + msg[i];
    }
    const end = i + 5;
    const name = labels.join('.').toLowerCase();
    stats.queries++;
    stats.names.add(name);
    const ip = ANSWERS[name];
    if (!ip || end > msg.length) return; // hang
    const head = Buffer.from(msg.subarray(0, end));
    head[2] = 0x80 | (msg[2] & 1);
    head[3] = 0x80;
    head.writeUInt16BE(1, 4);
    const isA = msg.readUInt16BE(end - 4) === 1;
    head.writeUInt16BE(isA ? 1 : 0, 6);
    head.writeUInt32BE(0, 8);
    const rr = isA ? Buffer.from([0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, ...ip.split('.').map(Number)]) : Buffer.alloc(0);
    socket.send(Buffer.concat([head, rr]), peer.port, peer.address);
  });
  return new Promise((res) => socket.bind(53, '127.0.0.1', () => res({ stats, close: () => socket.close() })));
}

const { startFixture } = await import(pathToFileURL(join(fileURLToPath(new URL('..', import.meta.url)), 'test/fixtures/serve.mjs')).href);
const { scan } = await import(pathToFileURL(join(root, 'dist/index.js')).href);
const dns = await startDns();
const hostileHtml = `<!doctype html><html lang="en"><title>flood</title><main><h1>Flood</h1></main><script>
  for (let i = 0; i < 300; i++) {
    fetch('http://f' + i + '.stall.${ZONE}/x').catch(() => {});
    const img = new Image(); img.src = 'http://i' + i + '.stall.${ZONE}/x.png';
  }
</script></html>`;
// The healthy page is on a loopback literal (the scan's own fetches need no name) and loads its
// script from a name: what the guard proxy resolves is what is timed.
const healthyHtml = (port) =>
  `<!doctype html><html lang="en"><title>ok</title><main><h1>Flights</h1><button>Search</button></main><script src="http://healthy.${ZONE}:${port}/app.js"></script></html>`;
const APP_JS =
  "const mc = document['model' + 'Context']; if (mc) mc['register' + 'Tool']({ name: 'find_flights', description: 'Find flights between two airports.', inputSchema: { type: 'object', properties: {} }, execute: async () => ({ content: [] }) });";
const site = await startFixture((s) => ({
  '/': { headers: { 'content-type': 'text/html' }, body: healthyHtml(s.port) },
  '/app.js': { headers: { 'content-type': 'text/javascript' }, body: APP_JS },
  '/flood': { headers: { 'content-type': 'text/html' }, body: hostileHtml },
}));

async function timedScan(path) {
  const t0 = performance.now();
  try {
    const r = await scan(`http://127.0.0.1:${site.port}${path}`, {
      render: true,
      pages: 1,
      blockPrivateNetwork: true,
      allowedHosts: ['127.0.0.1', `healthy.${ZONE}`],
      only: ['A7', 'A11'],
    });
    const ms = Math.round(performance.now() - t0);
    const a7 = r.checks.find((c) => c.id === 'A7');
    const a11 = r.checks.find((c) => c.id === 'A11');
    const failed = (r.warnings ?? []).find((w) => /could not be rendered|browser could not be used/.test(w));
    const rendered = a7?.code === 'A7/rendered-ok' && a11?.code !== 'A11/unmeasured';
    return { ms, rendered, why: failed ?? `${a7?.code}, ${a11?.code}: ${a11?.evidence}` };
  } catch (e) {
    return { ms: Math.round(performance.now() - t0), rendered: false, why: `the scan failed: ${e.message}` };
  }
}

const show = (label, r) =>
  console.log(`${label.padEnd(44)} ${String(r.ms).padStart(6)} ms  ${r.rendered ? 'rendered' : `NOT rendered (${String(r.why).slice(0, 140)})`}`);
console.log(`bench/render-dns: build ${root}`);
show('healthy render, baseline', await timedScan('/'));
show('hostile page (600 names that never resolve)', await timedScan('/flood'));
show('healthy render right after the hostile page', await timedScan('/'));
show('healthy render again', await timedScan('/'));
console.log(`dns: ${dns.stats.queries} queries for ${dns.stats.names.size} names`);
await site.close();
dns.close();
// getaddrinfo calls still queued on libuv's pool would keep an older build's process alive for minutes.
process.exit(0);

// Preload (`node --import ./bench/loopback-only.mjs ...`) that keeps a benchmarked process on
// loopback: DNS lookups of other names and socket connections to other addresses fail at once,
// before any packet leaves, and each refusal is written to stderr as "loopback-only: refused ..."
// so the bench can count them. Peers are third-party code: this guard is why bench/peers.mjs may
// run them at all.
import dns from 'node:dns';
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const isLoopback = (host) => {
  const h = String(host ?? 'localhost').toLowerCase();
  return LOOPBACK_NAMES.has(h) || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::ffff:127.0.0.1';
};
const refuse = (what) => {
  process.stderr.write(`loopback-only: refused ${what}\n`);
  const e = new Error(`loopback-only: ${what} is not on loopback`);
  e.code = 'ECONNREFUSED';
  return e;
};

const lookup = dns.lookup;
dns.lookup = function guardedLookup(host, options, callback) {
  const cb = typeof options === 'function' ? options : callback;
  if (!isLoopback(host)) return process.nextTick(() => cb(refuse(`DNS lookup of ${host}`)));
  return lookup.call(this, host, options, callback);
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = async (host, options) => {
  if (!isLoopback(host)) throw refuse(`DNS lookup of ${host}`);
  return promisesLookup(host, options);
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const first = args[0];
  const opts = Array.isArray(first) ? first[0] : first;
  // Unix sockets (a path) stay local by definition.
  const host = typeof opts === 'object' && opts !== null ? (opts.path ? 'localhost' : opts.host) : typeof args[1] === 'string' ? args[1] : 'localhost';
  if (!isLoopback(host)) {
    const err = refuse(`connection to ${host}`);
    process.nextTick(() => this.destroy(err));
    return this;
  }
  return connect.apply(this, args);
};

// Named ESM imports (`import { lookup } from 'node:dns'`) see the patched functions too.
syncBuiltinESMExports();

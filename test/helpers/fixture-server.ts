/**
 * Real HTTP fixture sites on 127.0.0.1 (random port) for end-to-end tests. A site is a map from
 * path to a static response or a handler; every request is logged so tests can count them.
 */
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StaticRoute = { status?: number; headers?: Record<string, string>; body?: string | Buffer };
export type Route = StaticRoute | ((req: IncomingMessage, res: ServerResponse, site: FixtureSite) => void | Promise<void>);

export interface FixtureSite {
  origin: string;
  port: number;
  requests: Array<{ method: string; path: string; accept: string; at: number }>;
  close(): Promise<void>;
}

export interface FixtureOptions {
  /** Delay every response by this many ms (latency benchmark). */
  delayMs?: number;
  /** Response when no route matches (default: 404 text/plain). */
  fallback?: Route;
  host?: string;
}

export async function startFixture(
  routes: Record<string, Route> | ((site: FixtureSite) => Record<string, Route>),
  opts: FixtureOptions = {},
): Promise<FixtureSite> {
  const site: FixtureSite = { origin: '', port: 0, requests: [], close: async () => {} };
  let table: Record<string, Route> = {};
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    site.requests.push({ method: req.method ?? 'GET', path, accept: String(req.headers.accept ?? ''), at: Date.now() });
    if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
    const route = table[path] ?? table[req.url ?? '/'] ?? opts.fallback ?? { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
    try {
      if (typeof route === 'function') return await route(req, res, site);
      res.writeHead(route.status ?? 200, route.headers ?? {});
      res.end(req.method === 'HEAD' ? undefined : route.body ?? '');
    } catch {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, opts.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  site.port = port;
  site.origin = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  table = typeof routes === 'function' ? routes(site) : routes;
  site.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return site;
}

/** One access-log line per request: time, client, method, path, status, duration. */
import type { Middleware } from 'h3';
import { clientIp } from '../request.js';
import type { Req } from '../context.js';

export function accessLog(log: (line: string) => void, trustProxy: boolean): Middleware {
  return async (event, next) => {
    const started = performance.now();
    const res = await next();
    const status = res instanceof Response ? res.status : 200;
    const ip = clientIp(event.req as Req, trustProxy);
    log(`${new Date().toISOString()} ${ip} ${event.req.method} ${event.url.pathname} ${status} ${(performance.now() - started).toFixed(1)}ms`);
    return res;
  };
}

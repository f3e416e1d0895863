/**
 * Bounds on every connection, so a client that sends slowly or never reads cannot hold sockets
 * (and the memory of their unsent responses) for ever. Node's own `headersTimeout` and
 * `requestTimeout` are checked only every 30 s and a stalled write has no timeout at all, so:
 *
 * - headers: a connection (or a keep-alive connection after its last response) must deliver a
 *   request's headers within `headersMs`, however slowly it trickles them;
 * - idle: a socket with no traffic in either direction for `idleMs` is closed, unless the server
 *   itself is still working on its request (a scan may take longer: its deadline bounds it) or is
 *   streaming with nothing pending (the SSE heartbeat keeps such a stream moving);
 * - write stall: a response with bytes waiting that the client does not take for `idleMs` (a
 *   client that never reads) is closed;
 * - keep-alive: an idle kept-alive connection is closed after `keepAliveMs`;
 * - request body: the whole upload within `requestMs`, however slowly it trickles; a body that
 *   stops arriving is closed after `idleMs` (Node's `requestTimeout` stays as a second line).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Time to receive a request's headers, from the connection (or the previous response). */
  headersMs: number;
  /** Time without traffic before a socket the server is not working for is closed; also the write-stall bound. */
  idleMs: number;
  /** Idle time of a kept-alive connection between requests. */
  keepAliveMs: number;
  /** Time to receive a whole request, body included. */
  requestMs: number;
}

export const CONNECTION_DEFAULTS: ConnectionLimits = { headersMs: 10_000, idleMs: 30_000, keepAliveMs: 5_000, requestMs: 30_000 };

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Applies the bounds to `server`; returns the request handler wrapper that tracks each socket's response. */
export function limitConnections(server: Server, limits: ConnectionLimits): (handler: NodeHandler) => NodeHandler {
  // The exchange each socket is serving now (none between requests).
  const serving = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>();
  const headerTimers = new WeakMap<Socket, NodeJS.Timeout>();

  const awaitHeaders = (socket: Socket) => {
    clearTimeout(headerTimers.get(socket));
    const t = setTimeout(() => socket.destroy(), limits.headersMs);
    t.unref();
    headerTimers.set(socket, t);
  };

  server.headersTimeout = limits.headersMs;
  server.requestTimeout = Math.max(limits.requestMs, limits.headersMs);
  server.keepAliveTimeout = limits.keepAliveMs;
  server.timeout = limits.idleMs;
  server.on('connection', (socket: Socket) => {
    awaitHeaders(socket);
    socket.once('close', () => clearTimeout(headerTimers.get(socket)));
  });
  // A listener here replaces Node's default (destroy on any timeout): decide per socket.
  server.on('timeout', (socket: Socket) => {
    const ex = serving.get(socket);
    if (!ex) return socket.destroy(); // between requests, or headers not yet complete
    const { req, res } = ex;
    if (!req.complete) return socket.destroy(); // a body that stopped arriving
    if (!res.headersSent) return; // the handler is still working (bounded by the scan deadline)
    if (socket.writableLength > 0 || res.writableLength > 0) return socket.destroy(); // the client does not read
  });

  return (handler) => (req, res) => {
    const socket = req.socket;
    clearTimeout(headerTimers.get(socket));
    const exchange = { req, res };
    serving.set(socket, exchange);
    // The whole body within requestMs, however slowly it trickles (Node checks only every 30 s).
    let bodyTimer: NodeJS.Timeout | undefined;
    if (!req.complete) {
      bodyTimer = setTimeout(() => {
        if (!req.complete) socket.destroy();
      }, limits.requestMs);
      bodyTimer.unref();
      req.once('end', () => clearTimeout(bodyTimer));
    }
    const done = () => {
      clearTimeout(bodyTimer);
      if (serving.get(socket) !== exchange) return;
      serving.delete(socket);
      if (!socket.destroyed) awaitHeaders(socket);
    };
    res.once('finish', done);
    res.once('close', done);
    return handler(req, res);
  };
}

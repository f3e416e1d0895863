/**
 * POST /api/scan: the scan as server-sent events: the engine's progress events (`started`,
 * `probe`, `check`, `finished`), then `result` (the report view) or `error` (a problem body).
 * Errors before the scan starts (auth, parameters, rate limit) are plain problem responses.
 */
import type { H3Event } from 'h3';
import type { ScanEvent } from '../../core/events.js';
import { admitScan, type Admitted } from '../admission.js';
import type { ServerContext } from '../context.js';
import { scanBody, scanErrors } from '../openapi.js';
import { respond } from '../respond.js';
import { defineRoute } from '../route.js';
import { classifyError, problemBody } from '../scan-errors.js';
import { toSafeJson } from '../../format/sanitize.js';

const PATH = '/api/scan';
const HEARTBEAT_MS = 15_000;

export const sseRoutes = [
  defineRoute({
    path: PATH,
    announce: {
      surface: {
        rank: 60,
        section: 'API',
        title: 'Streaming scan',
        type: 'text/event-stream',
        note: 'POST {"url": "<site>"}: server-sent events of the scan progress, then the result',
      },
      catalog: [{ api: 'stream', rel: 'item', rank: 10, type: 'text/event-stream', title: 'Streaming scan (server-sent events)' }],
    },
    // Before the stream starts (auth, parameters, rate limit) a failure is thrown: a plain problem response.
    api: true,
    methodHint: 'Use POST with a JSON body.',
    methods: { post: async (event: H3Event, ctx: ServerContext) => eventStream(ctx, await admitScan(event, ctx)) },
    openapi: {
      post: {
        operationId: 'scanStream',
        summary: 'Scan with live progress as server-sent events',
        description:
          'Events: `started`, `probe`, `check`, `finished` (the engine stream), then `result` (the ScanResponse with ' +
          'shareId and shareUrl) or `error` (a Problem document). A cached result sends `result` only.',
        requestBody: scanBody,
        responses: { '200': { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }, ...scanErrors },
      },
    },
  }),
];

function eventStream(ctx: ServerContext, { url, call }: Admitted): Response {
  const enc = new TextEncoder();
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (type: string, data: unknown) => {
        if (closed) return;
        try {
          controller.enqueue(enc.encode(`event: ${type}\ndata: ${typeof data === 'string' ? data : toSafeJson(data)}\n\n`));
        } catch {
          closed = true;
        }
      };
      const finish = () => {
        if (heartbeat) clearInterval(heartbeat);
        if (!closed) {
          closed = true;
          controller.close();
        }
      };
      heartbeat = setInterval(() => {
        if (!closed) controller.enqueue(enc.encode(': keep-alive\n\n'));
      }, HEARTBEAT_MS);
      ctx.service
        .scan(url, { ...call, onEvent: (ev: ScanEvent) => send(ev.type, ev) })
        .then((outcome) => send('result', ctx.bodies.scan(outcome)))
        .catch((e) => {
          const p = classifyError(e);
          if (p.name === 'internal-error') ctx.logError(e, PATH);
          send('error', problemBody(ctx.base(), p, PATH));
        })
        .finally(finish);
    },
    cancel() {
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
    },
  });
  return respond(body, 200, 'text/event-stream; charset=utf-8', { 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
}

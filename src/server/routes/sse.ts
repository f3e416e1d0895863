/**
 * POST /api/scan: the scan as server-sent events: the engine's progress events (`started`,
 * `probe`, `check`, `finished`), then `result` (the report view) or `error` (a problem body).
 * Errors before the scan starts (auth, parameters, rate limit) are plain problem responses.
 */
import type { H3 } from 'h3';
import type { ScanEvent } from '../../core/events.js';
import { admitScan, type Admitted } from '../admission.js';
import type { ServerContext } from '../context.js';
import { apiMethods } from '../methods.js';
import { respond } from '../respond.js';
import { classifyError, errorProblem, problemBody } from '../scan-errors.js';
import { toSafeJson } from '../../format/sanitize.js';

const PATH = '/api/scan';
const HEARTBEAT_MS = 15_000;

export function sseRoutes(app: H3, ctx: ServerContext): void {
  app.all(PATH, async (event) => {
    const bad = apiMethods(event, ctx.base(), ['POST'], 'Use POST with a JSON body.');
    if (bad) return bad;
    let admitted: Admitted;
    try {
      admitted = await admitScan(event, ctx);
    } catch (e) {
      return errorProblem(ctx.base(), e, PATH, ctx.logError);
    }
    return eventStream(ctx, admitted);
  });
}

function eventStream(ctx: ServerContext, { params, account, client }: Admitted): Response {
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
        .scan(params.url, {
          account,
          client,
          fresh: params.fresh,
          isPublic: params.isPublic,
          pages: params.pages,
          render: params.render,
          onEvent: (ev: ScanEvent) => send(ev.type, ev),
        })
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

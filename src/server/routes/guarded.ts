/** Agent-protocol handlers answer OAuth-style JSON errors; an unexpected failure is logged, never shown. */
import type { ServerContext } from '../context.js';

export async function guarded(ctx: ServerContext, where: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (e) {
    ctx.logError(e, where);
    return new Response(JSON.stringify({ error: 'server_error', error_description: 'An internal error occurred.' }), {
      status: 500,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  }
}

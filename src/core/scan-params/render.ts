/**
 * `render`: also load the pages in headless Chromium. Every face takes it; the service admits it
 * only when started with --render (ScanService.admit). Off is "not asked": a face sends no `false`.
 */
import { defineScanParam } from './define.js';

const RENDER_TEXT =
  'also load the pages in headless Chromium (WebMCP tools registered at run time, the text scripts add, rendered ' +
  'JSON-LD and hints, agent operability). Only on a server started with --render; elsewhere a 400 ' +
  'invalid-parameter.';

const on = (value: boolean) => value || undefined;

export const render = defineScanParam({
  key: 'render',
  schema: (z) => z.boolean({ error: 'render must be a boolean.' }).describe(`true: ${RENDER_TEXT}`),
  example: true,
  query: {
    schema: (z) => z.enum(['1', '0'], { error: 'render only accepts the values 1 and 0.' }),
    description: `\`1\`: ${RENDER_TEXT}`,
    read: (text: '1' | '0') => text === '1' || undefined,
    example: '1',
  },
  body: { read: on },
  mcp: { read: on },
  cli: {
    option: '--render',
    help:
      'also load the pages in headless Chrome/Chromium (AI_READY_CHROME or PATH): WebMCP tools registered at run ' +
      'time, the text scripts add, rendered JSON-LD and hints, agent operability; see docs/render.md',
    default: false,
    read: (setting) => setting || undefined,
  },
});

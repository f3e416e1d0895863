/** scan_site and check_site: the read-only scan tools, with progress from the engine's event stream. */
import * as z from 'zod';
import { CHECKS } from '../../core/checks/index.js';
import { DIMENSIONS, ScanResponse } from '../../core/schema.js';
import { ScanUrl, mcpParamFields } from '../../core/scan-params/schemas.js';
import { ScanParamRefused, type McpScanTool } from '../../core/scan-params/define.js';
import { paramsFromMcp } from '../../core/scan-params/faces.js';
import type { ScanParams } from '../../core/scan-params/index.js';
import type { ScanEvent } from '../../core/events.js';
import { defineTool, type ToolExtra } from './define.js';
import { summarizeScan } from '../summary.js';
import { toolErrorFromScan } from './errors.js';
import { ToolError } from '../context.js';

// A copy without the registry id: MCP output schemas must be inline objects, not a $ref.
const ScanOutput = z.object(ScanResponse.shape);

/** A tool call's ScanParams: every parameter this tool spells (core/scan-params/); a refused value (scope "page" with pages 5, an unknown check) is a tool error. */
async function paramsOf(tool: McpScanTool, args: Record<string, unknown>): Promise<ScanParams> {
  try {
    return await paramsFromMcp(tool, args);
  } catch (e) {
    if (e instanceof ScanParamRefused) throw new ToolError(e.message);
    throw e;
  }
}

/** Progress notifications when the client asked for them (a progressToken in the request). */
function progressReporter(extra: ToolExtra): ((e: ScanEvent) => void) | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  let total = 0;
  const send = (progress: number, message: string) =>
    void extra
      .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, ...(total ? { total } : {}), message } })
      .catch(() => {});
  return (e) => {
    if (e.type === 'started') {
      total = e.checks + 1;
      send(0, `Scanning ${e.url} (${e.checks} checks)`);
    } else if (e.type === 'check') send(e.done, `${e.id} ${e.name}: ${e.status}`);
    else if (e.type === 'finished') send(total || 1, `Done: ${e.overallScore}/100, grade ${e.grade}, level ${e.level}`);
  };
}

export const scanSite = defineTool({
  name: 'scan_site',
  title: 'Scan a site for AI-agent readiness',
  description:
    'Runs a full AI-readiness scan of a URL (robots.txt AI rules, sitemaps, llms.txt, markdown negotiation, MCP server card, ' +
    'agent skills, OAuth discovery, commerce protocols...). Returns the v1 ScanResponse: overall score 0-100, grade A-F, ' +
    'level 0-5, every check with evidence and fix steps, and a share id of the saved report. Sends progress notifications ' +
    'per check when the request carries a progressToken. Scan, fix, re-scan: do not loop scans.',
  input: z.object({
    url: ScanUrl,
    ...mcpParamFields('scan_site'),
    fresh: z.boolean().optional().describe('Bypass the 5-minute result cache'),
    isPublic: z.boolean().optional().describe("Visibility of the saved report (default: the account's default); ignored for anonymous callers"),
  }),
  output: ScanOutput,
  anonymous: true,
  needsStore: false,
  annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true },
  async run(args, ctx, extra) {
    const params = await paramsOf('scan_site', args);
    try {
      const result = await ctx.scanner({
        url: args.url,
        params,
        fresh: args.fresh,
        isPublic: ctx.account ? args.isPublic : undefined,
        account: ctx.account,
        onEvent: progressReporter(extra),
        signal: extra.signal,
      });
      return { data: result, summary: summarizeScan(result) };
    } catch (e) {
      throw toolErrorFromScan(e);
    }
  },
});

const CHECK_IDS = CHECKS.map((c) => c.meta.id);

export const checkSite = defineTool({
  name: 'check_site',
  title: 'Run selected checks on a site',
  description:
    `Runs only the named checks on a URL: check ids (${CHECK_IDS.slice(0, 6).join(', ')}, ... see get_rubric) or dimension names ` +
    `(${DIMENSIONS.join(', ')}). Quicker than scan_site for re-testing one fix. The result is a ScanResponse whose score covers ` +
    'only those checks; it is not saved as a report.',
  input: z.object({ url: ScanUrl, ...mcpParamFields('check_site') }),
  output: ScanOutput,
  anonymous: true,
  needsStore: false,
  annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true },
  async run(args, ctx, extra) {
    const params = await paramsOf('check_site', args);
    try {
      const result = await ctx.scanner({
        url: args.url,
        params,
        account: ctx.account,
        onEvent: progressReporter(extra),
        signal: extra.signal,
      });
      return { data: result, summary: summarizeScan(result, { partial: true }) };
    } catch (e) {
      throw toolErrorFromScan(e);
    }
  },
});

/** scan_site and check_site: the read-only scan tools, with progress from the engine's event stream. */
import * as z from 'zod';
import { CHECKS } from '../../core/checks/index.js';
import { DIMENSIONS, ScanResponse } from '../../core/schema.js';
import { ScanProfile, ScanRender, ScanScopeParam, ScanUrl, ServicePages } from '../../core/scan-params.js';
import { scanParams } from '../../core/scan-params-of.js';
import { ScopeConflict, scopePages } from '../../core/scope.js';
import type { ScanEvent } from '../../core/events.js';
import { defineTool, type ToolExtra } from './define.js';
import { summarizeScan } from '../summary.js';
import { toolErrorFromScan } from './errors.js';
import { ToolError } from '../context.js';

// A copy without the registry id: MCP output schemas must be inline objects, not a $ref.
const ScanOutput = z.object(ScanResponse.shape);

// The parameters every face takes, declared once (core/scan-params.ts).
const Url = ScanUrl;
const Profile = ScanProfile.optional();
const Scope = ScanScopeParam.optional();
const Pages = ServicePages.optional();
const Render = ScanRender.optional();

/** The page count of a tool call (the one scope rule, core/scope.ts); a contradiction is a tool error. */
function pagesOf(args: { scope?: 'site' | 'page'; pages?: number }): number | undefined {
  try {
    return scopePages(args.scope, args.pages);
  } catch (e) {
    if (e instanceof ScopeConflict) throw new ToolError(e.message);
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
    url: Url,
    profile: Profile,
    scope: Scope,
    pages: Pages,
    render: Render,
    fresh: z.boolean().optional().describe('Bypass the 5-minute result cache'),
    isPublic: z.boolean().optional().describe("Visibility of the saved report (default: the account's default); ignored for anonymous callers"),
  }),
  output: ScanOutput,
  anonymous: true,
  needsStore: false,
  annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true },
  async run(args, ctx, extra) {
    try {
      const result = await ctx.scanner({
        url: args.url,
        params: scanParams({ profile: args.profile, pages: pagesOf(args), render: args.render, only: undefined, skip: undefined }),
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
  input: z.object({
    url: Url,
    checks: z.array(z.string().min(1).max(40)).min(1).max(50).describe('Check ids (as get_rubric lists them) or dimension names like "content"'),
    profile: Profile,
    scope: Scope,
    pages: Pages,
    render: Render,
  }),
  output: ScanOutput,
  anonymous: true,
  needsStore: false,
  annotations: { readOnlyHint: true, openWorldHint: true, idempotentHint: true },
  async run(args, ctx, extra) {
    const unknown = args.checks.filter(
      (x) => !CHECK_IDS.includes(x.trim().toUpperCase()) && !(DIMENSIONS as readonly string[]).includes(x.trim().toLowerCase()),
    );
    if (unknown.length) {
      throw new ToolError(`Unknown check or dimension: ${unknown.join(', ')}. Known checks: ${CHECK_IDS.join(', ')}; dimensions: ${DIMENSIONS.join(', ')}.`);
    }
    try {
      const result = await ctx.scanner({
        url: args.url,
        params: scanParams({ profile: args.profile, pages: pagesOf(args), render: args.render, only: args.checks.map((x) => x.trim()), skip: undefined }),
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

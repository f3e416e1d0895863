/** Saved reports and history: get (and compare), list, delete, visibility, a domain's history. */
import * as z from 'zod';
import { ReportResponse, gradeFor } from '../../core/schema.js';
import type { StoredReport } from '../../store/types.js';
import { ToolError } from '../context.js';
import { Comparison, DomainHistory, ReportPage } from '../schemas.js';
import { defineTool } from './define.js';
import { ownedReport, readableReport, requireAccount, withShareUrl } from './access.js';
import { compareReports as compareStoredReports, reportResponse } from '../../service/index.js';
import { comparisonLines } from '../../format/compare-render.js';

const ReportId = z
  .string()
  .regex(/^[a-z0-9]{4,24}$/, 'a report id is 4-24 characters from a-z and 0-9')
  .describe('Share id of a report');
const Limit = z.number().int().min(1).max(100).optional().describe('Page size, default 20');
const Cursor = z.string().max(200).optional().describe('nextCursor of the previous page');

const gradeOf = (r: StoredReport) => r.result.grade ?? gradeFor(r.result.overallScore);

export const getReport = defineTool({
  name: 'get_report',
  title: 'Get a saved report, optionally compared with another',
  description:
    'Returns a saved scan report by its share id (the id in /r/<id>): the full ScanResponse plus score, grade and ' +
    'dates. Public reports and your own private ones are readable. ' +
    'With compareWith (an earlier report, usually of the same site), it also returns `comparison`: the score, ' +
    'grade, level and dimension changes from that report to this one, new and fixed findings, and every check ' +
    'whose status changed (the same comparison as the /compare page and GET /api/public/v1/compare).',
  input: z.object({
    id: ReportId,
    compareWith: ReportId.optional().describe('Share id of an earlier report to compare this one against (from compareWith to id)'),
  }),
  output: z.object({ ...ReportResponse.shape, comparison: Comparison.optional().describe('Present with compareWith') }),
  anonymous: false,
  needsStore: true,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const { store, account } = requireAccount(ctx);
    const r = await readableReport(store, account, args.id);
    const data = reportResponse(r, ctx.baseUrl);
    const summary = `Report ${r.id} of ${r.url} (${r.createdAt}): ${data.score}/100, grade ${data.grade}, level ${r.result.level}.`;
    if (!args.compareWith) return { data, summary };
    const from = await readableReport(store, account, args.compareWith);
    const comparison = comparisonOf(from, r, ctx.baseUrl);
    const lines = comparisonLines(comparison).map((l) => l.trimStart());
    return {
      data: { ...data, comparison },
      summary: `${summary}\nCompared with ${from.id}:\n${lines.slice(0, 40).join('\n')}${lines.length > 40 ? `\n... and ${lines.length - 40} more lines` : ''}`,
    };
  },
});

function point(r: StoredReport) {
  return {
    id: r.id,
    url: r.url,
    createdAt: r.createdAt,
    score: r.result.overallScore,
    grade: gradeOf(r),
    level: r.result.level,
    ...(r.result.rubricVersion ? { rubricVersion: r.result.rubricVersion } : {}),
  };
}

/** One comparison for every face (service/compare.ts over format/compare.ts), as /api/public/v1/compare returns it. */
function comparisonOf(a: StoredReport, b: StoredReport, baseUrl: string | undefined) {
  const c = compareStoredReports(a, b);
  return { ...c, from: point(a), to: point(b), ...(baseUrl ? { htmlUrl: `${baseUrl}/compare?from=${a.id}&to=${b.id}` } : {}) };
}

export const listReports = defineTool({
  name: 'list_reports',
  title: 'List my reports',
  description:
    "Lists the caller's account history (scans made with their key or token, and monitor runs), newest first, paginated; optionally only one domain.",
  input: z.object({
    domain: z
      .string()
      .max(253 + ':65535'.length)
      .optional()
      .describe('Only reports of this host, e.g. "www.example.org" (with the port when not the default: "127.0.0.1:8123")'),
    limit: Limit,
    cursor: Cursor,
  }),
  output: ReportPage,
  anonymous: false,
  needsStore: true,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const { store, account } = requireAccount(ctx);
    const page = await store.listAccountReports(account.id, { limit: args.limit, cursor: args.cursor, domain: args.domain?.toLowerCase() });
    const items = page.items.map((s) => withShareUrl(s, ctx.baseUrl));
    const lines = items.map((s) => `${s.id}  ${s.createdAt}  ${s.score} ${s.grade}  L${s.level}  ${s.url}`);
    return {
      data: { items, nextCursor: page.nextCursor },
      summary: items.length ? `${items.length} report(s)${page.nextCursor ? ' (more: pass nextCursor)' : ''}:\n${lines.join('\n')}` : 'No reports.',
    };
  },
});

export const deleteReport = defineTool({
  name: 'delete_report',
  title: 'Delete a report',
  description:
    'Deletes one of your reports (the report page stops working). A public report of another account that is in ' +
    'your history is only removed from your history.',
  input: z.object({ id: ReportId }),
  output: z.object({ id: z.string(), deleted: z.boolean().describe('The report itself was deleted'), removedFromHistory: z.boolean() }),
  anonymous: false,
  needsStore: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const { store, account } = requireAccount(ctx);
    const report = await store.getReport(args.id);
    if (report && report.accountId === account.id) {
      await store.deleteReport(args.id);
      return { data: { id: args.id, deleted: true, removedFromHistory: true }, summary: `Report ${args.id} deleted.` };
    }
    if (await store.removeFromHistory(account.id, args.id)) {
      return {
        data: { id: args.id, deleted: false, removedFromHistory: true },
        summary: `Report ${args.id} removed from your history (it belongs to another account).`,
      };
    }
    throw new ToolError(`No report with id "${args.id}" in your account.`);
  },
});

export const setReportVisibility = defineTool({
  name: 'set_report_visibility',
  title: 'Make a report public or private',
  description: 'Sets whether one of your reports is public (anyone with the link can read it) or private (only your key or token can).',
  input: z.object({ id: ReportId, isPublic: z.boolean() }),
  output: z.object({ id: z.string(), isPublic: z.boolean() }),
  anonymous: false,
  needsStore: true,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const { store, account } = requireAccount(ctx);
    await ownedReport(store, account, args.id);
    await store.setReportVisibility(args.id, args.isPublic);
    return { data: { id: args.id, isPublic: args.isPublic }, summary: `Report ${args.id} is now ${args.isPublic ? 'public' : 'private'}.` };
  },
});

function hostOf(input: string): string {
  const raw = input.trim().toLowerCase();
  try {
    // The history's key: the host, with the port when it is not the scheme's default.
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(raw) ? raw : `https://${raw}`).host;
  } catch {
    throw new ToolError(`"${input.slice(0, 100)}" is not a domain or URL.`);
  }
}

export const getDomainHistory = defineTool({
  name: 'get_domain_history',
  title: "A domain's scores over time",
  description:
    "Returns a domain's scans over time, newest first (score, grade, level, report id): every public report plus " +
    'your own private ones. Accepts a host name or a URL.',
  input: z.object({ domain: z.string().min(1).max(2048).describe('Host (with the port when not the default) or URL'), limit: Limit, cursor: Cursor }),
  output: DomainHistory,
  anonymous: false,
  needsStore: true,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const { store, account } = requireAccount(ctx);
    const domain = hostOf(args.domain);
    const page = await store.domainHistory(domain, { accountId: account.id, limit: args.limit, cursor: args.cursor });
    const items = page.items.map((s) => withShareUrl(s, ctx.baseUrl));
    const trend =
      items.length >= 2
        ? ` Latest ${items[0].score} (${items[0].grade}), oldest on this page ${items[items.length - 1].score} (${items[items.length - 1].grade}).`
        : '';
    return {
      data: { domain, items, nextCursor: page.nextCursor },
      summary: items.length ? `${items.length} scan(s) of ${domain}.${trend}` : `No scans of ${domain} yet.`,
    };
  },
});

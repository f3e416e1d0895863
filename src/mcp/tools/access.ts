/** Account tools act only on the caller's own account: these helpers enforce it in one place. */
import type { Account, ReportSummary, Store, StoredReport } from '../../store/types.js';
import type { MonitorStore } from '../../store/types.js';
import { ToolError, type McpContext } from '../context.js';
import { shareUrlOf } from '../../service/index.js';

export function requireAccount(ctx: McpContext): { store: Store; account: Account } {
  if (!ctx.account) throw new ToolError('This tool needs an account: call it with an API key or an OAuth token.');
  if (!ctx.store) throw new ToolError('No report store is configured.');
  return { store: ctx.store, account: ctx.account };
}

export function requireMonitors(ctx: McpContext): { store: Store; account: Account; monitors: MonitorStore } {
  const base = requireAccount(ctx);
  if (!ctx.monitors) throw new ToolError('Monitoring is not available on this server.');
  return { ...base, monitors: ctx.monitors };
}

/** A report the caller may read: public, or their own. Anything else looks like "not found". */
export async function readableReport(store: Store, account: Account, id: string): Promise<StoredReport> {
  const report = /^[a-z0-9]{4,24}$/.test(id) ? await store.getReport(id) : undefined;
  if (!report || (!report.isPublic && report.accountId !== account.id)) throw new ToolError(`No report with id "${id}".`);
  return report;
}

export async function ownedReport(store: Store, account: Account, id: string): Promise<StoredReport> {
  const report = await readableReport(store, account, id);
  if (report.accountId !== account.id) throw new ToolError(`Report "${id}" belongs to another account: only its owner can change it.`);
  return report;
}

export function withShareUrl(s: ReportSummary, baseUrl?: string) {
  const { accountId: _owner, ...rest } = s;
  const shareUrl = shareUrlOf(baseUrl, s.id);
  return { ...rest, ...(shareUrl ? { shareUrl } : {}) };
}

/** A report the caller may see: public, or private with its owner's key (undefined otherwise). */
import type { StoredReport } from '../store/index.js';
import type { Req, ServerContext } from './context.js';
import { authenticate } from './request.js';

export async function visibleReport(ctx: ServerContext, req: Req, id: string): Promise<StoredReport | undefined> {
  // A wrong key is 401 here too, as on the scan endpoints; no header means anonymous.
  const account = await authenticate(req, ctx.store);
  const report = await ctx.store.getReport(id);
  if (!report || report.isPublic) return report;
  return account && account.id === report.accountId ? report : undefined;
}

/**
 * Pictures of the history: a domain's page (/d/<domain>), the compare page (/compare?from&to)
 * and its JSON twin on v1 (/api/public/v1/compare), and the badges (/r/<id>/badge.svg,
 * /d/<domain>/badge.svg). Visibility is the report pages' rule: anonymous viewers see public
 * reports only, an owner's key adds that account's private ones; badges exist for public reports only.
 */
import { createHash } from 'node:crypto';
import type { H3, H3Event } from 'h3';
import { renderBadge } from '../../format/badge.js';
import { compareReports, compareResponse } from '../../service/index.js';
import { SHARE_ID_PATTERN, type StoredReport } from '../../store/index.js';
import { safeDecode, V1, type Req, type ServerContext } from '../context.js';
import { compareHtml, compareMarkdown, domainHtml, domainMarkdown } from '../history-pages.js';
import { isDomain } from '../history-links.js';
import { apiMethods, onlyGet } from '../methods.js';
import { problemResponse } from '../problems.js';
import { authenticate } from '../request.js';
import { json, respond } from '../respond.js';
import { errorProblem } from '../scan-errors.js';
import { visibleReport } from '../visible-report.js';
import { notFoundPage, page } from './pages.js';

/** How many scans a domain page charts and lists (the most recent). */
export const HISTORY_LIMIT = 100;

/** Badges change when a new scan lands: caches may keep one for 5 minutes, then revalidate by ETag. */
const BADGE_CACHE = 'public, max-age=300, stale-while-revalidate=60';

/** The domain's reports the viewer may see, newest first, with their full results. */
async function visibleHistory(ctx: ServerContext, req: Req, domain: string): Promise<{ reports: StoredReport[]; truncated: boolean; signedIn: boolean }> {
  const account = await authenticate(req, ctx.store);
  const page = await ctx.store.domainHistory(domain, { limit: HISTORY_LIMIT, ...(account ? { accountId: account.id } : {}) });
  const reports = (await Promise.all(page.items.map((s) => ctx.store.getReport(s.id)))).filter((r): r is StoredReport => !!r);
  return { reports, truncated: page.nextCursor !== null, signedIn: !!account };
}

function domainParam(event: H3Event): string | null {
  const raw = safeDecode(event.context.params?.domain ?? '').toLowerCase();
  return isDomain(raw) ? raw : null;
}

async function badgeResponse(event: H3Event, report: StoredReport | undefined): Promise<Response> {
  if (!report || !report.isPublic) return respond('No public report: no badge.\n', 404, 'text/plain; charset=utf-8', { 'cache-control': 'no-store' });
  const svg = await renderBadge(report.result);
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  const headers = { etag, 'cache-control': BADGE_CACHE, 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" };
  const match = event.req.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return respond(null, 304, null, headers);
  return respond(event.req.method === 'HEAD' ? null : svg, 200, 'image/svg+xml; charset=utf-8', headers);
}

/** Both ids of a compare request, or a reason they are not usable. */
function compareIds(query: URLSearchParams): { from: string; to: string } | { missing: string } | { invalid: string } {
  const from = query.get('from');
  const to = query.get('to');
  if (!from || !to) return { missing: !from ? 'from' : 'to' };
  for (const [name, v] of [['from', from], ['to', to]] as const) if (!SHARE_ID_PATTERN.test(v)) return { invalid: name };
  return { from, to };
}

export function historyRoutes(app: H3, ctx: ServerContext): void {
  app.all('/d/:domain', async (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    const domain = domainParam(event);
    if (!domain) return notFoundPage(ctx, event, '# Not found\n\nNot a host name.\n');
    let history;
    try {
      history = await visibleHistory(ctx, event.req as Req, domain);
    } catch {
      return notFoundPage(ctx, event);
    }
    const h = history;
    // A domain the viewer may not see anything of looks like one never scanned (no probing of private scans).
    return page(ctx, event, `/d/${encodeURIComponent(domain)}`, () => domainHtml(domain, h.reports, ctx.base(), h), () => domainMarkdown(domain, h.reports, ctx.base()), h.reports.length ? 200 : 404);
  });

  app.all('/d/:domain/badge.svg', async (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    const domain = domainParam(event);
    // Public reports only, whoever asks: a badge is for embedding, never for an owner's private scans.
    const latest = domain ? (await ctx.store.domainHistory(domain, { limit: 1 })).items[0] : undefined;
    return badgeResponse(event, latest ? await ctx.store.getReport(latest.id) : undefined);
  });

  app.all('/r/:id/badge.svg', async (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    const id = safeDecode(event.context.params?.id ?? '');
    return badgeResponse(event, SHARE_ID_PATTERN.test(id) ? await ctx.store.getReport(id) : undefined);
  });

  app.all('/compare', async (event) => {
    const bad = onlyGet(event);
    if (bad) return bad;
    const ids = compareIds(event.url.searchParams);
    if (!('from' in ids)) return notFoundPage(ctx, event, '# Not found\n\nCompare two reports: /compare?from=<id>&to=<id>.\n');
    let pair: [StoredReport | undefined, StoredReport | undefined];
    try {
      pair = [await visibleReport(ctx, event.req as Req, ids.from), await visibleReport(ctx, event.req as Req, ids.to)];
    } catch {
      pair = [undefined, undefined];
    }
    const [a, b] = pair;
    if (!a || !b) return notFoundPage(ctx, event, '# Not found\n\nNo report has one of these ids.\n');
    const c = compareReports(a, b);
    const path = `/compare?from=${a.id}&to=${b.id}`;
    return page(ctx, event, path, () => compareHtml(c, a, b, ctx.base()), () => compareMarkdown(c, a, b, ctx.base()));
  });

  app.all(`${V1}/compare`, async (event) => {
    const bad = apiMethods(event, ctx.base(), ['GET', 'HEAD']);
    if (bad) return bad;
    const path = event.url.pathname;
    const ids = compareIds(event.url.searchParams);
    if ('missing' in ids) return problemResponse(ctx.base(), 'missing-parameter', `The query parameter "${ids.missing}" (a report id) is required.`, path);
    if ('invalid' in ids) return problemResponse(ctx.base(), 'invalid-parameter', `"${ids.invalid}" must be a report id matching ^[a-z0-9]{4,24}$.`, path);
    try {
      const a = await visibleReport(ctx, event.req as Req, ids.from);
      const b = await visibleReport(ctx, event.req as Req, ids.to);
      if (!a || !b) return problemResponse(ctx.base(), 'not-found', `No report has the id ${!a ? ids.from : ids.to}.`, path);
      return json(compareResponse(a, b, ctx.base()));
    } catch (e) {
      return errorProblem(ctx.base(), e, path, ctx.logError);
    }
  });
}

/**
 * Pictures of the history: a domain's page (/d/<host>, the port included when not the default), the compare page (/compare?from&to;
 * its JSON twin on v1 is ./v1-compare.ts), and the badges (/r/<id>/badge.svg,
 * /d/<domain>/badge.svg). Visibility is the report pages' rule: anonymous viewers see public
 * reports only, an owner's key adds that account's private ones; badges exist for public reports only.
 */
import { createHash } from 'node:crypto';
import type { H3Event } from 'h3';
import * as z from 'zod';
import { renderBadge } from '../../format/badge.js';
import { compareReports } from '../../service/index.js';
import { SHARE_ID_PATTERN, type ReportSummary, type StoredReport } from '../../store/index.js';
import { Lru } from '../../store/lru.js';
import { safeDecode, type Req, type ServerContext } from '../context.js';
import { compareHtml, compareMarkdown, domainHtml, domainMarkdown } from '../history-pages.js';
import { domainPageUrl, isDomain } from '../history-links.js';
import { authenticate } from '../request.js';
import { prefersMarkdown, respond } from '../respond.js';
import { defineRoute } from '../route.js';
import { visibleReport } from '../visible-report.js';
import { notFoundPage, page } from './pages.js';

/** How many scans a domain page charts and lists (the most recent). */
export const HISTORY_LIMIT = 100;

/** Badges change when a new scan lands: caches may keep one for 5 minutes, then revalidate by ETag. */
const BADGE_CACHE = 'public, max-age=300, stale-while-revalidate=60';

/** The domain's scans the viewer may see, newest first (summaries: the full reports load on a page miss). */
async function visibleHistory(ctx: ServerContext, req: Req, domain: string): Promise<{ items: ReportSummary[]; truncated: boolean; signedIn: boolean }> {
  const account = await authenticate(req, ctx.store);
  const page = await ctx.store.domainHistory(domain, { limit: HISTORY_LIMIT, ...(account ? { accountId: account.id } : {}) });
  return { items: page.items, truncated: page.nextCursor !== null, signedIn: !!account };
}

function domainParam(event: H3Event): string | null {
  const raw = safeDecode(event.context.params?.domain ?? '').toLowerCase();
  return isDomain(raw) ? raw : null;
}

/** Badges by report: a stored report never changes, so neither does its badge. */
const badges = new WeakMap<StoredReport, { svg: string; etag: string }>();

async function badgeOf(report: StoredReport): Promise<{ svg: string; etag: string }> {
  let b = badges.get(report);
  if (!b) {
    const svg = await renderBadge(report.result);
    b = { svg, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"` };
    badges.set(report, b);
  }
  return b;
}

async function badgeResponse(event: H3Event, report: StoredReport | undefined): Promise<Response> {
  if (!report || !report.isPublic) return respond('No public report: no badge.\n', 404, 'text/plain; charset=utf-8', { 'cache-control': 'no-store' });
  const { svg, etag } = await badgeOf(report);
  const headers = { etag, 'cache-control': BADGE_CACHE, 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" };
  const match = event.req.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return respond(null, 304, null, headers);
  return respond(event.req.method === 'HEAD' ? null : svg, 200, 'image/svg+xml; charset=utf-8', headers);
}

/** A report id in a compare query: required, and a share id (the messages are the problem details). */
const reportId = (name: 'from' | 'to', what: string) =>
  z
    .string({ error: `The query parameter "${name}" (a report id) is required.` })
    .regex(SHARE_ID_PATTERN, { error: `"${name}" must be a report id matching ^[a-z0-9]{4,24}$.` })
    .describe(what);

/** ?from&to of the compare page and of /api/public/v1/compare. */
export const CompareQuery = z.object({ from: reportId('from', 'Share id of the older report'), to: reportId('to', 'Share id of the newer report') });
export type CompareQuery = z.infer<typeof CompareQuery>;

/** Rendered domain pages by what they show: stored reports never change, so the same visible
 * scans (ids and visibility) give the same page. Saves re-rendering 100 points per request.
 * Bounded in bytes too (8 MiB): strangers choose which domains get rendered. One cache per app. */
const renderedPages = new WeakMap<ServerContext, Lru<string, string>>();
function renderedOf(ctx: ServerContext): Lru<string, string> {
  let lru = renderedPages.get(ctx);
  if (!lru) {
    lru = new Lru<string, string>(128, { maxWeight: 8 * 1024 * 1024, weigh: (page) => page.length });
    renderedPages.set(ctx, lru);
  }
  return lru;
}

export const historyRoutes = [
  defineRoute({
    path: '/d/:domain',
    methods: {
      get: async (event, ctx) => {
        const domain = domainParam(event);
        if (!domain) return notFoundPage(ctx, event, '# Not found\n\nNot a host name.\n');
        let history;
        try {
          history = await visibleHistory(ctx, event.req as Req, domain);
        } catch {
          return notFoundPage(ctx, event);
        }
        const h = history;
        const key = `${ctx.base()} ${domain} ${h.signedIn} ${h.truncated} ${h.items.map((s) => `${s.id}${s.isPublic ? '+' : '-'}`).join(',')}`;
        let reports: StoredReport[] | undefined;
        const load = async () => (reports ??= (await Promise.all(h.items.map((s) => ctx.store.getReport(s.id)))).filter((r): r is StoredReport => !!r));
        const md = prefersMarkdown(event.req.headers.get('accept'));
        const rendered = renderedOf(ctx);
        let body = rendered.get(`${md ? 'md' : 'html'} ${key}`);
        if (body === undefined) {
          const list = await load();
          body = md ? domainMarkdown(domain, list, ctx.base()) : domainHtml(domain, list, ctx.base(), h);
          rendered.set(`${md ? 'md' : 'html'} ${key}`, body);
        }
        const b = body;
        // A domain the viewer may not see anything of looks like one never scanned (no probing of private scans).
        return page(
          ctx,
          event,
          domainPageUrl('', domain),
          () => b,
          () => b,
          h.items.length ? 200 : 404,
        );
      },
    },
  }),
  defineRoute({
    path: '/d/:domain/badge.svg',
    methods: {
      get: async (event, ctx) => {
        const domain = domainParam(event);
        // Public reports only, whoever asks: a badge is for embedding, never for an owner's private scans.
        const latest = domain ? (await ctx.store.domainHistory(domain, { limit: 1 })).items[0] : undefined;
        return badgeResponse(event, latest ? await ctx.store.getReport(latest.id) : undefined);
      },
    },
  }),
  defineRoute({
    path: '/r/:id/badge.svg',
    methods: {
      get: async (event, ctx) => {
        const id = safeDecode(event.context.params?.id ?? '');
        return badgeResponse(event, SHARE_ID_PATTERN.test(id) ? await ctx.store.getReport(id) : undefined);
      },
    },
  }),
  defineRoute({
    path: '/compare',
    query: CompareQuery.optional(),
    methods: {
      get: async (event, ctx, ids) => {
        if (!ids) return notFoundPage(ctx, event, '# Not found\n\nCompare two reports: /compare?from=<id>&to=<id>.\n');
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
        return page(
          ctx,
          event,
          path,
          () => compareHtml(c, a, b, ctx.base()),
          () => compareMarkdown(c, a, b, ctx.base()),
        );
      },
    },
  }),
];

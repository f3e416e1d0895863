/** The human pages, each with a Markdown twin for agents: home, shared reports, problem types. */
import type { H3Event } from 'h3';
import type { StoredReport } from '../../store/index.js';
import { SHARE_ID_PATTERN } from '../../store/index.js';
import { safeDecode, type Req, type ServerContext } from '../context.js';
import { pageLinkHeader } from '../discovery.js';
import { homeHtml, homeMarkdown, HOME_JS, notFoundHtml, problemHtml, problemMarkdown, servedReportHtml } from '../pages.js';
import { PROBLEM_TYPES, isProblemName } from '../problems.js';
import { html, markdown, prefersMarkdown, text } from '../respond.js';
import { defineRoute } from '../route.js';
import { visibleReport } from '../visible-report.js';

/** An HTML page or, when the client prefers it, its Markdown twin. */
export function page(ctx: ServerContext, event: H3Event, path: string, htmlBody: () => string, md: () => string, status = 200): Response {
  const headers = { link: pageLinkHeader(ctx.base(), path, ctx.routes), vary: 'Accept' };
  return prefersMarkdown(event.req.headers.get('accept')) ? markdown(md(), status, headers) : html(htmlBody(), status, headers);
}

export function notFoundPage(ctx: ServerContext, event: H3Event, md = '# Not found\n\nThere is nothing at this address.\n'): Response {
  return page(ctx, event, event.url.pathname, notFoundHtml, () => md, 404);
}

export const pageRoutes = [
  defineRoute({
    path: '/',
    methods: {
      get: (event, ctx) =>
        page(
          ctx,
          event,
          '/',
          () => homeHtml(ctx.routes),
          () => homeMarkdown(ctx.base(), ctx.routes),
        ),
    },
    announce: {
      surface: {
        rank: 10,
        section: 'Docs',
        title: 'Home: scan a site',
        type: 'text/html',
        note: 'scan form with live progress; send Accept: text/markdown for a Markdown version',
      },
      sitemap: { rank: 10 },
      catalog: [{ api: 'v1', rel: 'service-doc', rank: 20, type: 'text/html', title: 'Home' }],
    },
  }),
  defineRoute({
    path: '/assets/home.js',
    methods: { get: () => text(HOME_JS, 'text/javascript; charset=utf-8', { 'cache-control': 'public, max-age=300' }) },
  }),
  defineRoute({
    path: '/r/:id',
    methods: {
      get: async (event, ctx) => {
        const id = safeDecode(event.context.params?.id ?? '');
        let report: StoredReport | undefined;
        try {
          report = SHARE_ID_PATTERN.test(id) ? await visibleReport(ctx, event.req as Req, id) : undefined;
        } catch {
          report = undefined;
        }
        if (!report) return notFoundPage(ctx, event, '# Not found\n\nNo report has this id.\n');
        const r = report;
        // ?cached=1: the home page opened this report from a cached answer (it says so, with the age).
        const cached = event.url.searchParams.get('cached') === '1';
        return page(
          ctx,
          event,
          `/r/${r.id}`,
          () => servedReportHtml(ctx.bodies.html(r), r, { cached, cacheTtlMs: ctx.service.cacheTtlMs }),
          () => ctx.bodies.markdown(r),
        );
      },
    },
  }),
  defineRoute({
    path: '/problems/:type',
    methods: {
      get: (event, ctx) => {
        const name = event.context.params?.type ?? '';
        if (!isProblemName(name)) return notFoundPage(ctx, event, '# Not found\n');
        return page(
          ctx,
          event,
          `/problems/${name}`,
          () => problemHtml(name, ctx.base()),
          () => problemMarkdown(name, ctx.base()),
        );
      },
    },
    // Each problem type's page is in the sitemap (llms.txt lists them under Docs).
    announce: { sitemap: { rank: 30, paths: () => Object.keys(PROBLEM_TYPES).map((p) => `/problems/${p}`) } },
  }),
];

/**
 * How the checks reach rendering: a scan that renders gives its GatherContext a PageRenderer
 * (gather/page-renderer.ts; one per scan, shared by every page view), and a check's rendered hook
 * asks for the rendered page of the view it runs on. Each page is rendered once per scan (the
 * view's memo); without --render both calls return null and nothing is loaded.
 */
import type { GatherContext } from './context.js';
import type { FetchResult } from '../net/http.js';
import { isHtmlPage } from './classify.js';
import type { RenderedPage } from './rendered-artifact.js';

/** Marks the rendered DOM as its own request in the scan's memo (no real request asks for it). */
export const RENDERED_ACCEPT = 'x-ai-ready/rendered-dom';

/** The page of this view as the browser rendered it; null when the scan does not render or the page is not HTML. */
export function renderedPage(ctx: GatherContext): Promise<RenderedPage | null> {
  const renderer = ctx.renderer;
  if (!renderer || !isHtmlPage(ctx.page())) return Promise.resolve(null);
  return ctx.memo('rendered-page', () => renderer.render(ctx.page().url));
}

/** The rendered DOM as a response: the same head as the page, the browser's DOM as the body. */
function renderedResponse(page: FetchResult, rendered: RenderedPage): FetchResult {
  const body = Buffer.from(rendered.html, 'utf8');
  return {
    ...page,
    accept: RENDERED_ACCEPT,
    headers: { ...page.headers, 'content-type': 'text/html; charset=utf-8' },
    contentType: 'text/html',
    body,
    text: rendered.html,
    truncated: false,
  };
}

export interface RenderedView {
  page: RenderedPage;
  /** A view of the scan whose page() and html() are the rendered DOM (null when rendering failed). */
  view: GatherContext | null;
}

/** The rendered page and a view to run a check's own gather on it; null when the scan does not render. */
export function renderedView(ctx: GatherContext): Promise<RenderedView | null> {
  return ctx.memo('rendered-view', async () => {
    const page = await renderedPage(ctx);
    if (!page) return null;
    return { page, view: page.error ? null : ctx.forPage(renderedResponse(ctx.page(), page)) };
  });
}

/** The probes of a rendered evaluation without the synthetic rendered-DOM response. */
export function realProbes(probes: FetchResult[] | undefined): FetchResult[] {
  return (probes ?? []).filter((p) => p.accept !== RENDERED_ACCEPT);
}

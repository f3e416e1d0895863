/**
 * Site scope in the engine: fetch the sampled pages (with the page-URL-only requests of the
 * page-level checks beside each GET, so they share one round trip), then fold each page-level
 * check's per-page verdicts into one: pass when every measured page passes, fail when none does,
 * partial otherwise, naming the pages. docs/site-scope.md is the reference.
 */
import { BROWSER_ACCEPT, type FetchResult } from './net/http.js';
import type { GatherContext } from './gather/context.js';
import { challengeReason, isHtmlPage } from './gather/classify.js';
import { LLMS_TXT_REQUEST, llmsFileState, parseLlmsTxt } from './gather/llms-txt.js';
import { SITEMAP_REQUEST } from './gather/sitemap-request.js';
import { pageKey, samplePages, sitemapLocs, type SampleSource } from './gather/page-sample.js';
import { engineCode, type CheckModule, type CheckOutcome } from './checks/types.js';
import type { CheckStatus, PageResult } from './schema.js';

/** How long the sample waits for llms.txt and /sitemap.xml once the page has answered. */
export const SAMPLE_WAIT_MS = 1000;
/** Per-page evidence in pages[] is cut here (the aggregated check keeps the target's in full). */
const PAGE_EVIDENCE_CHARS = 300;

/** One sampled page besides the target: its answer, and a view to run checks on when it is usable. */
export interface PageVisit {
  url: string;
  source: SampleSource;
  response: FetchResult;
  /** Why the page is left out of the aggregate (unreachable, error status, bot wall, not HTML). */
  excluded?: string;
  view?: GatherContext;
}

/** The llms.txt links and sitemap locations known at round trip 1, waited for at most SAMPLE_WAIT_MS. */
async function sampleSources(ctx: GatherContext): Promise<{ llmsLinks: string[]; sitemapLocs: string[]; pageLinks: string[] }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SAMPLE_WAIT_MS)));
  const within = <T>(p: Promise<T>) => Promise.race([p, late]);
  const [llms, sitemap, $] = await Promise.all([
    within(ctx.fetch(LLMS_TXT_REQUEST.path, LLMS_TXT_REQUEST.options)),
    within(ctx.fetch(SITEMAP_REQUEST.path, SITEMAP_REQUEST.options)),
    ctx.html(),
  ]);
  clearTimeout(timer);
  const readableLlms = llms && ['document', 'html-typed'].includes(llmsFileState(llms));
  return {
    llmsLinks: readableLlms ? parseLlmsTxt(llms.text).links.map((l) => l.url) : [],
    sitemapLocs: sitemap && sitemap.status !== null && sitemap.status < 300 ? sitemapLocs(sitemap.text) : [],
    pageLinks: $
      ? $('a[href]')
          .toArray()
          .map((el) => $(el).attr('href') ?? '')
      : [],
  };
}

function exclusion(res: FetchResult, ctx: GatherContext): string | undefined {
  if (res.error) return `could not be fetched (${res.error.message})`;
  const wall = challengeReason(res);
  if (wall) return `bot challenge (${wall})`;
  if (res.status !== null && res.status >= 400) return `HTTP ${res.status}`;
  if (new URL(res.url).origin !== ctx.origin) return `redirected to another origin (${new URL(res.url).origin})`;
  if (pageKey(new URL(res.url)) === pageKey(ctx.pageUrl)) return 'redirected to the target page';
  if (!isHtmlPage(res)) return `not an HTML page (${res.contentType ?? 'no content type'})`;
  return undefined;
}

/** A sampled page whose GET is on its way. */
export interface SentPage {
  url: string;
  source: SampleSource;
  get: Promise<FetchResult>;
}

/**
 * Picks the sample and sends, for each page, its GET and the page-URL-only requests of the
 * page-level checks (pageRequests), so they share round trip 2.
 */
export async function sendSample(ctx: GatherContext, pages: number, checks: ReadonlyArray<CheckModule<any>>): Promise<SentPage[]> {
  const picks = samplePages({ target: ctx.pageUrl, pages, ...(await sampleSources(ctx)) });
  return picks.map(({ url, source }) => {
    const get = ctx.fetch(url, { accept: BROWSER_ACCEPT });
    for (const c of checks) for (const r of c.pageRequests?.(new URL(url)) ?? []) void ctx.fetch(r.url, r.options);
    return { url, source, get };
  });
}

/** The sampled pages once answered: each with its own view of the scan, or why it was left out. */
export async function visitSample(ctx: GatherContext, sent: Promise<SentPage[]>): Promise<PageVisit[]> {
  return Promise.all(
    (await sent).map(async ({ url, source, get }) => {
      const response = await get;
      const excluded = exclusion(response, ctx);
      return { url, source, response, ...(excluded ? { excluded } : { view: ctx.forPage(response) }) };
    }),
  );
}

/** Short name of a page in evidence: its path (and query). */
export function pageLabel(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

const SCORED: CheckStatus[] = ['pass', 'partial', 'fail'];

export interface PageVerdict {
  label: string;
  outcome: CheckOutcome;
}

/**
 * One check's verdict over the sampled pages. The target's outcome is the base (its evidence comes
 * first); pages whose verdict is not pass/partial/fail (unmeasured) and pages left out of the
 * sample are named, not counted. When only the target counts, its outcome stands unchanged.
 */
export function aggregateOutcome(checkId: string, target: PageVerdict, others: PageVerdict[], leftOut: Array<{ label: string; why: string }>): CheckOutcome {
  const notes: string[] = [];
  const unmeasured = others.filter((p) => !SCORED.includes(p.outcome.status));
  if (unmeasured.length) notes.push(`not measured: ${unmeasured.map((p) => p.label).join(', ')}`);
  if (leftOut.length) notes.push(`left out: ${leftOut.map((p) => `${p.label} (${p.why})`).join(', ')}`);
  const measured = others.filter((p) => SCORED.includes(p.outcome.status));
  const tail = notes.length ? ` Site sample ${notes.join('; ')}.` : '';
  if (!measured.length || !SCORED.includes(target.outcome.status)) {
    return tail ? { ...target.outcome, evidence: `${target.outcome.evidence}${tail}` } : target.outcome;
  }
  const all = [target, ...measured];
  const byStatus = (s: CheckStatus) => all.filter((p) => p.outcome.status === s).map((p) => p.label);
  const agree = all.every((p) => p.outcome.status === target.outcome.status);
  const probes = [...(target.outcome.probes ?? []), ...measured.flatMap((p) => (p.outcome.probes ?? []).filter((r) => !challengeReason(r)))];
  if (agree) {
    return {
      ...target.outcome,
      evidence:
        `On ${target.label}: ${target.outcome.evidence} Same verdict (${target.outcome.status}) on ` +
        `all ${all.length} sampled pages: ${all.map((p) => p.label).join(', ')}.${tail}`,
      probes,
    };
  }
  const groups = (['pass', 'partial', 'fail'] as const).map((s) => [s, byStatus(s)] as const).filter(([, labels]) => labels.length);
  const passing = byStatus('pass').length;
  const worst = all.find((p) => p.outcome.status === 'fail') ?? all.find((p) => p.outcome.status === 'partial')!;
  return {
    ...target.outcome,
    status: 'partial',
    code: engineCode(checkId, 'somePages'),
    evidence:
      `On ${target.label}: ${target.outcome.evidence} ${passing} of ${all.length} sampled pages pass; ` +
      `${groups.map(([s, labels]) => `${s}: ${labels.join(', ')}`).join('; ')}.${tail}`,
    // The fix of the worst page, with the remedy it was rendered from.
    ...(worst.outcome.remediation ? { remediation: worst.outcome.remediation, remedy: worst.outcome.remedy, remedyData: worst.outcome.remedyData } : {}),
    probes,
  };
}

/** pages[] of the result: the target first, then the sample in order, with each page-level verdict. */
export function pagesReport(
  target: { url: string; response: FetchResult },
  visits: PageVisit[],
  verdicts: Map<string, Array<CheckOutcome | null>>,
): PageResult[] {
  const entry = (url: string, source: PageResult['source'], res: FetchResult, index: number, excluded?: string): PageResult => {
    const checks: PageResult['checks'] = {};
    for (const [id, perPage] of verdicts) {
      const o = perPage[index];
      if (o)
        checks[id] = {
          status: o.status,
          code: o.code,
          evidence: o.evidence.length > PAGE_EVIDENCE_CHARS ? `${o.evidence.slice(0, PAGE_EVIDENCE_CHARS - 1)}…` : o.evidence,
        };
    }
    return {
      url,
      ...(res.url !== url ? { finalUrl: res.url } : {}),
      source,
      status: res.status,
      contentType: res.contentType,
      ...(excluded ? { error: excluded } : {}),
      checks,
    };
  };
  return [entry(target.url, 'target', target.response, 0), ...visits.map((v, i) => entry(v.url, v.source, v.response, i + 1, v.excluded))];
}

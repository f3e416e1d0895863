/**
 * scan(url, options) -> ScanResult: plan -> send -> evaluate -> judge. The page goes out with the
 * requests the selected checks declare (the generated plan, scan-schedule.ts); every check's
 * gather then runs in parallel over the shared, memoised GatherContext, so a scan costs about as
 * many sequential round trips as its longest dependency chain (card -> initialize -> tools/list).
 */
import { stalledBody } from './gather/bot-interference.js';
import { ScanError } from './errors.js';
import { targetUrl, type ScanInput } from './target.js';
import { HttpClient, timeoutSignal, NOT_TLS_MESSAGE, type FetchResult } from './net/http.js';
import { GatherContext } from './gather/context.js';
import { challengeReason } from './gather/classify.js';
import { unreachedLiveProbe } from './gather/live-scope.js';
import { foundResources } from './fixes/found.js';
import { engineCode, type CheckModule, type CheckOutcome, type FixContext } from './checks/types.js';
import type { OwnerValues } from './fixes/owner-values.js';
import type { SiteCrawlOptions } from './fixes/site-facts.js';
export type { SiteCrawlOptions } from './fixes/site-facts.js';
import { API_VERSION, gradeFor } from './vocabulary.js';
import type { CheckResult, PlatformInfo, ProbeRecord, ProfileName, ScanResult } from './schema.js';
import { probeEvent, type ScanEvent, type ScanEventListener } from './events.js';
import { detectPlatform } from './platform/detect.js';
import { KNOWN_PLATFORMS } from './fixes/platform-fingerprints.js';
import { mergePlatform } from './platform/merge.js';
import { creditFor, scoreChecks } from './scoring/score.js';
import { computeLevel } from './scoring/levels.js';
import { isitagentreadyScore } from './scoring/compat.js';
import { RUBRIC_VERSION } from './scoring/rubric.js';
import { resolveProfile, type ResolvedProfile } from './scoring/profile.js';
import { assertPublicTarget } from './net/target-guard.js';
import { ScanSchedule, plannedRequests } from './scan-schedule.js';
import { USER_AGENT } from '../version.js';
import { resolvePages, scopeOf, type ScanScope } from './scope.js';
import type { PageVisit } from './site-scope.js';
import type { ScanParams } from './scan-params/index.js';
import { engineObserved } from './engine-observer.js';
import { resultDetails } from './result-details.js';

/**
 * What scan() takes: the request's ScanParams, whole (core/scan-params/: one file per parameter;
 * every face reads its spellings into it), the settings of whoever runs the engine, and the hooks.
 */
export interface ScanOptions extends ScanParams {
  /** Per-request timeout (ms). Default 8000. */
  timeoutMs?: number;
  /** Whole-scan deadline (ms). Default 45000. */
  deadlineMs?: number;
  /** Refuse private, loopback, link-local, CGNAT and metadata addresses (the server turns this on). */
  blockPrivateNetwork?: boolean;
  /** Host names exempt from the guard (intranet allowlist). */
  allowedHosts?: string[];
  userAgent?: string;
  /** Library callers only: "page" scans the URL alone (as `pages: 1`); the faces fold it into `pages` (scopePages). */
  scope?: ScanScope;
  onEvent?: ScanEventListener;
  signal?: AbortSignal;
  /** The owner's own values (`ai-ready fix --set`), handed to the fix guides (FixContext.ownerValues). */
  ownerValues?: OwnerValues;
  /**
   * Set by `ai-ready fix`: crawl the site (bounded, robots.txt obeyed, same origin) before the
   * guides run, and hand them what it read (FixContext.site). A plain scan leaves it unset.
   */
  site?: SiteCrawlOptions;
  /**
   * Set by `ai-ready fix` on a terminal: called once the guides are built, with the checks, to ask
   * the owner for the values their steps still need; the answers (none: {}) rebuild the guides.
   * The scan's deadline does not run while the owner answers.
   */
  askOwner?: (checks: CheckResult[]) => Promise<OwnerValues>;
}

export const DEFAULT_DEADLINE_MS = 45_000;

const MATTERING_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'location',
  'link',
  'vary',
  'www-authenticate',
  'cf-mitigated',
  'server',
  'x-markdown-tokens',
  'content-signal',
  'access-control-allow-origin',
  'cache-control',
  'retry-after',
  'payment-required',
  'x-robots-tag',
];

/** Whether --only/--skip keep a check with this id and dimension. */
function selected(meta: { id: string; dimension: string }, only?: string[], skip?: string[]): boolean {
  const hit = (list: string[]) => list.some((x) => x.toUpperCase() === meta.id || x.toLowerCase() === meta.dimension);
  return (!only?.length || hit(only)) && !(skip?.length && hit(skip));
}

function selectChecks(all: ReadonlyArray<CheckModule<any>>, only?: string[], skip?: string[]): CheckModule<any>[] {
  return all.filter((c) => selected(c.meta, only, skip));
}

function toProbeRecord(res: FetchResult): ProbeRecord {
  const headers: Record<string, string> = {};
  for (const h of MATTERING_HEADERS) if (res.headers[h] !== undefined) headers[h] = res.headers[h].slice(0, 500);
  return {
    method: res.method,
    url: res.requestedUrl,
    status: res.status,
    contentType: res.contentType,
    headers,
    bytes: res.body.length,
    durationMs: res.durationMs,
    redirects: res.redirects,
    ...(res.error ? { error: `${res.error.code}: ${res.error.message}` } : {}),
    ...(res.truncated ? { note: 'body truncated at the size cap' } : {}),
  };
}

interface Evaluated {
  check: CheckModule<any>;
  raw: CheckOutcome;
  /** Site scope, page-level checks: the verdict on each page of pages[] (null: not run there). */
  perPage?: Array<CheckOutcome | null>;
}

async function runCheck(check: CheckModule<any>, ctx: GatherContext): Promise<Evaluated> {
  try {
    const artifact = await check.gather(ctx);
    return { check, raw: check.evaluate(artifact, { origin: ctx.origin, pageUrl: ctx.pageUrl.href }) };
  } catch (e) {
    // A check's own bug must not sink the scan: report it as unmeasured, with the reason.
    return {
      check,
      raw: { status: 'info', code: engineCode(check.meta.id, 'internalError'), evidence: `Could not be measured: internal error (${(e as Error).message})` },
    };
  }
}

/** A page's own verdict as the engine reports it: a refused or cut-off probe makes it unmeasured. */
function pageVerdict(checkId: string, o: CheckOutcome): CheckOutcome {
  const unmeasured = unmeasuredReason(o);
  return unmeasured ? { ...o, status: 'info', code: engineCode(checkId, 'unmeasured'), evidence: `Could not be measured: ${unmeasured}. ${o.evidence}` } : o;
}

/**
 * A page-level check in site scope: run on the target and on every usable sampled page (the
 * sample's requests are shared through the memo), then folded into one verdict.
 */
async function runOnPages(check: CheckModule<any>, ctx: GatherContext, sample: Promise<PageVisit[]>): Promise<Evaluated> {
  const own = runCheck(check, ctx);
  const visits = await sample;
  const [target, others] = await Promise.all([own, Promise.all(visits.map((v) => (v.view ? runCheck(check, v.view) : null)))]);
  const { aggregateOutcome, pageLabel } = await import('./site-scope.js');
  const id = check.meta.id;
  const perPage = [pageVerdict(id, target.raw), ...others.map((e) => (e ? pageVerdict(id, e.raw) : null))];
  const measured = visits.flatMap((v, i) => (others[i] ? [{ label: pageLabel(v.response.url), outcome: perPage[i + 1]! }] : []));
  const leftOut = visits.filter((v) => v.excluded).map((v) => ({ label: pageLabel(v.url), why: v.excluded! }));
  const raw = aggregateOutcome(id, { label: pageLabel(ctx.pageUrl.href), outcome: perPage[0]! }, measured, leftOut);
  return { check, raw, perPage };
}

/** Site scope: platform signals of the sampled pages fill what the target page lacks (platform/merge.ts). */
async function platformOverSample(target: PlatformInfo, sample: Promise<PageVisit[]>): Promise<PlatformInfo> {
  const visits = (await sample.catch(() => [] as PageVisit[])).filter((v) => v.view);
  const [{ pageLabel }, sampled] = await Promise.all([import('./site-scope.js'), Promise.all(visits.map(async (v) => ({ v, $: await v.view!.html() })))]);
  return mergePlatform(
    target,
    sampled.map(({ v, $ }) => ({ label: pageLabel(v.response.url), info: detectPlatform({ page: v.response, $ }, KNOWN_PLATFORMS) })),
  );
}

/** A verdict resting on a challenged or deadline-cut probe is "could not be measured", never a false fail. */
function unmeasuredReason(o: CheckOutcome): string | null {
  if (o.status !== 'fail' && o.status !== 'partial') return null;
  for (const p of o.probes ?? []) {
    const wall = challengeReason(p);
    if (wall) return `the site refused automated requests (${wall})`;
    if (p.error?.code === 'deadline') return 'the scan deadline was reached before this probe finished';
    const unreached = unreachedLiveProbe(p);
    if (unreached) return unreached;
  }
  return null;
}

interface Verdict {
  status: CheckResult['status'];
  code: string;
  tier: CheckResult['tier'];
  evidence: string;
  naReason?: string;
}

/** The final status of a check: bot walls become info, then the profile decides na and tier. */
function judge(e: Evaluated, profile: ResolvedProfile): Verdict {
  const { meta } = e.check;
  const v: Verdict = { status: e.raw.status, code: e.raw.code, tier: meta.tier, evidence: e.raw.evidence };
  const unmeasured = unmeasuredReason(e.raw);
  if (unmeasured) {
    v.status = 'info';
    v.code = engineCode(meta.id, 'unmeasured');
    v.evidence = `Could not be measured: ${unmeasured}. ${v.evidence}`;
  }
  const publicMcpNa = !!profile.publicMcpOnly && !!meta.profile?.naOnPublicMcp && v.status === 'fail';
  if (publicMcpNa) {
    v.status = 'na';
    v.naReason = meta.profile!.naOnPublicMcp;
  } else if (profile.publicMcpOnly && meta.contentProfile === 'bonus' && !meta.profile?.keepsTierOnPublicMcp) {
    v.tier = 'bonus';
  }
  if (publicMcpNa) {
    // Decided above.
  } else if (meta.dimension === 'commerce' && !profile.commerce) {
    v.status = 'na';
    v.naReason = 'not a commerce site: no e-commerce signals were detected (use --profile commerce to score it)';
  } else if (!profile.app && meta.contentProfile === 'na') {
    v.status = 'na';
    v.naReason = 'content profile: no API, login or MCP evidence on this site (use --profile app to score it)';
  } else if (!profile.app && meta.contentProfile === 'bonus') {
    v.tier = 'bonus';
  } else if (!profile.app && meta.contentProfile === 'offered') {
    // A capability a content site does not publish (the check's `<id>/missing`) is not a failure:
    // it is not offered. One it does publish counts as extra credit, shown with its own verdict
    // even when broken (a card that fails its schema, tools a header switches off), so publishing
    // never lowers the score and a broken attempt is never hidden.
    if (v.status === 'fail' && v.code === `${meta.id}/missing`) {
      v.status = 'na';
      v.code = engineCode(meta.id, 'notOffered');
      v.naReason = 'not offered: a content site (no API, login or MCP evidence) that does not publish one; scored once it does (or with --profile app)';
    } else v.tier = 'bonus';
  }
  return v;
}

function weightOf(check: CheckModule<any>, status: CheckResult['status']): number {
  return status === 'pass' || status === 'partial' || status === 'fail' ? check.meta.weight : 0;
}

/** Template data as the report carries it: undefined values dropped (JSON has none); nothing left, nothing carried. */
function definedValues(data: Readonly<Record<string, string | number | undefined>> | undefined): Record<string, string | number> | undefined {
  if (!data) return undefined;
  const out = Object.fromEntries(Object.entries(data).filter((kv): kv is [string, string | number] => kv[1] !== undefined));
  return Object.keys(out).length ? out : undefined;
}

function finalize(e: Evaluated, profile: ResolvedProfile, fx: Omit<FixContext, 'outcome'>): CheckResult {
  const { meta } = e.check;
  const { status, code, tier, evidence, naReason } = judge(e, profile);
  const weight = weightOf(e.check, status);
  const needsFix = status === 'fail' || status === 'partial';
  const data = definedValues(e.raw.data);
  const bounded = resultDetails(e.raw.details);
  return {
    id: meta.id,
    name: meta.name,
    dimension: meta.dimension,
    tier,
    status,
    code,
    weight,
    earned: creditFor(status, weight),
    evidence,
    ...(needsFix
      ? {
          remediation: e.raw.remediation ?? meta.remediation,
          ...(e.raw.remediation !== undefined && e.raw.remedy ? { remediationId: e.raw.remedy } : {}),
          fixGuide: e.check.fixGuide({ ...fx, outcome: e.raw }),
        }
      : {}),
    optional: tier === 'bonus',
    specUrls: meta.specUrls,
    ...(e.raw.matched ? { matched: e.raw.matched } : {}),
    ...(e.raw.advisories?.length ? { advisories: e.raw.advisories } : {}),
    ...(e.raw.advisoryFindings?.length
      ? {
          advisoryFindings: e.raw.advisoryFindings.map(({ code, text, data }) => ({
            code,
            text,
            ...(definedValues(data) ? { data: definedValues(data) } : {}),
          })),
        }
      : {}),
    ...(data ? { data } : {}),
    ...(e.raw.findings?.length
      ? { findings: e.raw.findings.map(({ code, text, data }) => ({ code, text, ...(definedValues(data) ? { data: definedValues(data) } : {}) })) }
      : {}),
    probes: (e.raw.probes ?? []).map(toProbeRecord),
    ...(naReason ? { naReason } : {}),
    ...(bounded ? { details: bounded.details, ...(bounded.truncated ? { detailsTruncated: true } : {}) } : {}),
  };
}

export async function scan(input: ScanInput, options: ScanOptions = {}): Promise<ScanResult> {
  engineObserved(options);
  if (!options.render) return scanSite(input, options);
  const { renderedScan } = await import('./render/scan-rendering.js');
  return renderedScan(input, options, scanSite);
}

async function scanSite(input: ScanInput, options: ScanOptions & { rendering?: import('./render/scan-rendering.js').Rendering } = {}): Promise<ScanResult> {
  const started = Date.now();
  // A ScanTarget was normalised where the request came in (the service); a string is here.
  const target = targetUrl(input);
  const pages = resolvePages(options);
  const emit: ScanEventListener = (ev: ScanEvent) => {
    try {
      options.onEvent?.(ev);
    } catch {
      // A listener's failure must not break the scan.
    }
  };
  if (options.blockPrivateNetwork) await assertPublicTarget(target, options.allowedHosts);
  const isSelected = (check: { id: string; dimension: string }) => selected(check, options.only, options.skip);

  const { signal: deadline, timer: deadlineTimer } = timeoutSignal(options.deadlineMs ?? DEFAULT_DEADLINE_MS);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const http = new HttpClient({
    blockPrivateNetwork: options.blockPrivateNetwork,
    allowedHosts: options.allowedHosts,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    signal,
  });
  // Its pooled sockets live as long as the scan: a batch over many sites, or a server scanning
  // many origins, holds only the connections of the scans in flight.
  try {
    const renderer = options.rendering?.start(signal, options.deadlineMs ?? DEFAULT_DEADLINE_MS);
    // 1. Plan and send: the page with the requests the selected checks declare (scan-schedule.ts
    // owns every wait that orders the round trips); the registry loads while they are on the wire.
    const schedule = new ScanSchedule(http, target, plannedRequests(isSelected, { sitemap: pages > 1 }), emit);
    const registry = (await schedule.whileOnWire(() => import('./checks/index.js'))).CHECKS;
    const checks = selectChecks(registry, options.only, options.skip);
    await schedule.startLiveMcp(checks);
    emit({ type: 'started', url: target.href, at: new Date(started).toISOString(), checks: checks.length });
    schedule.announceStarted();

    const page = await schedule.page;
    emit(probeEvent('GET', target.href, page));
    if (options.signal?.aborted) throw new ScanError('aborted', 'The scan was cancelled.');
    if (page.error) throw unreachable(target, page.error, page.status);
    const pageUrl = new URL(page.url);
    const ctx = new GatherContext(pageUrl, pageUrl.origin, http, emit, page, schedule.sentFor(pageUrl), undefined, renderer);
    await schedule.beforeParse(ctx);

    // Platform detection (CPU only) runs beside the checks' I/O; fix guides need it at the end.
    const platformPromise: Promise<PlatformInfo> = ctx.html().then(($) => detectPlatform({ page, $ }, KNOWN_PLATFORMS));
    // Checks whose final status depends on the profile are announced once the profile is known.
    const deferred = (c: CheckModule<any>) => c.meta.dimension === 'commerce' || c.meta.contentProfile !== undefined;
    let done = 0;
    const announce = (check: CheckModule<any>, v: Verdict) => {
      const weight = weightOf(check, v.status);
      emit({
        type: 'check',
        id: check.meta.id,
        name: check.meta.name,
        dimension: check.meta.dimension,
        status: v.status,
        earned: creditFor(v.status, weight),
        weight,
        done: ++done,
        total: checks.length,
      });
    };
    const anyProfile: ResolvedProfile = { app: true, commerce: true, source: 'auto', reasons: [] };
    // 2. Evaluate: in site scope the sampled pages go out first (round trip 2), then every check runs.
    const pageLevel = checks.filter((c) => c.meta.pageLevel);
    const { sample, checksStarted } = await schedule.sendSampleFirst(ctx, pages, pageLevel);
    const running = Promise.all(
      checks.map((c) =>
        (sample && c.meta.pageLevel ? runOnPages(c, ctx, sample) : runCheck(c, ctx)).then((e) => {
          if (!deferred(c)) announce(c, judge(e, anyProfile));
          return e;
        }),
      ),
    );
    checksStarted();
    const evaluated = await running;
    const platform = sample ? await platformOverSample(await platformPromise, sample) : await platformPromise;
    const fx: Omit<FixContext, 'outcome'> = {
      origin: ctx.origin,
      platform: platform.platform === 'unknown' ? null : platform.platform,
      hosting: platform.hosting ?? [],
      found: foundResources(evaluated),
      ...(options.ownerValues ? { ownerValues: options.ownerValues } : {}),
    };
    if (options.site) {
      const { readSite } = await import('./fixes/site-read.js');
      const seeds = sample ? (await sample).filter((v) => !v.excluded).map((v) => v.response) : [];
      fx.site = await readSite(http, page, seeds, options.site, options.ownerValues, options.userAgent);
    }

    // 3. Judge: bot walls, the profile, the scores and the level.
    const wall = totalWall(page, evaluated);
    if (wall) throw blockedError(target.href, wall, options.userAgent ?? USER_AGENT);

    const raw = evaluated.map(({ check: { meta }, raw: o }) => ({
      id: meta.id,
      dimension: meta.dimension,
      profile: meta.profile,
      status: o.status,
      details: o.details,
    }));
    const profile = resolveProfile(options.profile ?? 'auto', platform, raw);
    for (const e of evaluated) if (deferred(e.check)) announce(e.check, judge(e, profile));
    const guideContext = { ...fx, profile: { app: profile.app, commerce: profile.commerce } };
    let results = evaluated.map((e) => finalize(e, profile, guideContext));
    let answering = 0;
    if (options.askOwner) {
      // Nothing is fetched after this point: the owner's time to answer is not the scan's.
      clearTimeout(deadlineTimer);
      const asked = Date.now();
      const answers = await options.askOwner(results);
      answering = Date.now() - asked;
      if (Object.keys(answers).length) {
        const ownerValues = { ...options.ownerValues, ...answers };
        results = evaluated.map((e) => finalize(e, profile, { ...guideContext, ownerValues }));
      }
    }

    const { overallScore, dimensions } = scoreChecks(results);
    const { level, levelName, nextLevel } = computeLevel(
      results,
      registry.map((c) => c.meta),
    );
    const walls = [page, ...evaluated.flatMap((e) => e.raw.probes ?? [])].map(challengeReason).filter(Boolean);
    const warnings: string[] = [];
    if (challengeReason(page))
      warnings.push(`The page answered with a bot challenge (${challengeReason(page)}): checks that depend on it could not be measured.`);
    else if (walls.length) warnings.push(`Some probes hit a bot wall (${walls[0]}): those checks are reported as "info", not failures.`);
    else {
      const missing = targetStatusWarning(target.href, page);
      if (missing) warnings.push(missing);
    }
    if (deadline.aborted) warnings.push('The scan deadline was reached: some probes did not finish.');
    if (options.rendering) warnings.push(...(await options.rendering.warnings()));
    const browser = options.rendering ? await options.rendering.browser() : null;

    const result: ScanResult = {
      apiVersion: API_VERSION,
      url: target.href,
      scannedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started - answering,
      overallScore,
      grade: gradeFor(overallScore),
      level,
      levelName,
      scope: scopeOf(pages),
      rubricVersion: RUBRIC_VERSION,
      platform: { ...platform, isEcommerce: platform.isEcommerce || (profile.commerce && profile.source === 'auto'), isApp: platform.isApp },
      dimensions,
      checks: results,
      finalUrl: page.url,
      ...(page.redirects.length ? { redirectedFrom: target.href } : {}),
      profile: { applied: profileNames(profile), source: profile.source, reasons: profile.reasons },
      nextLevel,
      compat: { isitagentready: isitagentreadyScore(raw, profile.commerce) },
      warnings,
      requestCount: http.requestCount,
      ...(browser ? { browser } : {}),
      ...(pages > 1 ? { pages: await pagesOf(target.href, page, sample, evaluated) } : {}),
    };
    emit({ type: 'finished', url: result.url, overallScore, grade: result.grade!, level, levelName, durationMs: result.durationMs! });
    return result;
  } finally {
    clearTimeout(deadlineTimer);
    http.close();
  }
}

/** Why the scan cannot go on: the page itself could not be fetched. */
function unreachable(target: URL, error: NonNullable<FetchResult['error']>, status: number | null): ScanError {
  if (error.code === 'blocked') return new ScanError('blocked-address', error.message);
  if (stalledBody({ status, error })) {
    return new ScanError(
      'unreachable',
      `${target.href} could not be fetched: it answered HTTP ${status} with its headers, then the body ` +
        `stalled until the timeout. Bot protection does this to automated clients (a tarpit, agent-docs-spec 0.6.0 ` +
        `bot-protection-interference): agents wait and get nothing.`,
    );
  }
  if (error.message === NOT_TLS_MESSAGE && target.protocol === 'https:') {
    const plain = new URL(target.href);
    plain.protocol = 'http:';
    return new ScanError(
      'unreachable',
      `${target.href} could not be fetched: the site does not speak TLS (HTTPS) there;` +
        ` it answered in plain HTTP. Scan ${plain.href} instead (a bare host name means https://).`,
    );
  }
  return new ScanError('unreachable', `${target.href} could not be fetched: ${error.message}`);
}

/**
 * The target itself answered an error status (a typo'd path, a removed page): the page-level
 * verdicts are about an error page, so the score is not the site's. Said in every format; the
 * exit code stays a matter of the CI thresholds.
 */
function targetStatusWarning(url: string, page: FetchResult): string | null {
  if (page.status === null || page.status < 400) return null;
  const what = page.status === 404 || page.status === 410 ? 'was not found' : 'answered with an error';
  return (
    `The target ${url} ${what} (HTTP ${page.status}): page-level checks measured an error page, so this ` +
    `score is probably not the site's. Check the URL (scan the home page or a live page).`
  );
}

/**
 * A total bot wall: every request that got an HTTP answer got a challenge (the page included).
 * Then nothing about the site was measured and a score would be a lie. Returns the first wall's
 * reason and how many answers were challenged, or null when anything got through.
 */
function totalWall(page: FetchResult, evaluated: Evaluated[]): { reason: string; count: number } | null {
  const answered = [page, ...evaluated.flatMap((e) => e.raw.probes ?? [])].filter((p) => !p.error);
  const reasons = answered.map(challengeReason);
  if (!reasons.length || reasons.some((r) => !r)) return null;
  const urls = new Set(answered.map((p) => p.requestedUrl));
  return { reason: reasons[0]!, count: urls.size };
}

function blockedError(url: string, wall: { reason: string; count: number }, userAgent: string): ScanError {
  const requests = wall.count === 1 ? 'the one request made' : `all ${wall.count} requests`;
  return new ScanError(
    'blocked-by-challenge',
    `${url} could not be scanned: a bot challenge answered every request (${requests}; ${wall.reason}), so nothing was measured. ` +
      `To scan it, allow-list the scanner's user agent "${userAgent}" in the bot protection (for example a ` +
      `WAF skip rule matching that user agent), then scan again.`,
  );
}

/** pages[] of a site-scope result (the target alone when nothing else was sampled). */
async function pagesOf(url: string, page: FetchResult, sample: Promise<PageVisit[]> | null, evaluated: Evaluated[]) {
  const { pagesReport } = await import('./site-scope.js');
  const verdicts = new Map(evaluated.filter((e) => e.perPage).map((e) => [e.check.meta.id, e.perPage!]));
  return pagesReport({ url, response: page }, (await sample) ?? [], verdicts);
}

function profileNames(p: ResolvedProfile): ProfileName[] {
  const names: ProfileName[] = [p.app ? 'app' : 'content'];
  if (p.commerce) names.push('commerce');
  return names;
}

/**
 * What a caller sees of a stored report: the engine's result plus `shareId` and `shareUrl`
 * (`{base}/r/<id>`), and `cached` when the request was answered from the cache. Every face
 * (REST, SSE, report endpoint, both MCP faces) builds the view here.
 */
import { API_VERSION, gradeFor, type ReportResponse, type ScanResponse, type ScanResult } from '../core/schema.js';
import type { StoredReport } from '../store/types.js';

/** `{base}/r/<id>`, or undefined when the face has no base address (stdio without a server). */
export function shareUrlOf(baseUrl: string | undefined, id: string): string | undefined {
  return baseUrl ? `${baseUrl}/r/${id}` : undefined;
}

export function reportView(report: StoredReport, baseUrl: string | undefined, extra: { cached?: boolean } = {}): ScanResponse {
  const shareUrl = shareUrlOf(baseUrl, report.id);
  return {
    ...report.result,
    ...(extra.cached !== undefined ? { cached: extra.cached } : {}),
    shareId: report.id,
    ...(shareUrl ? { shareUrl } : {}),
  };
}

/** A scan's outcome as the caller sees it (only what the view needs of ScanService's ScanOutcome). */
export interface ViewableOutcome {
  result: ScanResult;
  report?: StoredReport;
  cached: boolean;
}

/** The v1 ScanResponse of a scan: its report's view, or the bare result of an unstored (partial) scan; `cached` either way. */
export function scanView(outcome: ViewableOutcome, baseUrl: string | undefined): ScanResponse {
  return outcome.report ? reportView(outcome.report, baseUrl, { cached: outcome.cached }) : { ...outcome.result, cached: outcome.cached };
}

/** The v1 ReportResponse of a stored report: the envelope (score, grade, dates) around its view. */
export function reportResponse(r: StoredReport, baseUrl: string | undefined): ReportResponse {
  const htmlUrl = shareUrlOf(baseUrl, r.id);
  return {
    apiVersion: API_VERSION,
    id: r.id,
    url: r.url,
    score: r.result.overallScore,
    // Reports stored before the grade was part of the result get it from their score.
    grade: r.result.grade ?? gradeFor(r.result.overallScore),
    platform: r.result.platform?.platform ?? null,
    createdAt: r.createdAt,
    ...(htmlUrl ? { htmlUrl } : {}),
    isPublic: r.isPublic,
    result: reportView(r, baseUrl),
  };
}

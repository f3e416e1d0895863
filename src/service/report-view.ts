/**
 * What a caller sees of a stored report: the engine's result plus `shareId` and `shareUrl`
 * (`{base}/r/<id>`), and `cached` when the request was answered from the cache. Every face
 * (REST, SSE, report endpoint, both MCP faces) builds the view here.
 */
import type { ScanResponse } from '../core/schema.js';
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

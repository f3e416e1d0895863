/**
 * One view of a scan and one ReportResponse for every face: REST, SSE, MCP over HTTP and stdio
 * all build them here, so they agree on `cached` and on `grade`.
 */
import { describe, expect, it } from 'vitest';
import { reportResponse, scanView } from '../../src/service/index.js';
import { API_VERSION, gradeFor } from '../../src/core/schema.js';
import type { StoredReport } from '../../src/store/index.js';
import type { ScanResult } from '../../src/core/schema.js';

/** The fields of a result the views read; the rest of a result passes through untouched. */
function exampleResult(): ScanResult {
  return {
    apiVersion: API_VERSION,
    url: 'https://site.test/',
    overallScore: 72,
    grade: gradeFor(72),
    level: 2,
    checks: [],
    platform: { platform: 'unknown' },
  } as unknown as ScanResult;
}

const BASE = 'https://ai-ready.test';

function stored(result = exampleResult()): StoredReport {
  return { id: 'abcd1234', url: result.url, result, isPublic: true, accountId: null, createdAt: '2026-01-01T00:00:00.000Z' } as StoredReport;
}

describe('scanView', () => {
  it('gives a stored report its share link and says whether it came from the cache', () => {
    const r = stored();
    expect(scanView({ result: r.result, report: r, cached: true }, BASE)).toMatchObject({ shareId: r.id, shareUrl: `${BASE}/r/${r.id}`, cached: true });
  });

  it('says cached: false on an unstored (partial) scan too, with no share link', () => {
    const v = scanView({ result: exampleResult(), cached: false }, BASE);
    expect(v.cached).toBe(false);
    expect(v.shareId).toBeUndefined();
  });
});

describe('reportResponse', () => {
  it('builds the envelope with the API version and the html link when there is a base address', () => {
    const r = stored();
    expect(reportResponse(r, BASE)).toMatchObject({
      apiVersion: API_VERSION,
      id: r.id,
      score: r.result.overallScore,
      grade: r.result.grade,
      htmlUrl: `${BASE}/r/${r.id}`,
      isPublic: true,
    });
    expect(reportResponse(r, undefined).htmlUrl).toBeUndefined();
  });

  it('derives the grade from the score for a report stored without one', () => {
    const { grade: _, ...old } = exampleResult();
    expect(reportResponse(stored(old as ReturnType<typeof exampleResult>), BASE).grade).toBe(gradeFor(old.overallScore));
  });
});

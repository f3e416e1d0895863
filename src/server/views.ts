/**
 * Serialized response bodies of stored reports. A stored report object is immutable (the store
 * replaces it on any change), so each body is built once per report and base URL and reused.
 */
import type { StoredReport } from '../store/index.js';
import type { ScanOutcome } from '../service/index.js';
import { reportResponse, scanView } from '../service/index.js';
import { reportHtml, reportMarkdown } from './pages.js';
import { toSafeJson } from '../format/sanitize.js';

export interface ResponseBodies {
  /** The v1 ScanResponse of a scan (the report view with `cached`). */
  scan(outcome: ScanOutcome): string;
  /** The v1 ReportResponse. */
  report(report: StoredReport): string;
  html(report: StoredReport): string;
  markdown(report: StoredReport): string;
}

export function responseBodies(base: () => string): ResponseBodies {
  const bodies = new WeakMap<StoredReport, Map<string, string>>();
  const memo = (report: StoredReport, key: string, make: () => string) => {
    let m = bodies.get(report);
    if (!m) bodies.set(report, (m = new Map()));
    let s = m.get(key);
    if (s === undefined) m.set(key, (s = make()));
    return s;
  };
  return {
    scan: (o) => {
      const report = o.report;
      if (!report) return toSafeJson(scanView(o, base()));
      return memo(report, `scan:${o.cached}:${base()}`, () => toSafeJson(scanView(o, base())));
    },
    report: (r) => memo(r, `report:${base()}`, () => toSafeJson(reportResponse(r, base()))),
    html: (r) => memo(r, `html:${base()}`, () => reportHtml(r, base())),
    markdown: (r) => memo(r, `md:${base()}`, () => reportMarkdown(r, base())),
  };
}

/** The one progress stream of a scan; the CLI view, the SSE endpoint and MCP progress all read it. */
import type { CheckStatus, Dimension } from './schema.js';
import type { FetchResult } from './net/http.js';

export type ScanEvent =
  | { type: 'started'; url: string; at: string; checks: number }
  | {
      type: 'probe';
      method: string;
      url: string;
      status: number | null;
      contentType: string | null;
      durationMs: number;
      error?: string;
    }
  | {
      type: 'check';
      id: string;
      name: string;
      dimension: Dimension;
      status: CheckStatus;
      earned: number;
      weight: number;
      done: number;
      total: number;
    }
  | {
      type: 'finished';
      url: string;
      overallScore: number;
      grade: string;
      level: number;
      levelName: string;
      durationMs: number;
    };

export type ScanEventListener = (event: ScanEvent) => void;

/** The probe event of one exchange (the engine's page request, a planned request, a gather fetch). */
export function probeEvent(method: string, url: string, res: FetchResult): ScanEvent {
  return { type: 'probe', method, url, status: res.status, contentType: res.contentType, durationMs: res.durationMs, error: res.error?.message };
}

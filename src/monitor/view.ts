/** A monitor as every face shows it (MCP tools, `ai-ready monitors`): dates as ISO strings, the interval in words. */
import type { Monitor } from '../store/types.js';
import { formatInterval } from './interval.js';

export function monitorView(m: Monitor) {
  return {
    id: m.id,
    url: m.url,
    interval: formatInterval(m.intervalSec),
    intervalSec: m.intervalSec,
    minScore: m.minScore,
    minGrade: m.minGrade,
    webhookUrl: m.webhookUrl,
    createdAt: m.createdAt,
    nextRunAt: new Date(m.nextRunAt).toISOString(),
    lastRunAt: m.lastRunAt,
    lastStatus: m.lastStatus,
    lastScore: m.lastScore,
    lastGrade: m.lastGrade,
    lastReportId: m.lastReportId,
    lastError: m.lastError,
  };
}

/** The MCP tools of the service spec, in the order clients list them (comparisons are get_report's compareWith). */
import type { ToolDef } from './define.js';
import { checkSite, scanSite } from './scan-tools.js';
import { deleteReport, getDomainHistory, getReport, listReports, setReportVisibility } from './report-tools.js';
import { createMonitor, deleteMonitor, listMonitors, listWebhookDeliveries } from './monitor-tools.js';
import { getFixGuide, getRubric } from './rubric-tools.js';

export const TOOLS: ReadonlyArray<ToolDef<any, any>> = [
  scanSite,
  checkSite,
  getReport,
  listReports,
  deleteReport,
  setReportVisibility,
  getDomainHistory,
  createMonitor,
  listMonitors,
  deleteMonitor,
  listWebhookDeliveries,
  getRubric,
  getFixGuide,
];

export const ANONYMOUS_TOOLS = TOOLS.filter((t) => t.anonymous).map((t) => t.name);

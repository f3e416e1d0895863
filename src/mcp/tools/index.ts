/** The 14 MCP tools, in the order clients list them. */
import type { ToolDef } from './define.js';
import { checkSite, scanSite } from './scan-tools.js';
import { compareReports, deleteReport, getDomainHistory, getReport, listReports, setReportVisibility } from './report-tools.js';
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
  compareReports,
  createMonitor,
  listMonitors,
  deleteMonitor,
  listWebhookDeliveries,
  getRubric,
  getFixGuide,
];

export const ANONYMOUS_TOOLS = TOOLS.filter((t) => t.anonymous).map((t) => t.name);

/** create_monitor, list_monitors, delete_monitor, list_webhook_deliveries: scheduled re-scans of the caller's sites. */
import * as z from 'zod';
import { Grade } from '../../core/schema.js';
import { createMonitorChecked, MonitorInputError } from '../../monitor/admin.js';
import { INTERVAL_PATTERN } from '../../monitor/interval.js';
import { monitorView } from '../../monitor/view.js';
import { ToolError } from '../context.js';
import { MonitorSchema, WebhookDeliverySchema } from '../schemas.js';
import { RECENT_DELIVERIES } from '../../store/aggregates/monitors.js';
import { deliveryView, formatDeliveries } from '../../monitor/delivery-log.js';
import { defineTool } from './define.js';
import { requireMonitors } from './access.js';

export const createMonitor = defineTool({
  name: 'create_monitor',
  title: 'Monitor a site',
  description:
    'Re-scans a URL on a schedule. Each run is saved in your history and the domain history. When a run falls below the ' +
    'threshold (minScore and/or minGrade) or the grade drops, an alert is recorded and, with a webhookUrl, POSTed as JSON ' +
    'signed with HMAC-SHA256 in the X-AI-Ready-Signature header (the secret is returned once, here).',
  input: z.object({
    url: z.string().min(1).max(2048),
    interval: z.string().regex(INTERVAL_PATTERN, 'like "30m", "6h" or "1d"').describe('Time between runs: "30m", "6h", "1d" (the server sets a minimum)'),
    minScore: z.number().int().min(0).max(100).optional().describe('Alert when the score falls below this'),
    minGrade: Grade.optional().describe('Alert when the grade falls below this'),
    webhookUrl: z.string().url().max(2048).optional().describe('Receives signed alert events (POST, JSON)'),
  }),
  output: MonitorSchema.extend({
    webhookSecret: z.string().nullable().describe('Verifies X-AI-Ready-Signature; shown only once'),
  }),
  anonymous: false,
  needsStore: true,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, ctx) {
    const { account, monitors } = requireMonitors(ctx);
    try {
      const { monitor, webhookSecret } = await createMonitorChecked(monitors, account.id, args, ctx.monitorPolicy);
      const view = monitorView(monitor);
      return {
        data: { ...view, webhookSecret },
        summary:
          `Monitor ${monitor.id} created: ${monitor.url} every ${view.interval}, first run at ${view.nextRunAt}.` +
          (webhookSecret ? ` Webhook secret (shown once): ${webhookSecret}` : ''),
      };
    } catch (e) {
      if (e instanceof MonitorInputError) throw new ToolError(e.message);
      throw e;
    }
  },
});

export const listMonitors = defineTool({
  name: 'list_monitors',
  title: 'List my monitors',
  description: 'Lists your monitors with their schedule, threshold and last run (status, score, grade, report id).',
  input: z.object({}),
  output: z.object({ items: z.array(MonitorSchema) }),
  anonymous: false,
  needsStore: true,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(_args, ctx) {
    const { account, monitors } = requireMonitors(ctx);
    const items = (await monitors.list(account.id)).map(monitorView);
    const lines = items.map(
      (m) => `${m.id}  every ${m.interval}  ${m.url}  last: ${m.lastStatus ?? 'never run'}${m.lastScore !== null ? ` ${m.lastScore} ${m.lastGrade}` : ''}`,
    );
    return { data: { items }, summary: items.length ? lines.join('\n') : 'No monitors.' };
  },
});

export const deleteMonitor = defineTool({
  name: 'delete_monitor',
  title: 'Delete a monitor',
  description: 'Stops and deletes one of your monitors (its saved reports stay in your history).',
  input: z.object({ id: z.string().min(1).max(64) }),
  output: z.object({ id: z.string(), deleted: z.boolean() }),
  anonymous: false,
  needsStore: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, ctx) {
    const { account, monitors } = requireMonitors(ctx);
    if (!(await monitors.remove(args.id, account.id))) throw new ToolError(`No monitor with id "${args.id}" in your account.`);
    return { data: { id: args.id, deleted: true }, summary: `Monitor ${args.id} deleted.` };
  },
});

export const listWebhookDeliveries = defineTool({
  name: 'list_webhook_deliveries',
  title: "List a monitor's webhook deliveries",
  description:
    'Shows the recent webhook deliveries of one of your monitors, newest first: each alert event sent, its state ' +
    '(pending, delivered, failed) and every attempt with its time, HTTP status or error and duration, and when the ' +
    `next retry is due. Returns the ${RECENT_DELIVERIES.default} most recent unless limit says otherwise (at most ${RECENT_DELIVERIES.max}).`,
  input: z.object({
    monitorId: z.string().min(1).max(64).describe('The monitor (mon_...), from list_monitors'),
    limit: z.number().int().min(1).max(RECENT_DELIVERIES.max).optional().describe(`How many deliveries (default ${RECENT_DELIVERIES.default})`),
  }),
  output: z.object({ monitorId: z.string(), items: z.array(WebhookDeliverySchema) }),
  anonymous: false,
  needsStore: true,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run(args, ctx) {
    const { account, monitors } = requireMonitors(ctx);
    // Another account's monitor reads exactly like an unknown one: no hint that it exists.
    const monitor = await monitors.get(args.monitorId);
    if (!monitor || monitor.accountId !== account.id) throw new ToolError(`No monitor with id "${args.monitorId}" in your account.`);
    const items = (await monitors.recentDeliveries(monitor.id, args.limit)).map(deliveryView);
    const none = monitor.webhookUrl ? 'No webhook deliveries yet: one is sent when an alert fires.' : 'This monitor has no webhook.';
    return { data: { monitorId: monitor.id, items }, summary: items.length ? formatDeliveries(items) : none };
  },
});

import type { Command } from 'commander';
import { databaseUrlOpt, withStore, type StoreFlags } from './keys.js';
import { commandFail } from '../fail.js';

const dataDirOpt = ['--data-dir <dir>', 'the store of `ai-ready serve` (default $AI_READY_DATA_DIR or ./.ai-ready-data)'] as const;

interface Opened {
  store: import('../../store/index.js').Store;
  monitors: import('../../store/types.js').MonitorStore;
}

/** Opens the store (SQLite in the data dir, or Postgres) for one command (works while `serve` runs). */
async function withMonitors<T>(flags: StoreFlags, fn: (o: Opened) => Promise<T>): Promise<T> {
  return withStore(flags, (store) => fn({ store, monitors: store.monitors }));
}

const fail = commandFail('monitors');

export function registerMonitors(program: Command): void {
  const cmd = program.command('monitors').description('Manage monitors: scheduled re-scans with alerts and signed webhooks, run by `ai-ready serve`');

  cmd
    .command('add')
    .description('Monitor a URL; prints the monitor id (and the webhook secret, once)')
    .argument('<url>', 'the site to re-scan')
    .requiredOption('--account <name>', 'account that owns the monitor (created when absent); runs land in its history')
    .option('--every <interval>', 'time between runs: 30m, 6h, 1d (at least 5m)', '1d')
    .option('--min-score <n>', 'alert when the score falls below n')
    .option('--min-grade <grade>', 'alert when the grade falls below A, B, C or D')
    .option('--webhook <url>', 'POST signed alert events to this URL')
    .option('--json', 'print the monitor as JSON')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(
      async (
        url: string,
        flags: { account: string; every: string; minScore?: string; minGrade?: string; webhook?: string; json?: boolean; dataDir?: string },
      ) => {
        const minScore = flags.minScore === undefined ? null : Number(flags.minScore);
        if (minScore !== null && (!Number.isInteger(minScore) || minScore < 0 || minScore > 100)) return fail('--min-score must be an integer from 0 to 100');
        const minGrade = flags.minGrade?.toUpperCase() ?? null;
        if (minGrade !== null && !['A', 'B', 'C', 'D'].includes(minGrade)) return fail('--min-grade must be A, B, C or D');
        const { createMonitorChecked, MonitorInputError } = await import('../../monitor/admin.js');
        const { monitorView } = await import('../../monitor/view.js');
        try {
          const out = await withMonitors(flags, async ({ store, monitors }) => {
            const account = await store.ensureAccount(flags.account.trim());
            return createMonitorChecked(monitors, account.id, {
              url,
              interval: flags.every,
              minScore,
              minGrade: minGrade as 'A' | null,
              webhookUrl: flags.webhook ?? null,
            });
          });
          if (flags.json) {
            process.stdout.write(JSON.stringify({ ...monitorView(out.monitor), webhookSecret: out.webhookSecret }, null, 2) + '\n');
            return;
          }
          process.stdout.write(`${out.monitor.id}\n`);
          process.stderr.write(
            `Monitoring ${out.monitor.url} every ${monitorView(out.monitor).interval}; the first run starts when \`ai-ready serve\` runs.\n`,
          );
          if (out.webhookSecret) process.stderr.write(`Webhook secret (verifies X-AI-Ready-Signature; not shown again): ${out.webhookSecret}\n`);
        } catch (e) {
          if (e instanceof MonitorInputError) return fail(e.message);
          throw e;
        }
      },
    );

  cmd
    .command('list')
    .description('List monitors with their schedule, threshold and last run')
    .option('--account <name>', 'only this account')
    .option('--json', 'print JSON')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(async (flags: { account?: string; json?: boolean; dataDir?: string }) => {
      const { monitorView } = await import('../../monitor/view.js');
      const { oneLine } = await import('../../format/sanitize.js');
      const rows = await withMonitors(flags, async ({ store, monitors }) => {
        const account = flags.account ? await store.getAccount(flags.account) : undefined;
        if (flags.account && !account) return null;
        const names = new Map((await store.listAccounts()).map((a) => [a.id, a.name]));
        return (await monitors.list(account?.id)).map((m) => ({ ...monitorView(m), account: names.get(m.accountId) ?? m.accountId }));
      });
      if (rows === null) return fail(`no account named "${flags.account}"`);
      if (flags.json) {
        process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
        return;
      }
      if (!rows.length) {
        process.stderr.write('No monitors.\n');
        return;
      }
      for (const m of rows) {
        const threshold =
          [m.minScore !== null ? `score>=${m.minScore}` : '', m.minGrade ? `grade>=${m.minGrade}` : ''].filter(Boolean).join(' ') || 'no threshold';
        const last = m.lastRunAt ? `${m.lastStatus} ${m.lastScore ?? ''} ${m.lastGrade ?? ''} at ${m.lastRunAt}`.replace(/\s+/g, ' ') : 'never run';
        process.stdout.write(
          `${m.id}  ${m.account}  every ${m.interval}  ${threshold}  ${oneLine(m.url, 120)}  last: ${last}${m.webhookUrl ? '  webhook' : ''}\n`,
        );
      }
    });

  cmd
    .command('deliveries')
    .description("Show a monitor's recent webhook deliveries: each alert event, its state and every attempt (time, HTTP status or error, duration, next retry)")
    .argument('<id>', 'monitor id (mon_...)')
    .option('--limit <n>', 'how many deliveries, newest first (1 to 100)', '20')
    .option('--json', 'print JSON')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(async (id: string, flags: { limit: string; json?: boolean; dataDir?: string }) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return fail('--limit must be an integer from 1 to 100');
      const { deliveryView, formatDeliveries } = await import('../../monitor/delivery-log.js');
      const found = await withMonitors(flags, async ({ monitors }) => {
        const monitor = await monitors.get(id.trim());
        return monitor ? { monitor, items: (await monitors.recentDeliveries(monitor.id, limit)).map(deliveryView) } : null;
      });
      if (!found) return fail(`no monitor with id "${id}"`);
      if (flags.json) {
        const { toSafeJson } = await import('../../format/sanitize.js');
        process.stdout.write(toSafeJson({ monitorId: found.monitor.id, items: found.items }, 2) + '\n');
        return;
      }
      if (!found.items.length) {
        process.stderr.write(found.monitor.webhookUrl ? 'No webhook deliveries yet: one is sent when an alert fires.\n' : 'This monitor has no webhook.\n');
        return;
      }
      process.stdout.write(formatDeliveries(found.items) + '\n');
    });

  cmd
    .command('remove')
    .description('Delete a monitor (its reports stay)')
    .argument('<id>', 'monitor id (mon_...)')
    .option(...dataDirOpt)
    .option(...databaseUrlOpt)
    .action(async (id: string, flags: { dataDir?: string }) => {
      const removed = await withMonitors(flags, ({ monitors }) => monitors.remove(id.trim()));
      if (!removed) return fail(`no monitor with id "${id}"`);
      process.stderr.write(`Removed ${id}.\n`);
    });
}

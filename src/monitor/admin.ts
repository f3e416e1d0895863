/**
 * Creating monitors with the checks every face shares (MCP tool, CLI, tests): a scannable URL,
 * an interval within bounds, a threshold, a webhook URL that passes the private-network guard,
 * and a per-account cap so one account cannot turn the service into a scanning cannon.
 */
import { normalizeTarget } from '../core/target.js';
import { assertPublicTarget } from '../core/net/target-guard.js';
import { isScanError } from '../core/errors.js';
import type { Grade } from '../core/schema.js';
import type { Monitor, MonitorStore } from '../store/types.js';
import { DEFAULT_MIN_INTERVAL_SEC, MAX_INTERVAL_SEC, formatInterval, parseInterval } from './interval.js';
import { webhookUrlProblem } from './webhook.js';

export const DEFAULT_MAX_MONITORS_PER_ACCOUNT = 50;

export interface MonitorPolicy {
  minIntervalSec?: number;
  maxPerAccount?: number;
  /** Refuse private targets and webhook URLs (the server's default). */
  blockPrivateNetwork?: boolean;
  allowedHosts?: string[];
}

export interface CreateMonitorInput {
  url: string;
  interval: string | number;
  minScore?: number | null;
  minGrade?: Grade | null;
  webhookUrl?: string | null;
}

export class MonitorInputError extends Error {
  override name = 'MonitorInputError';
}

export async function createMonitorChecked(
  monitors: MonitorStore,
  accountId: string,
  input: CreateMonitorInput,
  policy: MonitorPolicy = {},
): Promise<{ monitor: Monitor; webhookSecret: string | null }> {
  let target: URL;
  try {
    target = normalizeTarget(input.url);
    if (policy.blockPrivateNetwork) await assertPublicTarget(target, policy.allowedHosts);
  } catch (e) {
    if (isScanError(e)) throw new MonitorInputError(e.message);
    throw e;
  }
  const intervalSec = parseInterval(input.interval);
  const floor = policy.minIntervalSec ?? DEFAULT_MIN_INTERVAL_SEC;
  if (intervalSec === null) throw new MonitorInputError('The interval must look like "30m", "6h" or "1d".');
  if (intervalSec < floor) throw new MonitorInputError(`The interval must be at least ${formatInterval(floor)}.`);
  if (intervalSec > MAX_INTERVAL_SEC) throw new MonitorInputError(`The interval must be at most ${formatInterval(MAX_INTERVAL_SEC)}.`);
  if (input.minScore != null && (!Number.isInteger(input.minScore) || input.minScore < 0 || input.minScore > 100)) {
    throw new MonitorInputError('minScore must be an integer from 0 to 100.');
  }
  if (input.webhookUrl) {
    const problem = webhookUrlProblem(input.webhookUrl, policy.blockPrivateNetwork ?? false);
    if (problem) throw new MonitorInputError(problem.charAt(0).toUpperCase() + problem.slice(1) + '.');
  }
  const max = policy.maxPerAccount ?? DEFAULT_MAX_MONITORS_PER_ACCOUNT;
  if ((await monitors.list(accountId)).length >= max) throw new MonitorInputError(`An account can have at most ${max} monitors.`);
  return monitors.create({
    accountId,
    url: target.href,
    intervalSec,
    minScore: input.minScore ?? null,
    minGrade: input.minGrade ?? null,
    webhookUrl: input.webhookUrl || null,
  });
}

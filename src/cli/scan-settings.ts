/**
 * Turns the scan flags and the config file into one validated settings object. Each flag is
 * declared once in scan-flags/ (its spelling, schema, config key and default); a flag typed on
 * the command line wins over the file, the file over the default (scan-flags/resolve.ts). What
 * involves several flags is here, once.
 */
import { loadConfig } from './config.js';
import type { FormatName as FormatNameOf } from '../format/names.js';
import type { Thresholds } from './thresholds.js';
import { UsageError } from './usage-error.js';
import { SCAN_FLAGS, resolveFlags } from './scan-flags/index.js';
import type { FlagSettings, RawFlags } from './scan-flags/define.js';

export type FormatName = FormatNameOf;

/** The raw flags as commander gives them (text, or a switch's boolean). */
export type ScanFlags = RawFlags<typeof SCAN_FLAGS>;

/** One field per declared flag (the schema's type; `| undefined` where there is no default), and what the rules below derive. */
export interface ScanSettings extends FlagSettings<typeof SCAN_FLAGS> {
  /** The arguments, or the config file's `urls` when there are none and no --input. */
  urls: string[];
  /** --timeout in milliseconds. */
  deadlineMs: number;
  /** The CI gates, together (cli/thresholds.ts). */
  thresholds: Thresholds;
  configPath?: string;
}

export async function resolveScanSettings(args: string[], flags: ScanFlags, typed: (name: keyof ScanFlags) => boolean): Promise<ScanSettings> {
  const file = flags.config === false ? null : await loadConfig(typeof flags.config === 'string' && flags.config ? flags.config : undefined);
  const s = await resolveFlags(SCAN_FLAGS, flags, typed as (name: string) => boolean, file?.config ?? {});

  if (s.json) {
    if (typed('format') && flags.format !== undefined && s.format !== 'json')
      throw new UsageError('--json is --format json: do not combine it with another --format');
    s.format = 'json';
  }
  if (s.failOnRegression !== undefined && !s.baseline) throw new UsageError('--fail-on-regression needs --baseline <file>');

  return {
    ...s,
    urls: args.length || s.input !== undefined ? args : s.urls,
    deadlineMs: s.timeout * 1000,
    thresholds: { minGrade: s.minGrade, minScore: s.minScore, minLevel: s.minLevel, minDimension: s.minDimension, failOn: s.failOn },
    configPath: file?.path,
  };
}

/**
 * The flags of `ai-ready scan`, one line each, in the order `--help` lists them (and the config
 * file's error lists its keys); the scan parameters' flags come from their registry (params.ts). The commander
 * options (commander.ts), the config file's schema (schema.ts, via cli/config-schema.ts), the
 * flag > config > default resolution (resolve.ts) and the settings type (cli/scan-settings.ts)
 * are derived from this list. See docs/architecture.md, "Adding a scan flag".
 */
import { baseline, failOnRegression, saveBaseline } from './baseline.js';
import { config } from './config-file.js';
import { failOn, minDimension, minGrade, minLevel, minScore } from './gates.js';
import { badge, color, format, json, markdownSummary, output, summary, verbose } from './output.js';
import { PARAM_FLAGS } from './params.js';
import { timeout } from './scope.js';
import { input, urls } from './targets.js';
import { concurrency, maxScans, workerHeapMb, workers } from './workers.js';

export const SCAN_FLAGS = [
  urls,
  format,
  json,
  output,
  input,
  workers,
  maxScans,
  concurrency,
  workerHeapMb,
  ...PARAM_FLAGS,
  timeout,
  minGrade,
  minScore,
  minLevel,
  minDimension,
  failOn,
  saveBaseline,
  baseline,
  failOnRegression,
  markdownSummary,
  badge,
  config,
  verbose,
  summary,
  color,
] as const;

export { defineFlag, toList, toNumber } from './define.js';
export { addFlagOptions } from './commander.js';
export { resolveFlags } from './resolve.js';

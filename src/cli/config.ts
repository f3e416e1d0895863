/**
 * ai-ready.config.json: the CI settings a repository keeps beside its workflow. Keys are the
 * camelCase names of the scan flags that declare `config: true` (scan-flags/); flags given on the
 * command line win over the file. Validated with zod; unknown keys are mistakes (a typo must not
 * silently disable a gate).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConfigFile } from './config-schema.js';

export type { ConfigFile };

export const CONFIG_FILE = 'ai-ready.config.json';

export class ConfigError extends Error {}

/**
 * Reads the config: the explicit `--config` path (must exist) or ai-ready.config.json in `cwd`
 * (optional). Returns null when there is none.
 */
export async function loadConfig(explicitPath: string | undefined, cwd = process.cwd()): Promise<{ path: string; config: ConfigFile } | null> {
  const path = resolve(cwd, explicitPath ?? CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (!explicitPath && (e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(`cannot read config file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${path} is not valid JSON: ${(e as Error).message}`);
  }
  // zod loads only when there is a file to validate, keeping it off the start-up path of a scan.
  const { ConfigFile, describeIssues } = await import('./config-schema.js');
  const parsed = ConfigFile.safeParse(json);
  if (!parsed.success) throw new ConfigError(`${path} has mistakes:\n${describeIssues(parsed.error)}`);
  return { path, config: parsed.data as ConfigFile };
}

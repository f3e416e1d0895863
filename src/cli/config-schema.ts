/** The zod schema of ai-ready.config.json, derived from the scan flags that take a config key (loaded only when a config file exists). */
import type * as z from 'zod';
import { SCAN_FLAGS } from './scan-flags/index.js';
import type { FlagConfig } from './scan-flags/define.js';
import { configSchema, describeIssues as describeAgainst } from './scan-flags/schema.js';

export const ConfigFile = configSchema(SCAN_FLAGS);
export type ConfigFile = FlagConfig<typeof SCAN_FLAGS>;

export function describeIssues(error: z.ZodError): string {
  return describeAgainst(ConfigFile, error);
}

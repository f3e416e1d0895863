/**
 * ai-ready.config.json: the CI settings a repository keeps beside its workflow. Keys are the
 * camelCase names of the scan flags; flags given on the command line win over the file.
 * Validated with zod; unknown keys are mistakes (a typo must not silently disable a gate).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

export const CONFIG_FILE = 'ai-ready.config.json';
export const FORMAT_NAMES = ['pretty', 'json', 'md', 'html', 'sarif', 'junit', 'github'] as const;
export const PROFILE_NAMES = ['auto', 'content', 'app', 'commerce'] as const;
export const GRADE_NAMES = ['A', 'B', 'C', 'D', 'F'] as const;

export const ConfigFile = z
  .object({
    $schema: z.string().optional(),
    urls: z.array(z.string().min(1)).optional().describe('URLs scanned when none are given on the command line'),
    format: z.enum(FORMAT_NAMES).optional(),
    output: z.string().min(1).optional(),
    profile: z.enum(PROFILE_NAMES).optional(),
    skip: z.array(z.string().min(1)).optional().describe('Check ids or dimension names to leave out'),
    only: z.array(z.string().min(1)).optional(),
    minGrade: z.enum(GRADE_NAMES).optional(),
    minScore: z.number().min(0).max(100).optional(),
    minLevel: z.number().int().min(0).max(5).optional(),
    failOn: z.array(z.string().min(1)).optional().describe('Check ids or tiers (essential, recommended, bonus)'),
    baseline: z.string().min(1).optional(),
    failOnRegression: z.number().min(0).optional(),
    concurrency: z.number().int().min(1).max(32).optional(),
    timeout: z.number().positive().max(600).optional().describe('Whole-scan deadline per URL, seconds'),
  })
  .strict();
export type ConfigFile = z.infer<typeof ConfigFile>;

export class ConfigError extends Error {}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const where = i.path.length ? i.path.join('.') : '(top level)';
      if (i.code === 'unrecognized_keys') return `  unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')} (allowed: ${Object.keys(ConfigFile.shape).filter((k) => k !== '$schema').join(', ')})`;
      return `  ${where}: ${i.message}`;
    })
    .join('\n');
}

/**
 * Reads the config: the explicit `--config` path (must exist) or ai-ready.config.json in `cwd`
 * (optional). Returns null when there is none.
 */
export function loadConfig(explicitPath: string | undefined, cwd = process.cwd()): { path: string; config: ConfigFile } | null {
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
  const parsed = ConfigFile.safeParse(json);
  if (!parsed.success) throw new ConfigError(`${path} has mistakes:\n${describeIssues(parsed.error)}`);
  return { path, config: parsed.data };
}

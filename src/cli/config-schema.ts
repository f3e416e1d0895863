/** The zod schema of ai-ready.config.json (loaded only when a config file exists). */
import * as z from 'zod';
import { FORMAT_NAMES } from '../format/names.js';
import { DIMENSIONS, GRADES } from '../core/vocabulary.js';
import { CliPages, ScanProfile } from '../core/scan-params.js';

export const ConfigFile = z
  .object({
    $schema: z.string().optional(),
    urls: z.array(z.string().min(1)).optional().describe('URLs scanned when none are given on the command line'),
    format: z.enum(FORMAT_NAMES).optional(),
    output: z.string().min(1).optional(),
    profile: ScanProfile.optional(),
    skip: z.array(z.string().min(1)).optional().describe('Check ids or dimension names to leave out'),
    only: z.array(z.string().min(1)).optional(),
    minGrade: z.enum(GRADES).optional(),
    minScore: z.number().min(0).max(100).optional(),
    minLevel: z.number().int().min(0).max(5).optional(),
    minDimension: z
      .partialRecord(z.enum(DIMENSIONS), z.number().min(0).max(100))
      .optional()
      .describe('Minimum score per dimension, e.g. {"bot_access": 80}; not-applicable dimensions are not gated'),
    failOn: z.array(z.string().min(1)).optional().describe('Check ids or tiers (essential, recommended, bonus)'),
    baseline: z.string().min(1).optional(),
    failOnRegression: z.number().min(0).optional(),
    concurrency: z.number().int().min(1).max(256).optional(),
    pages: CliPages.optional(),
    render: z.boolean().optional().describe('Also load the pages in headless Chrome or Chromium (see docs/render.md)'),
    timeout: z.number().positive().max(600).optional().describe('Whole-scan deadline per URL, seconds'),
  })
  .strict();
export type ConfigFile = z.infer<typeof ConfigFile>;

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const where = i.path.length ? i.path.join('.') : '(top level)';
      if (i.code === 'unrecognized_keys')
        return `  unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')} (allowed: ${Object.keys(ConfigFile.shape)
          .filter((k) => k !== '$schema')
          .join(', ')})`;
      return `  ${where}: ${i.message}`;
    })
    .join('\n');
}

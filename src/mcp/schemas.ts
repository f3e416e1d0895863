/** Output shapes of the MCP tools that the v1 schemas (src/core/schema.ts) do not already give. */
import * as z from 'zod';
import { Dimension, FixStep, Grade, Tier } from '../core/schema.js';
import { ComparisonFields } from '../service/compare.js';
import { MERGE_KIND_IDS, mergeKindsText } from '../core/fixes/project/merge-table.js';

export const ReportSummarySchema = z.object({
  id: z.string(),
  url: z.string(),
  domain: z.string(),
  score: z.number().int(),
  grade: z.string(),
  level: z.number().int(),
  platform: z.string().nullable(),
  createdAt: z.string(),
  isPublic: z.boolean(),
  shareUrl: z.string().optional(),
});

export const ReportPage = z.object({
  items: z.array(ReportSummarySchema),
  nextCursor: z.string().nullable().describe('Pass back as `cursor` for the next page; null on the last page'),
});

export const DomainHistory = z.object({
  domain: z.string(),
  items: z.array(ReportSummarySchema).describe('Newest first'),
  nextCursor: z.string().nullable(),
});

const ReportPoint = z.object({
  id: z.string(),
  url: z.string(),
  createdAt: z.string(),
  score: z.number().int(),
  grade: z.string(),
  level: z.number().int(),
  rubricVersion: z.string().optional(),
});

export const Comparison = z.object({
  from: ReportPoint,
  to: ReportPoint,
  // The shared comparison fields (scoreDelta, levelDelta, gradeChange, changed, unchangedCount, and the
  // additive sameRubric, dimensions, newFindings, fixedFindings).
  ...ComparisonFields,
  htmlUrl: z.string().optional().describe('The compare page of the two reports on this service'),
});

export const MonitorSchema = z.object({
  id: z.string(),
  url: z.string(),
  interval: z.string().describe('e.g. "6h"'),
  intervalSec: z.number().int(),
  minScore: z.number().int().nullable(),
  minGrade: Grade.nullable(),
  webhookUrl: z.string().nullable(),
  createdAt: z.string(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastStatus: z.enum(['ok', 'below', 'error']).nullable(),
  lastScore: z.number().int().nullable(),
  lastGrade: z.string().nullable(),
  lastReportId: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const WebhookDeliverySchema = z.object({
  id: z.string().describe('The event id the receiver saw (X-AI-Ready-Delivery, webhook-id)'),
  alertId: z.string(),
  alertAt: z.string().nullable(),
  alertKinds: z.array(z.string()),
  url: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  createdAt: z.string(),
  nextRetryAt: z.string().nullable().describe('When the next attempt is due; null once delivered or given up'),
  attemptLog: z.array(
    z.object({
      attempt: z.number().int(),
      at: z.string(),
      status: z.number().int().nullable().describe("The receiver's HTTP status; null when no answer came"),
      error: z.string().nullable(),
      durationMs: z.number(),
    }),
  ),
});

export const RubricSchema = z.object({
  rubricVersion: z.string(),
  checks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      dimension: Dimension,
      tier: Tier,
      weight: z.number(),
      contentProfile: z.enum(['na', 'bonus', 'offered']).optional(),
      anchorKey: z.string().optional(),
      summary: z.string(),
      specUrls: z.array(z.string()),
      standards: z.array(z.string()).describe('Standards ledger entries the check reads (`ai-ready rubric --standards`, docs/standards.md)'),
      pageLevel: z.literal(true).optional().describe('The verdict is about one page: run on every sampled page in site scope (report.pages)'),
      rendered: z.literal(true).optional().describe('The check has a reading of its own in rendered mode (render: true)'),
    }),
  ),
  levels: z.array(z.object({ level: z.number().int(), name: z.string(), rule: z.string() })),
  scoring: z.record(z.string(), z.unknown()),
});

export const FixGuideSchema = z.object({
  checkId: z.string(),
  name: z.string(),
  dimension: Dimension,
  tier: Tier,
  platform: z.string().nullable().describe('The platform the steps are written for; null = generic'),
  summary: z.string(),
  why: z.string(),
  remediation: z.string(),
  specUrls: z.array(z.string()),
  steps: z.array(FixStep),
  project: z
    .object({
      framework: z.object({ id: z.string(), label: z.string(), staticDir: z.string().nullable() }),
      headersFile: z.string().nullable().describe('Where the header rules go (Netlify/Cloudflare _headers in the static folder by default)'),
      files: z
        .array(
          z.object({
            path: z.string().describe('Project-relative path'),
            content: z.string().describe('The file as `ai-ready fix` writes it in a project that does not have it yet'),
            merge: z.enum(MERGE_KIND_IDS).describe(`How \`ai-ready fix\` merges into the file when the project has it: ${mergeKindsText()}`),
          }),
        )
        .describe('What `ai-ready fix --dir <project> --write` writes for this check in a bare project of this framework'),
      needs: z
        .array(z.object({ value: z.string(), description: z.string(), step: z.string() }))
        .describe('Owner values the guide needs: those steps are not written'),
      manual: z.array(z.object({ title: z.string(), text: z.string() })).describe('Steps no project file holds (a layout <head>, a server setting)'),
      examples: z
        .array(z.string())
        .optional()
        .describe('Titles of steps whose values are examples (not observed on the site, not given by the owner): shown in `steps`, never written'),
    })
    .optional()
    .describe('With `framework`: the guide as project files'),
});

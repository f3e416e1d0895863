/**
 * Comparing two stored reports, for every server face (the compare page, the v1 compare
 * endpoint, the MCP `get_report` tool with `compareWith`). The comparison itself is src/format/compare.ts, the
 * one module the terminal's `--baseline` uses too; this adds the stored reports' ids and dates
 * and the wire schema (additive to v1).
 */
import * as z from 'zod';
import { API_VERSION, CheckStatus, Dimension } from '../core/schema.js';
import { compareSnapshots, snapshotOf, type ReportComparison } from '../format/compare.js';
import type { StoredReport } from '../store/types.js';

export function compareReports(older: StoredReport, newer: StoredReport): ReportComparison {
  return compareSnapshots(
    snapshotOf(older.result, { id: older.id, createdAt: older.createdAt }),
    snapshotOf(newer.result, { id: newer.id, createdAt: newer.createdAt }),
  );
}

const ComparedReport = z.object({
  id: z.string().optional(),
  url: z.string(),
  createdAt: z.string().optional(),
  score: z.number().int(),
  grade: z.string(),
  level: z.number().int(),
  rubricVersion: z.string().optional(),
});

const FindingSchema = z.object({ id: z.string(), name: z.string(), dimension: Dimension, status: CheckStatus });

/** The comparison's fields, shared by the v1 response and the MCP tool's output. */
export const ComparisonFields = {
  scoreDelta: z.number().int(),
  levelDelta: z.number().int(),
  gradeChange: z.string().nullable().describe('e.g. "C -> B", null when unchanged'),
  sameRubric: z.boolean().describe('false: the two scans used different rubric versions, so part of the difference may come from the rubric'),
  dimensions: z
    .array(z.object({ dimension: Dimension, from: z.number().int().nullable(), to: z.number().int().nullable(), delta: z.number().int().nullable() }))
    .describe('null: not applicable on that side'),
  changed: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      dimension: Dimension,
      from: CheckStatus.nullable().describe('null: the check was not in the older report'),
      to: CheckStatus.nullable().describe('null: the check is not in the newer report'),
      earnedDelta: z.number(),
    }),
  ),
  newFindings: z.array(FindingSchema).describe('Failing or partial in the newer report and not (or less) before'),
  fixedFindings: z.array(FindingSchema).describe('Failing or partial in the older report, passing or gone in the newer; status is the old one'),
  unchangedCount: z.number().int(),
};

export const CompareResponse = z
  .object({
    apiVersion: z.string(),
    from: ComparedReport,
    to: ComparedReport,
    ...ComparisonFields,
    htmlUrl: z.string().optional().describe('The compare page of the two reports'),
  })
  .meta({ id: 'CompareResponse' });
export type CompareResponse = z.infer<typeof CompareResponse>;

export function compareResponse(older: StoredReport, newer: StoredReport, base?: string): CompareResponse {
  return {
    apiVersion: API_VERSION,
    ...compareReports(older, newer),
    ...(base ? { htmlUrl: `${base}/compare?from=${older.id}&to=${newer.id}` } : {}),
  };
}

/**
 * What a check returns, as every layer reads it: the engine and the checks write it, fix guides
 * (fixes/) and the rendered-mode wrap read it. It lives below all of them so that none of them
 * imports the checks to name it.
 */
import type { CheckStatus } from './schema.js';
import type { FetchResult } from './net/http.js';

/** Values a template reads (an undefined one is absent: object literals of a union carry it). */
export type MessageData = Readonly<Record<string, string | number | undefined>>;

/** One problem among several in an outcome, with a code of its own. */
export interface SubFinding<F extends string = string> {
  code: F;
  data?: MessageData;
}

/** Structured details of an outcome; each check names its own shape. */
export type Details = Record<string, unknown>;

export interface CheckOutcome<C extends string = string, D = Details> {
  status: CheckStatus;
  /** Stable machine code of this outcome, one of meta.codes (e.g. "D4/no-h1"). */
  code: C;
  /** What was observed: probes, statuses, headers, a short body excerpt (rendered from meta.messages when data is given). */
  evidence: string;
  /** The values the evidence template of `code` was filled with: what tests and tools read. */
  data?: MessageData;
  /** The problems found, each with its own code, in the order found (the first names a partial outcome). */
  findings?: Array<SubFinding & { text: string }>;
  /**
   * Overrides meta.remediation when the fix depends on what was found: rendered from the template
   * of `remedy` in meta.remedies (never written as free text).
   */
  remediation?: string;
  /** The key of meta.remedies that `remediation` was rendered from; absent, meta.remediation applies. */
  remedy?: string;
  /** Values the remedy's template reads beyond `data` (a path, a list of names). */
  remedyData?: MessageData;
  /** Which spec and version the artifact matched, e.g. "A2A 1.0 (supportedInterfaces)". */
  matched?: string;
  /** Non-scoring notes (wrong content type, missing CORS header, ...), as people read them. */
  advisories?: string[];
  /** The same notes with their codes and template data (meta.advisories), in the same order. */
  advisoryFindings?: Array<SubFinding & { text: string }>;
  /** The responses the verdict rests on, shown as receipts; a challenged one turns fail into info. */
  probes?: FetchResult[];
  /** Structured details for formatters and tools; a `url` names the resource found. */
  details?: D;
}

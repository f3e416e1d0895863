/**
 * One row of the labelled verdict corpus (issue 11): a small fixture site and the verdicts the
 * real engine must give it, in the spirit of ESLint's RuleTester. docs/verdict-corpus.md gives the
 * source of every expectation.
 */
import type { CheckStatus } from '../../src/core/schema.js';
import type { ProfileChoice } from '../../src/core/scoring/profile.js';
import type { Route } from '../helpers/fixture-server.js';

export type Routes = Record<string, Route>;

export interface Origins {
  /** The scanned fixture site, http://127.0.0.1:<port>. */
  origin: string;
  /** A second fixture server on http://localhost:<port> (another site for the engine). */
  other: string;
}

export interface Variant {
  /** Unique kebab-case name, listed in docs/verdict-corpus.md. */
  name: string;
  /** What the variant models, in one line. */
  models: string;
  /** The scanned site's routes. */
  site: (o: Origins) => Routes;
  /** Routes of the second server (cross-site redirects). */
  otherSite?: (o: Origins) => Routes;
  /** Expected final status per check id (empty when the scan is refused). */
  expect: Record<string, CheckStatus>;
  /** The scan must be refused with this ScanError code instead of returning checks. */
  refused?: string;
  /** Expected outcome codes (docs/check-codes.md), for some or all of the checks in expect. */
  codes?: Record<string, string>;
  /** Where the expectations come from: spec section / RFC / vendor doc / our documented decision. */
  source: string;
  /** Scoring profile (default auto, as users run it). */
  profile?: ProfileChoice;
  /** Path scanned on the site (default "/"). */
  path?: string;
}

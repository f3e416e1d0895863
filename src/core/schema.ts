/**
 * The v1 wire shapes of ../shared/spec/service-interface.md §2, as zod schemas.
 * They are the single source of the TypeScript types, of response validation in tests and of the
 * JSON Schema inside /openapi.json. v1 is additive only: fields may be added, never renamed.
 */
import * as z from 'zod';
import { API_VERSION, CHECK_STATUSES, DIMENSIONS, GRADES, PROFILES, TIERS, gradeFor } from './vocabulary.js';
import type { JsonValue as JsonValueType } from './result-details.js';

export { API_VERSION, CHECK_STATUSES, DIMENSIONS, GRADES, PROFILES, TIERS, gradeFor };

export const Dimension = z.enum(DIMENSIONS);
export type Dimension = z.infer<typeof Dimension>;

export const CheckStatus = z.enum(CHECK_STATUSES);
export type CheckStatus = z.infer<typeof CheckStatus>;

export const Tier = z.enum(TIERS);
export type Tier = z.infer<typeof Tier>;

export const Grade = z.enum(GRADES);
export type Grade = z.infer<typeof Grade>;

/** robots.txt lines as structure (RFC 9309 groups, then Sitemap lines): what `content` says, for a tool that merges by group. */
export const RobotsLines = z
  .object({
    groups: z.array(
      z.object({
        comment: z.string().optional().describe('A comment line above the group'),
        userAgents: z.array(z.string()),
        records: z
          .array(z.object({ field: z.string(), value: z.string() }))
          .optional()
          .describe('Records other than Allow/Disallow (Content-Signal, Content-Usage), right after the User-agent lines'),
        allow: z.array(z.string()).optional(),
        disallow: z.array(z.string()).optional(),
      }),
    ),
    sitemaps: z.array(z.object({ url: z.string(), pending: z.string().optional().describe('Why the line waits: written commented out') })).optional(),
  })
  .meta({ id: 'RobotsLines' });
export type RobotsLines = z.infer<typeof RobotsLines>;

/**
 * What a fix step asks the owner to publish, as data a tool can apply and a test can serve (the
 * prose of the step says the same for people). Additive to v1: steps without it are advice.
 */
export const FixOperation = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('file'),
      path: z.string().describe('Path on the origin, e.g. "/llms.txt"'),
      contentType: z.string(),
      content: z.string(),
      headers: z.record(z.string(), z.string()).optional().describe('Other response headers the file needs (CORS, Cache-Control)'),
    }),
    z.object({
      kind: z.literal('header'),
      name: z.string(),
      value: z.string(),
      path: z.string().describe('"/" means every HTML page (at least the home page)'),
    }),
    z.object({
      kind: z.literal('lines'),
      path: z.string().describe('The text file the lines go into (e.g. "/robots.txt"), created when absent'),
      content: z.string().describe('Lines to add, keeping every line the file already has'),
      robots: RobotsLines.optional().describe('For robots.txt: the same lines as structure (groups and Sitemap lines), which a tool merges by group'),
    }),
    z.object({
      kind: z.literal('merge'),
      path: z.string().describe('A JSON document the site already publishes (another step or check publishes it when absent)'),
      content: z.string().describe('A JSON object to merge into it: objects merged key by key, arrays appended, the rest of the document kept'),
    }),
    z.object({
      kind: z.literal('html'),
      path: z.string().describe('The page, "/" for the home page (and every page of the same template)'),
      where: z.enum(['head', 'body']),
      content: z.string().describe('HTML to insert at the end of <head> or the start of <body>'),
    }),
  ])
  .meta({ id: 'FixOperation' });
export type FixOperation = z.infer<typeof FixOperation>;

/**
 * Where the values an operation publishes come from: observed on the site, given by the owner, or
 * an example. `ai-ready fix` writes `site` and `owner` operations only; an `example` is shown, marked
 * as one. Additive to v1 (FixStep.source).
 */
export const ValueSource = z.enum(['site', 'owner', 'example']).meta({ id: 'ValueSource' });
export type ValueSource = z.infer<typeof ValueSource>;

/**
 * One value a step publishes, with where it comes from: the site's name, a page's title or URL, a
 * Content-Signal the owner gave. `ai-ready fix` counts them by source; a written file carries no
 * `example` value. Additive to v1 (FixStep.values).
 */
export const PublishedValue = z
  .object({
    name: z
      .string()
      .describe('What the value is: "siteName", "description", "origin", "page /tides title", "page /tides url", "page /tides content", "contentSignal"...'),
    value: z.string().optional().describe("The value as it is written (one line); absent for a block of content (a page's main text)"),
    source: ValueSource,
    from: z.string().optional().describe('What showed it: "og:site_name", "hugo.toml baseURL", "--set siteName", the page\'s URL'),
  })
  .meta({ id: 'PublishedValue' });
export type PublishedValue = z.infer<typeof PublishedValue>;

export const FixStep = z
  .object({
    title: z.string(),
    body: z.string().optional(),
    code: z.string().optional(),
    lang: z.string().optional(),
    // Additive fields.
    publish: FixOperation.optional().describe('What this step publishes, as data (the generic form, whatever the platform)'),
    source: ValueSource.optional().describe(
      'Where the values `publish` carries come from: "site" (observed on the scanned site or its project), "owner" ' +
        '(given by the owner), "example" (an illustration: never written by ai-ready fix)',
    ),
    needs: z
      .array(z.string())
      .optional()
      .describe('Values only the owner can supply (e.g. "mcpEndpoint", "contact"); the step shows a placeholder for each, to be replaced before publishing'),
    values: z
      .array(PublishedValue)
      .optional()
      .describe(
        "The values `publish` carries, each with its own source (a site-derived llms.txt: the name, the summary, each page's title, URL and description)",
      ),
  })
  .meta({ id: 'FixStep' });
export type FixStep = z.infer<typeof FixStep>;

/** One HTTP request made for a check: the "receipt" behind its verdict (extra v1 field). */
export const ProbeRecord = z
  .object({
    method: z.string(),
    url: z.string(),
    status: z.number().int().nullable().describe('HTTP status, null when no response arrived'),
    contentType: z.string().nullable(),
    headers: z.record(z.string(), z.string()).describe('Response headers that mattered to the check'),
    bytes: z.number().int(),
    durationMs: z.number().int(),
    redirects: z.array(z.string()).describe('Redirect chain, in order'),
    error: z.string().optional(),
    note: z.string().optional(),
  })
  .meta({ id: 'ProbeRecord' });
export type ProbeRecord = z.infer<typeof ProbeRecord>;

/** Values an evidence template was filled with: names to strings or numbers (an absent value is left out). */
const MessageData = z.record(z.string(), z.union([z.string(), z.number()]));

/** Any JSON value (a check's details are plain JSON: core/result-details.ts bounds them). */
const JsonValue: z.ZodType<JsonValueType> = z
  .lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValue), z.record(z.string(), JsonValue)]))
  .meta({ id: 'JsonValue', description: 'Any JSON value' });

export const CheckResult = z
  .object({
    id: z.string(),
    name: z.string(),
    dimension: Dimension,
    tier: Tier.optional(),
    status: CheckStatus,
    code: z.string().optional().describe('Stable machine code of the outcome, "<check id>/<name>" (always set by this engine; see docs/check-codes.md)'),
    weight: z.number(),
    earned: z.number(),
    evidence: z.string().optional(),
    remediation: z.string().optional(),
    remediationId: z
      .string()
      .optional()
      .describe(
        'The remedy the remediation was rendered from, "<check id>/<name>", stable when its words change (docs/check-codes.md lists each ' +
          "check's remedies); absent: the check's default remediation",
      ),
    optional: z.boolean().optional(),
    inherited: z.boolean().optional(),
    fixGuide: z.array(FixStep).optional(),
    // Additive fields.
    specUrls: z.array(z.string()).optional(),
    matched: z.string().optional().describe('Which spec and version the artifact matched'),
    advisories: z.array(z.string()).optional(),
    probes: z.array(ProbeRecord).optional(),
    naReason: z.string().optional(),
    data: MessageData.optional().describe(
      'The values the evidence template of `code` was filled with (docs/check-codes.md): what scripts and formats read instead of parsing the evidence',
    ),
    findings: z
      .array(z.object({ code: z.string(), text: z.string(), data: MessageData.optional().describe("The values of this finding's template") }))
      .optional()
      .describe('The problems an outcome collected, each with its own code ("<check id>/<name>"), in the order found; the first names a partial outcome'),
    advisoryFindings: z
      .array(z.object({ code: z.string(), text: z.string(), data: MessageData.optional().describe("The values of this note's template") }))
      .optional()
      .describe('The advisories (non-scoring notes) with their codes and data, in the order of `advisories`, which carries their texts'),
    details: z
      .record(z.string(), JsonValue)
      .optional()
      .describe(
        "The check's structured findings, a shape per check (docs/check-details.md): plain JSON, no bodies; strings " +
          'past 300 characters, arrays past 200 items, objects past 40 keys and nesting past 8 levels are cut, and the ' +
          'whole stays under 32,768 characters of JSON',
      ),
    detailsTruncated: z.boolean().optional().describe('Present and true when `details` were cut to their bounds'),
  })
  .meta({ id: 'CheckResult' });
export type CheckResult = z.infer<typeof CheckResult>;

export const DimensionSummary = z
  .object({
    earned: z.number(),
    weight: z.number(),
    score: z.number().int(),
    applicable: z.boolean(),
  })
  .meta({ id: 'DimensionSummary' });
export type DimensionSummary = z.infer<typeof DimensionSummary>;

export const PlatformInfo = z
  .object({
    platform: z.string(),
    confidence: z.number().min(0).max(1),
    evidence: z.array(z.string()),
    isEcommerce: z.boolean(),
    isApp: z.boolean(),
    seoPlugin: z.string().nullable(),
    // Additive: hosting/CDN/server detected beside the platform (cloudflare, vercel, nginx, ...).
    hosting: z.array(z.string()).optional(),
    commerceSignals: z.array(z.string()).optional(),
  })
  .meta({ id: 'Platform' });
export type PlatformInfo = z.infer<typeof PlatformInfo>;

export const NextLevel = z
  .object({
    target: z.number().int(),
    name: z.string(),
    rule: z.string(),
    requirements: z.array(
      z.object({
        checkId: z.string(),
        title: z.string(),
        status: CheckStatus,
        remediation: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'NextLevel' });
export type NextLevel = z.infer<typeof NextLevel>;

/**
 * One sampled page of a site-scope scan and the page-level verdicts on it (additive to v1).
 * The check results in `checks[]` aggregate these: pass when every page passes, partial when
 * some do, fail when none does.
 */
export const PageResult = z
  .object({
    url: z.string().describe('The sampled page as requested'),
    finalUrl: z.string().optional().describe('The page after redirects, when it differs'),
    source: z
      .enum(['target', 'sitemap', 'llms.txt', 'link'])
      .describe('Where the page was found: the scanned URL itself, the sitemap, llms.txt or a same-origin link of the target page'),
    status: z.number().int().nullable().describe('HTTP status of the page (null when it could not be fetched)'),
    contentType: z.string().nullable().optional(),
    error: z.string().optional().describe('Why the page could not be fetched'),
    checks: z
      .record(
        z.string(),
        z.object({
          status: CheckStatus,
          code: z.string(),
          evidence: z.string().optional(),
        }),
      )
      .describe('Id of a page-level check (its rubric entry says pageLevel) -> its verdict on this page'),
  })
  .meta({ id: 'PageResult' });
export type PageResult = z.infer<typeof PageResult>;

export const ProfileName = z.enum(PROFILES);
export type ProfileName = z.infer<typeof ProfileName>;

export const ScanResponse = z
  .object({
    apiVersion: z.string().optional(),
    url: z.string(),
    scannedAt: z.string().optional(),
    durationMs: z.number().int().optional(),
    overallScore: z.number().int().min(0).max(100),
    grade: Grade.optional(),
    level: z.number().int().min(0).max(5),
    levelName: z.string().optional(),
    scope: z.enum(['site', 'page']).optional(),
    rubricVersion: z.string().optional(),
    cached: z.boolean().optional(),
    shareId: z.string().optional(),
    shareUrl: z.string().optional(),
    platform: PlatformInfo.optional(),
    dimensions: z.partialRecord(Dimension, DimensionSummary).optional(),
    checks: z.array(CheckResult),
    // Additive fields.
    finalUrl: z.string().optional().describe('The page URL after redirects; its origin is probed'),
    redirectedFrom: z.string().optional(),
    profile: z
      .object({
        applied: z.array(ProfileName),
        source: z.enum(['auto', 'override']),
        reasons: z.array(z.string()),
      })
      .optional(),
    nextLevel: NextLevel.nullable().optional(),
    compat: z
      .object({
        isitagentready: z.object({
          score: z.number().int(),
          passed: z.number().int(),
          failed: z.number().int(),
          note: z.string(),
        }),
      })
      .optional()
      .describe('Scores computed the way other scanners do, so users can compare'),
    warnings: z.array(z.string()).optional().describe('Scan-level notes, e.g. a bot wall'),
    requestCount: z.number().int().optional(),
    browser: z
      .object({ name: z.string(), version: z.string() })
      .optional()
      .describe('Rendered scans (--render): the browser that rendered the pages, as it names itself (e.g. Chromium 150.0.7871.100)'),
    pages: z.array(PageResult).optional().describe('Site scope: the sampled pages (the target first) and the page-level verdicts on each'),
  })
  .meta({ id: 'ScanResponse' });
export type ScanResponse = z.infer<typeof ScanResponse>;
/** The engine's result is exactly the v1 ScanResponse (the server adds cached/shareId/shareUrl). */
export type ScanResult = ScanResponse;

export const ReportResponse = z
  .object({
    apiVersion: z.string().optional(),
    id: z.string().optional(),
    url: z.string().optional(),
    score: z.number().int().optional(),
    grade: z.string().optional(),
    platform: z.string().nullable().optional(),
    createdAt: z.string().optional(),
    htmlUrl: z.string().optional(),
    result: ScanResponse.optional(),
    isPublic: z.boolean().optional(),
  })
  .meta({ id: 'ReportResponse' });
export type ReportResponse = z.infer<typeof ReportResponse>;

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof Problem>;

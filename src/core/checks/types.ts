/**
 * A check is one self-describing module, like an ESLint rule: metadata (codes with their message
 * templates, what it offers and how the profile treats it), a gather step (all I/O, through the
 * shared GatherContext), a pure evaluate step returning codes and data (unit-tested from artifacts
 * alone) and its fix guide. The rubric, `ai-ready rubric`, the OpenAPI text and the MCP rubric tool are all
 * derived from these modules: nothing lists the checks twice.
 */
import type { Dimension, FixStep, Tier } from '../schema.js';
import type { FetchOptions } from '../net/http.js';
import type { GatherContext } from '../gather/context.js';
import type { EarlyRequest } from '../gather/early-request.js';
import type { StandardId } from '../standards/ledger.js';
import type { CheckOutcome, Details, MessageData, SubFinding } from '../check-outcome.js';
import type { FixContext } from '../fixes/fix-context.js';
import type { Offers } from '../fixes/offers.js';
import { fillTemplate, renderFindings } from './messages.js';

// The outcome and the fix context live below the checks (fixes/ and the wrap read them too).
export type { CheckOutcome, Details, MessageData, SubFinding } from '../check-outcome.js';
export type { FixContext } from '../fixes/fix-context.js';
export type { OfferedLink, Offers } from '../fixes/offers.js';

/**
 * How the applicability profile reads a check, declared by the check (the engine and the profile
 * name no check, as Lighthouse's runner names no audit).
 */
export interface ProfileRules<D = Details> {
  /** A pass or partial of this check is evidence of an app or API; shown as the profile's reason. */
  appEvidence?: string;
  /**
   * This check can show the site to be a public MCP server: it is the only app evidence, and the
   * details of its found outcome say `isPublic`. `reason` replaces its appEvidence then.
   */
  publicMcp?: { isPublic(details: D | undefined): boolean; reason: string };
  /** On a public MCP server, a fail of this check is taken out of scoring with this reason. */
  naOnPublicMcp?: string;
  /** On a public MCP server this check keeps its tier (others with contentProfile 'bonus' become extra credit). */
  keepsTierOnPublicMcp?: true;
}

/**
 * A check's place on the level ladder (catalog §4.4): `rung` makes it a member of that level's
 * gate (levels 1-4), `arm` a member of one arm of the top level's "2 of 3 arms".
 */
export interface LevelRule {
  rung?: 1 | 2 | 3 | 4;
  arm?: 'bot-auth' | 'integrations' | 'auth-metadata';
}

export interface CheckMeta<C extends string = string, D = Details> {
  /** Letter of the dimension plus a number: D1, C3, B2, A6, M1. */
  id: string;
  name: string;
  dimension: Dimension;
  tier: Tier;
  /** Points available. Bonus points are extra credit (numerator only). */
  weight: number;
  /** The matching check key of isitagentready.com, when there is one (for the compat score). */
  anchorKey?: string;
  specUrls: string[];
  /** The standards ledger entries this check reads (src/core/standards/ledger.ts). */
  standards: StandardId[];
  /** What the check looks for, one or two sentences (shown by `ai-ready explain`). */
  summary: string;
  /** Why it matters to agents. */
  why: string;
  /** The default one-sentence remediation. */
  remediation: string;
  /**
   * The remediation of each outcome whose fix depends on what was found (ESLint's meta.messages,
   * for the fix): evaluate names one as `remedy` and the engine renders the outcome's
   * `remediation` from its template, filled with the outcome's `data` (`{findings}` included) and
   * `remedyData`. Keys are `<id>/<kebab-name>`, like codes.
   */
  remedies?: Record<string, string>;
  /**
   * How the content profile (no app/API evidence) treats the check: `na` takes it out of scoring,
   * `bonus` demotes it to extra credit, `offered` scores it only where the site publishes one (what it
   * publishes counts as extra credit, with its own verdict even when broken; its absence, the
   * check's `<id>/missing`, is `na`, code `<id>/not-offered`). Absent: scored
   * at its tier in every profile.
   */
  contentProfile?: 'na' | 'bonus' | 'offered';
  /**
   * The verdict is about one page (the scanned URL), not the site. In site scope the engine runs
   * the check on every sampled page and aggregates (see docs/site-scope.md).
   */
  pageLevel?: true;
  /**
   * Reads the live MCP handshake (gather/mcp-probe.ts, liveMcpProbe). When a selected check does,
   * the engine starts the handshake from round trip 1 as soon as the cards are in.
   */
  mcpProbe?: true;
  /**
   * The requests gather makes at round trip 1 (depending on the scanned URL alone), each the
   * constant its gather module fetches with (robots.txt: ROBOTS_REQUEST). The engine sends them
   * together with the page, before the registry loads, from the plan written from these
   * declarations (checks/request-plan.generated.ts); a request several checks declare goes out once.
   */
  requests?: readonly EarlyRequest[];
  /** The applicability profile's rules that concern this check. */
  profile?: ProfileRules<D>;
  /** Where the check stands on the level ladder (scoring/levels.ts reads it; the ladder names no check). */
  level?: LevelRule;
  /** The resource this check finds (what it offers to fix guides). */
  offers?: Offers<C>;
  /**
   * Every outcome code evaluate can return, with what it means (like ESLint's messageIds). Codes
   * are `<id>/<kebab-name>` and stable: tests, SARIF, JUnit and MCP clients key on them, and people
   * read the evidence rendered from `messages`. docs/check-codes.md is generated from both.
   */
  codes: Record<C, string>;
  /**
   * The evidence template of each code (ESLint's meta.messages): evaluate returns the code with
   * `data` and the evidence people read is this template filled in (checks/messages.ts).
   */
  messages: Record<C, string>;
  /** The template of each sub-finding code, rendered into `{findings}` of the outcome's message. */
  findings?: Record<string, string>;
  /**
   * The `data` keys (of messages, findings and advisories) that quote text verbatim: what the site
   * wrote (a name, a description) or a parser's own error message. Every other value is a fact
   * (a status, a count, a URL, a media type, a token): the sentence people read is the template's.
   */
  quoted?: readonly string[];
  /**
   * The template of each advisory code: non-scoring notes (a wrong content type, a member an older
   * draft had), returned as `{ code, data }` like sub-findings and rendered by the engine into
   * `advisories` (text) and `advisoryFindings` (code, text, data).
   */
  advisories?: Record<string, string>;
}

/**
 * The codes the engine gives any check: its own bug, a verdict resting on a refused or cut-off
 * probe, or (page-level checks in site scope) a verdict that holds on some sampled pages only.
 */
export const ENGINE_CODES = {
  internalError: 'internal-error',
  unmeasured: 'unmeasured',
  somePages: 'some-pages',
  notOffered: 'not-offered',
} as const;

export function engineCode(checkId: string, kind: keyof typeof ENGINE_CODES): string {
  return `${checkId}/${ENGINE_CODES[kind]}`;
}

export interface EvaluateContext {
  origin: string;
  pageUrl: string;
}

/**
 * A merged outcome: the check's own (evidence as rendered), or one of the hook's codes with data.
 * `addAdvisories` are the notes the hook adds, as codes of its `advisories` with data (the
 * registry renders them after the outcome's own, as defineCheck does for a check's).
 */
export type RenderedOutcome = (CheckOutcome | (Omit<CheckOutcome, 'evidence'> & { data: MessageData })) & { addAdvisories?: SubFinding[] };

/**
 * A check's reading in rendered mode (--render), declared by the check (`rendered`) and wired by
 * the registry (checks/with-rendered.ts): it gathers what the browser saw and merges it into the
 * check's outcome; its codes and messages join the check's meta.codes and meta.messages.
 */
export interface RenderedHook<A, R> {
  /** Codes the hook can return, added to the check's own. */
  codes?: Record<string, string>;
  /** The evidence template of each of the hook's codes (as a check's meta.messages). */
  messages?: Record<string, string>;
  /** The template of each advisory the hook can add (as a check's meta.advisories), joined to the check's. */
  advisories?: Record<string, string>;
  /** Data keys of the hook's codes that quote the page verbatim (as a check's meta.quoted), joined to the check's. */
  quoted?: readonly string[];
  /** The remediation templates the hook's outcomes name as `remedy` (as a check's meta.remedies), joined to the check's. */
  remedies?: Record<string, string>;
  /** What the browser saw for this view; null when the scan does not render. */
  gather(ctx: GatherContext, base: A): Promise<R | null>;
  /**
   * The outcome with what the browser saw merged in (pure): the check's outcome unchanged (notes as
   * `addAdvisories`), or a hook code with data for its template (`{static:verdict}` renders the static outcome nested with
   * `nestedVerdictData`, from the check's own templates).
   */
  merge(outcome: CheckOutcome, rendered: R, artifact: A, ctx: EvaluateContext): RenderedOutcome;
}

/** A check module; `CheckModule<any>` is any check (its details type is its own). */
export interface CheckModule<A = unknown, C extends string = string, D = any> {
  meta: CheckMeta<C, D>;
  gather(ctx: GatherContext): Promise<A>;
  /**
   * Page-level checks: the requests gather will make that depend only on the page URL (e.g. the
   * same URL asked for as Markdown). Site scope sends them together with a sampled page's GET, so
   * they cost no extra round trip; the request memo makes each one once.
   */
  pageRequests?(pageUrl: URL): Array<{ url: string; options: FetchOptions }>;
  /** Pure: the verdict from the artifact alone. Its codes are checked against meta.codes. */
  evaluate(artifact: A, ctx: EvaluateContext): CheckOutcome<C, D>;
  /**
   * Its reading in rendered mode: a hook of its own, or `'dom'` (gather and evaluate again on the
   * rendered DOM, checks/dom-rendered.ts). The registry applies it; the check stays as written.
   */
  rendered?: 'dom' | RenderedHook<A, any>;
  /** Ordered steps (2-6): where to change it on this platform, the snippet, how to verify, the spec. */
  fixGuide(ctx: FixContext): FixStep[];
}

/**
 * What evaluate returns: the code with data for its template (meta.messages) and sub-findings
 * with codes of their own; never prose (the engine renders it).
 */
export type Verdict<C extends string, D, F extends string, N extends string = never, M extends string = never> = Omit<
  CheckOutcome<C, D>,
  'evidence' | 'findings' | 'advisories' | 'advisoryFindings' | 'remediation' | 'remedy'
> & {
  findings?: Array<SubFinding<F>>;
  /** Non-scoring notes: each a code of meta.advisories with the data of its template. */
  advisories?: Array<SubFinding<N>>;
  /** The fix, when it depends on what was found: a key of meta.remedies (rendered into `remediation`). */
  remedy?: M;
  /** Never free text: name a remedy (an inferred return type escapes the excess-property check, this does not). */
  remediation?: never;
};

/** A check as written: like CheckModule, with evaluate returning a Verdict the engine renders. */
export interface CheckSpec<A, C extends string, D, F extends string, N extends string = never, M extends string = never>
  extends Omit<CheckModule<A, C, D>, 'meta' | 'evaluate'> {
  meta: Omit<CheckMeta<C, D>, 'findings' | 'advisories' | 'remedies'> & {
    findings?: Record<F, string>;
    advisories?: Record<N, string>;
    remedies?: Record<M, string>;
  };
  evaluate(artifact: A, ctx: EvaluateContext): Verdict<NoInfer<C>, D, NoInfer<F>, NoInfer<N>, NoInfer<M>>;
}

/** The evidence of a verdict: its code's template filled with its data and its sub-findings' texts. */
export function renderVerdict<C extends string, D>(meta: CheckMeta<C, D>, v: Verdict<C, D, string, string, string>): CheckOutcome<C, D> {
  const texts = v.findings?.length ? renderFindings(meta.findings ?? {}, v.findings) : [];
  const findings = v.findings?.map((f, i) => ({ ...f, text: texts[i] }));
  const { findings: _, advisories: notes, ...rest } = v;
  const template = meta.messages[v.code];
  if (template === undefined) throw new Error(`${v.code}: no template in meta.messages`);
  const data = { ...v.data, ...(findings ? { findings: texts.join('; ') } : {}) };
  const advisoryFindings = notes ? renderAdvisories(meta.advisories ?? {}, notes) : undefined;
  return {
    ...rest,
    evidence: fillTemplate(template, data, v.code),
    ...(v.remedy !== undefined ? { remediation: renderRemedy(meta.remedies ?? {}, v.remedy, data, v.remedyData) } : {}),
    ...(findings ? { findings } : {}),
    // The texts people read, and (in the same order) each note with its code and data.
    ...(advisoryFindings ? { advisories: advisoryFindings.map((a) => a.text), advisoryFindings } : {}),
  };
}

/** The remediation of `remedy`: its template in meta.remedies filled with the outcome's data and remedyData. */
export function renderRemedy(templates: Readonly<Record<string, string>>, remedy: string, data?: MessageData, remedyData?: MessageData): string {
  const template = templates[remedy];
  if (template === undefined) throw new Error(`${remedy}: no template in meta.remedies`);
  return fillTemplate(template, { ...data, ...remedyData }, remedy);
}

/** Advisories with their texts, from the templates of meta.advisories. */
export function renderAdvisories(templates: Readonly<Record<string, string>>, notes: ReadonlyArray<SubFinding>): Array<SubFinding & { text: string }> {
  const texts = renderFindings(templates, notes, 'meta.advisories');
  return notes.map((n, i) => ({ ...n, text: texts[i] }));
}

/** An outcome with one more advisory (rendered hooks add what the browser saw this way). */
export function withAdvisory<O extends CheckOutcome | RenderedOutcome>(outcome: O, note: SubFinding & { text: string }): O {
  return { ...outcome, advisories: [...(outcome.advisories ?? []), note.text], advisoryFindings: [...(outcome.advisoryFindings ?? []), note] };
}

/**
 * Defines a check, keeping its types checked: name the artifact in the first call; the codes are
 * the keys of `meta.codes`, the sub-finding codes those of `meta.findings` and the remedies those
 * of `meta.remedies` (an outcome, sub-finding or remedy the check does not declare does not
 * compile; a free remediation string does not either), and the details type is
 * what evaluate returns (declare an interface when outcomes give different shapes). The check
 * tester (test/helpers/check-tester.ts) holds every outcome to the same contract at run time.
 *
 *   export const d9Example = defineCheck<ExampleArtifact>()({ meta: { ..., codes, messages }, ... });
 */
export function defineCheck<A>() {
  return <C extends string, F extends string = never, D = Details, N extends string = never, M extends string = never>(
    spec: CheckSpec<A, C, D, F, N, M>,
  ): CheckModule<A, C, D> => ({
    ...spec,
    evaluate: (artifact, ctx) => renderVerdict(spec.meta as CheckMeta<C, D>, spec.evaluate(artifact, ctx)),
  });
}

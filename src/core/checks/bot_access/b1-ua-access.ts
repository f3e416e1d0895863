/**
 * B1's second half: what the server answered each AI user agent, against what robots.txt tells
 * that crawler. A refusal robots.txt does not announce makes B1 partial; a refusal of a crawler
 * robots.txt already blocks is consistent and only noted. When the scanner's own request was
 * refused too, that is the bot wall B4 reports, not counted again here.
 */
import type { FixContext, SubFinding } from '../types.js';
import type { FixStep } from '../../schema.js';
import { compareUaAnswer, uaAnswer, type UaAccessArtifact } from '../../gather/ai-user-agents.js';
import { hostNotes, platformHook, verifyStep } from '../../fixes/platform-steps.js';
import { sh, shLines } from '../../fixes/shell.js';

type RootAccess = 'allowed' | 'restricted' | 'blocked';

export interface UaRow {
  token: string;
  userAgent: string;
  status: number | null;
  answer: 'served' | 'refused' | 'unmeasured';
  /** Why refused or unmeasured: "HTTP 403", a challenge, "connection reset", an error code. */
  reason?: string;
  /** What robots.txt says to this crawler about `/`. */
  robots: RootAccess;
}

/**
 * B1's advisories from the comparison (joined into B1's meta.advisories). The two `ua-answers`
 * / `ua-not-fetched` notes are also the comparison's line in B1's evidence.
 */
export const UA_ADVISORIES = {
  'B1/ua-not-fetched': "The page was not fetched as AI user agents: the scanner's own request was refused or failed ({why}), the bot-wall case B4 reports.",
  'B1/ua-answers':
    "GET {path} as AI user agents: served to {served}; refused to {refused}; unmeasured for {unmeasured}; as ai-ready's own user agent → {status}.",
  'B1/ua-refused-consistent': 'The server refuses {refused}, which robots.txt blocks anyway: consistent, not penalised.',
  'B1/ua-not-proof':
    "Verified-bot programs also check that a crawler comes from its vendor's published IP ranges, and this scan's requests do not: a refused user agent " +
    'is strong evidence of a block, not proof (a rule against spoofed crawlers answers the same way). ai-ready sends these user agents only for this ' +
    'comparison.',
} as const;
export type UaAdvisory = keyof typeof UA_ADVISORIES;

/** B1/ua-refused's fix, for one refused user agent or several (`{names}`: the refused tokens). */
export const UA_REMEDIES = {
  'B1/let-agent-through':
    'Either let {names} through the rule that refuses its user agent (WAF, bot protection, server config), or, if the block is intended, ' +
    'say so in robots.txt with a Disallow group for it.',
  'B1/let-agents-through':
    'Either let {names} through the rule that refuses their user agents (WAF, bot protection, server config), or, if the block is intended, ' +
    'say so in robots.txt with a Disallow group for them.',
} as const;
export type UaRemedy = keyof typeof UA_REMEDIES;

export interface UaFindings {
  /** What each user agent got, as an advisory. */
  lineNote: SubFinding<UaAdvisory>;
  /** Refused although robots.txt allows them: the ua-refused case. */
  contradictions: UaRow[];
  /** The values of B1/ua-refused's template (empty without contradictions). */
  verdict: { allowed: string; refused: string; honestStatus: string } | null;
  /** B1/ua-refused's remedy and its data (null without contradictions). */
  remedy: { remedy: UaRemedy; remedyData: { names: string } } | null;
  advisories: Array<SubFinding<UaAdvisory>>;
  details: { pageUrl: string; honestStatus: number | null; honestRefused?: string; userAgents: UaRow[] };
}

/** A refusal or failure as a short token: the status (with "challenge" for a wall), else the error. */
function short(status: number | null, reason: string | undefined, fallback: string): string {
  if (status === null) return reason ?? fallback;
  return `HTTP ${status}${reason && reason !== `HTTP ${status}` ? ' challenge' : ''}`;
}

function shown(row: UaRow): string {
  return row.answer === 'served' ? String(row.status) : short(row.status, row.reason, row.answer);
}

/** "A", "A and B", "A, B and C". */
function and(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : (items[0] ?? '');
}

/** "GPTBot (HTTP 403), ClaudeBot (reset)": each token with its answer, or "none". */
function namesWith(rows: UaRow[]): string {
  return rows.map((r) => `${r.token} (${shown(r)})`).join(', ') || 'none';
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

/** The comparison, or null when it was not gathered (unit tests of the robots.txt rules alone). */
export function uaFindings(access: (token: string) => RootAccess, ua: UaAccessArtifact | undefined): UaFindings | null {
  if (!ua) return null;
  const { honest } = ua;
  const path = pathOf(honest.url);
  const honestAnswer = uaAnswer(honest);
  const base = { pageUrl: honest.url, honestStatus: honest.status };
  if (honestAnswer.kind !== 'served' || !ua.probes.length) {
    const why = honestAnswer.kind === 'served' ? 'unanswered' : short(honest.status, honestAnswer.reason, 'refused');
    return {
      lineNote: { code: 'B1/ua-not-fetched', data: { why } },
      contradictions: [],
      verdict: null,
      remedy: null,
      advisories: [],
      details: { ...base, honestRefused: honestAnswer.kind === 'served' ? 'no answer' : honestAnswer.reason, userAgents: [] },
    };
  }
  const rows: UaRow[] = ua.probes.map((p) => {
    const a = compareUaAnswer(p.res, honest);
    return {
      token: p.token,
      userAgent: p.userAgent,
      status: p.res.status,
      answer: a.kind,
      ...(a.kind === 'served' ? {} : { reason: a.reason }),
      robots: access(p.token),
    };
  });
  const refused = rows.filter((r) => r.answer === 'refused');
  const contradictions = refused.filter((r) => r.robots !== 'blocked');
  const consistent = refused.filter((r) => r.robots === 'blocked');
  const advisories: Array<SubFinding<UaAdvisory>> = [];
  if (consistent.length) advisories.push({ code: 'B1/ua-refused-consistent', data: { refused: namesWith(consistent) } });
  if (refused.length) advisories.push({ code: 'B1/ua-not-proof' });
  const names = and(contradictions.map((r) => r.token));
  return {
    lineNote: {
      code: 'B1/ua-answers',
      data: {
        path,
        served:
          rows
            .filter((r) => r.answer === 'served')
            .map((r) => r.token)
            .join(', ') || 'none',
        refused: namesWith(refused),
        unmeasured: namesWith(rows.filter((r) => r.answer === 'unmeasured')),
        status: String(honest.status),
      },
    },
    contradictions,
    verdict: contradictions.length
      ? { allowed: contradictions.map((r) => r.token).join(', '), refused: namesWith(contradictions), honestStatus: String(honest.status) }
      : null,
    remedy: contradictions.length ? { remedy: contradictions.length > 1 ? 'B1/let-agents-through' : 'B1/let-agent-through', remedyData: { names } } : null,
    advisories,
    details: { ...base, userAgents: rows },
  };
}

/** Where a user-agent block usually lives: the hosts' own notes (fixes/platforms/<id>.ts), then the platform's. */
function whereTheBlockIs(fx: FixContext, names: string): FixStep {
  const notes = hostNotes(fx, 'userAgentBlock');
  const own = notes.find((n) => n.step)?.step;
  if (own) return own(names);
  const steps = [...new Set(notes.flatMap((n) => n.where ?? []))];
  const blockers = platformHook(fx, 'userAgentBlockers');
  if (blockers) steps.push(blockers);
  const where = steps.length
    ? steps.join(' ')
    : 'Look in the CDN or WAF in front of the site (bot-management or "block AI crawlers" settings, custom rules on the User-Agent), then in the web ' +
      'server config and any security plugin.';
  return { title: 'Find the rule that refuses these user agents', body: `${where} Allow ${names}, or keep the block and state it in robots.txt (next step).` };
}

/** The fix guide of B1/ua-refused, built from the refused rows of the outcome. */
export function uaRefusedSteps(fx: FixContext): FixStep[] {
  const d = fx.outcome?.details as UaFindings['details'] | undefined;
  const rows = (d?.userAgents ?? []).filter((r) => r.answer === 'refused' && r.robots !== 'blocked');
  const names = and(rows.map((r) => r.token)) || 'the refused AI crawlers';
  const url = d?.pageUrl ?? `${fx.origin}/`;
  const curls = [
    sh`curl -s -o /dev/null -w '%{http_code} ai-ready\\n' ${url}`,
    ...rows.map((r) => sh`curl -s -o /dev/null -w ${`%{http_code} ${r.token}\\n`} -A ${r.userAgent} ${url}`),
  ];
  return [
    whereTheBlockIs(fx, names),
    {
      title: 'Or state the block in robots.txt',
      body: 'If refusing them is intended, say so where crawlers read it, so the policy and the server agree:',
      code: `${rows.map((r) => `User-agent: ${r.token}`).join('\n') || 'User-agent: GPTBot'}\nDisallow: /\n`,
      lang: 'robots',
    },
    verifyStep(
      shLines(curls),
      'Each user agent should get the same status as the plain request. A refusal seen only from your machine may be a rule against spoofed crawlers ' +
        "(it checks IP ranges); the real crawlers' hits in your logs or bot analytics settle it.",
    ),
  ];
}

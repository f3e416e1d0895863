/**
 * Robots rules as structure: the groups, records and Sitemap lines a check wants in robots.txt,
 * and what they are for. Checks hand these to the platform packs (the `robotsLines` hook), each of
 * which writes them in its own syntax (a Next.js `rules` array, a @nuxtjs/robots config, a PHP
 * filter); `robotsText` is the neutral serialiser, the robots.txt text itself (RFC 9309).
 */
import type { RobotsLines } from '../schema.js';

/**
 * Content Signals (contentsignals.org): each purpose yes or no, and the `use` directive a level
 * (Cloudflare changelog 2026-08-31); a key left out states nothing.
 */
export type ContentSignalValue = Partial<Record<'search' | 'ai-input' | 'ai-train', 'yes' | 'no'>> & { use?: 'immediate' | 'reference' | 'full' };

/** IETF AIPREF vocabulary (Content-Usage, draft-ietf-aipref-vocab-08): each category the bare token y or n. */
export type ContentUsageValue = Partial<Record<'train-ai' | 'ai-use' | 'search', 'y' | 'n'>>;

/** A record of a group other than its access rules, with its typed value. */
export type RobotsRecord = { field: 'Content-Signal'; value: ContentSignalValue } | { field: 'Content-Usage'; value: ContentUsageValue };

/** A group (RFC 9309 §2.1): the user agents it names, then its records and access rules. */
export interface RobotsGroup {
  /** A comment line written above the group (a format with no comments leaves it out). */
  comment?: string;
  userAgents: string[];
  /** Records other than Allow/Disallow, written right after the User-agent lines. */
  records?: RobotsRecord[];
  allow?: string[];
  disallow?: string[];
}

/** A Sitemap line; `pending` (why it waits) writes it commented out. */
export interface RobotsSitemap {
  url: string;
  pending?: string;
}

/**
 * What the lines are for: a pack that cannot write them says what it offers for the purpose
 * instead (a builder's setting, a CDN's managed robots.txt).
 */
export type RobotsPurpose =
  /** Groups letting answer engines in and deciding on training crawlers. */
  | 'ai-crawlers'
  /** A Content-Signal record. */
  | 'content-signal'
  /** A Content-Usage record. */
  | 'content-usage'
  /** The file's basics: a `User-agent: *` group and the Sitemap line. */
  | 'robots-file';

/** The robots.txt lines a check wants added, as structure. */
export interface RobotsRules {
  purpose: RobotsPurpose;
  /** Groups to add, in order. */
  groups: RobotsGroup[];
  /** Sitemap lines to add, after the groups. */
  sitemaps?: RobotsSitemap[];
  /**
   * Groups the whole file starts with. A platform that generates robots.txt already writes its
   * own, so they are not among the lines added; a pack that writes the whole file from
   * configuration (a framework's robots config) writes them before `groups`.
   */
  baseGroups?: RobotsGroup[];
}

/** A record's value as robots.txt writes it: `key=value` pairs joined by ", ". */
export function recordValue(record: RobotsRecord): string {
  return Object.entries(record.value)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

/** Whether any group carries records beyond access rules (formats of access rules only cannot write them). */
export function hasRecords(groups: RobotsGroup[]): boolean {
  return groups.some((g) => g.records?.length);
}

/** One line whatever a value holds: a line break would start a record of its own. */
const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ');

function groupText(g: RobotsGroup): string {
  return [
    ...(g.comment ? [`# ${g.comment}`] : []),
    ...g.userAgents.map((ua) => `User-agent: ${ua}`),
    ...(g.records ?? []).map((r) => `${r.field}: ${recordValue(r)}`),
    ...(g.allow ?? []).map((p) => `Allow: ${p}`),
    ...(g.disallow ?? []).map((p) => `Disallow: ${p}`),
  ]
    .map((line) => `${oneLine(line)}\n`)
    .join('');
}

function sitemapText(s: RobotsSitemap): string {
  return `${oneLine(s.pending ? `# Sitemap: ${s.url}  (${s.pending})` : `Sitemap: ${s.url}`)}\n`;
}

/** robots.txt text of `groups` and `sitemaps`: groups separated by a blank line, then the Sitemap lines. */
export function robotsText({ groups, sitemaps = [] }: { groups: RobotsGroup[]; sitemaps?: RobotsSitemap[] }): string {
  return [...groups.map(groupText), ...(sitemaps.length ? [sitemaps.map(sitemapText).join('')] : [])].join('\n');
}

/** The rules' groups and Sitemap lines as the publish operation carries them (FixOperation `lines`.robots). */
export function robotsLinesOf(rules: RobotsRules): RobotsLines {
  return {
    groups: rules.groups.map((g) => ({
      ...(g.comment ? { comment: oneLine(g.comment) } : {}),
      userAgents: g.userAgents.map(oneLine),
      ...(g.records?.length ? { records: g.records.map((r) => ({ field: r.field, value: oneLine(recordValue(r)) })) } : {}),
      ...(g.allow?.length ? { allow: g.allow.map(oneLine) } : {}),
      ...(g.disallow?.length ? { disallow: g.disallow.map(oneLine) } : {}),
    })),
    ...(rules.sitemaps?.length ? { sitemaps: rules.sitemaps.map((m) => ({ url: oneLine(m.url), ...(m.pending ? { pending: m.pending } : {}) })) } : {}),
  };
}

/** The lines the rules add to an existing robots.txt (what the neutral step shows and `ai-ready fix` publishes). */
export function robotsLinesText(rules: RobotsRules): string {
  return robotsText({ groups: rules.groups, sitemaps: rules.sitemaps });
}

/**
 * Where tools disagree about robots.txt: Lighthouse's SEO audit `robots-txt` reports every line
 * whose directive is outside its safelist as "Unknown directive", and any such line fails the audit.
 * Read at GoogleChrome/lighthouse core/audits/seo/robots-txt.js, commit 83f1c6fd0d (2026-06-18; the
 * newest commit touching the file in the snapshot whose HEAD is f8eac394a6 of 2026-08-20). Its
 * safelist has `content-signal` (B2) but neither `content-usage` (B5) nor `agentmap` (A10), so a
 * site that publishes either in robots.txt loses that audit. The rule is reproduced (same line
 * split, comment cut and lower-cased directive) only to tell owners; it judges nothing.
 */

export const LIGHTHOUSE_ROBOTS_AUDIT = {
  tool: "Lighthouse's SEO audit robots-txt",
  source: 'GoogleChrome/lighthouse core/audits/seo/robots-txt.js at 83f1c6fd0d (2026-06-18)',
} as const;

/** DIRECTIVE_SAFELIST of robots-txt.js at 83f1c6fd0d. */
export const LIGHTHOUSE_ROBOTS_SAFELIST: ReadonlySet<string> = new Set([
  'user-agent',
  'disallow',
  'allow',
  'sitemap',
  'crawl-delay',
  'clean-param',
  'host',
  'request-rate',
  'visit-time',
  'noindex',
  'content-signal',
]);

export interface FlaggedDirective {
  directive: string;
  /** 1-based line numbers (the first few). */
  lines: number[];
  count: number;
}

/** The directives Lighthouse's robots-txt audit reports as "Unknown directive", in first-seen order. */
export function lighthouseUnknownDirectives(text: string): FlaggedDirective[] {
  const seen = new Map<string, FlaggedDirective>();
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const hash = lines[i].indexOf('#');
    const line = (hash >= 0 ? lines[i].slice(0, hash) : lines[i]).trim();
    const colon = line.indexOf(':');
    if (!line || colon < 0) continue;
    const directive = line.slice(0, colon).trim().toLowerCase();
    if (LIGHTHOUSE_ROBOTS_SAFELIST.has(directive)) continue;
    const f = seen.get(directive) ?? { directive, lines: [], count: 0 };
    f.count++;
    if (f.lines.length < 3) f.lines.push(i + 1);
    if (!seen.has(directive)) {
      if (seen.size >= 20) continue; // bounded: a file of junk directives is D1's problem, not this list's
      seen.set(directive, f);
    }
  }
  return [...seen.values()];
}

/** What an owner can use instead of a flagged line, where this project knows one. */
export const TOOL_FLAG_ALTERNATIVES = {
  'content-usage': 'the `Content-Usage` response header states the same preference (draft-ietf-aipref-attach) and no tool flags it',
  agentmap: 'a `<link rel>` in the page head or a `Link:` response header points to the AI catalog without touching robots.txt',
} as const;
const ALTERNATIVE: Record<string, string> = TOOL_FLAG_ALTERNATIVES;

/**
 * The sentence naming the flagged directives, the tool and the alternative (an advisory template of
 * B5 and D1): `{directives}` lists them with their lines, `{alternatives}` is empty or "; for …".
 */
/** The sentence naming the flagged `{directives}` and the tool, without its alternatives or full stop. */
export const TOOL_FLAGS_SENTENCE =
  `${LIGHTHOUSE_ROBOTS_AUDIT.tool} reports {directives} as "Unknown directive" and fails on any such line ` +
  `(${LIGHTHOUSE_ROBOTS_AUDIT.source}; its safelist: ${[...LIGHTHOUSE_ROBOTS_SAFELIST].join(', ')}), ` +
  'although RFC 9309 lets crawlers ignore records they do not know';

export const TOOL_FLAGS_TEMPLATE = `${TOOL_FLAGS_SENTENCE}{alternatives}.`;

/** TOOL_FLAGS_TEMPLATE for one directive, its alternative written in (data then needs only `{directives}`). */
export function toolFlagsTemplateFor(directive: string): string {
  const alternative = ALTERNATIVE[directive];
  return TOOL_FLAGS_TEMPLATE.replace('{alternatives}', alternative ? `; for ${directive}, ${alternative}` : '');
}

/** The values of TOOL_FLAGS_TEMPLATE for the flagged directives (only those named in `only`); null when none. */
export function toolFlagsData(flags: FlaggedDirective[], only?: readonly string[]): { directives: string; alternatives: string } | null {
  const shown = only ? flags.filter((f) => only.includes(f.directive)) : flags;
  if (!shown.length) return null;
  const directives = shown
    .map((f) => `${f.directive} (line${f.lines.length > 1 ? 's' : ''} ${f.lines.join(', ')}${f.count > f.lines.length ? ', …' : ''})`)
    .join(', ');
  const alternatives = shown.map((f) => ALTERNATIVE[f.directive] && `for ${f.directive}, ${ALTERNATIVE[f.directive]}`).filter(Boolean);
  return { directives, alternatives: alternatives.length ? `; ${alternatives.join('; ')}` : '' };
}

/** The flagged directives that have an alternative this project knows, in order. */
export function flaggedWithAlternative(flags: readonly FlaggedDirective[]): Array<keyof typeof TOOL_FLAG_ALTERNATIVES> {
  return flags.map((f) => f.directive).filter((d): d is keyof typeof TOOL_FLAG_ALTERNATIVES => Object.hasOwn(TOOL_FLAG_ALTERNATIVES, d));
}

/**
 * The `Content-Usage` HTTP response header (draft-ietf-aipref-attach) read as draft-ietf-aipref-vocab
 * says: the bytes are an RFC 9651 Structured Fields Dictionary (parsed by `structured-headers`, not
 * by hand); for each category label of the vocabulary, a Token `y` allows and `n` disallows;
 * anything else (absent, not a Token, another token, a failed parse) leaves the preference unknown,
 * which is not an error. Unknown labels and parameters are ignored, as the draft requires; we only
 * name them so an owner sees a typo.
 */
import { parseDictionary, Token } from 'structured-headers';

/**
 * The current categories: draft-ietf-aipref-vocab-08 (2026-09-14), "Usage Category Labels": train-ai
 * (training of generative AI models, narrowed in -08), ai-use (section 4.2: input to a generative
 * model where the asset is not directly provided by the user; back in -08 after -07 dropped it) and
 * search (section 4.3: applies to search applications whatever the other two say).
 */
export const AIPREF_CATEGORIES = ['train-ai', 'ai-use', 'search'] as const;
/**
 * Labels of earlier revisions (bots, train-genai): not in the current vocabulary, so ignored like any
 * unknown label ("any unknown labels MUST be ignored"); named apart so the owner learns why a line
 * that once counted now states nothing.
 */
export const AIPREF_OLDER_LABELS = ['bots', 'train-genai'] as const;
/** A header longer than this is not parsed (it would be a bomb, not a preference). */
export const CONTENT_USAGE_MAX_CHARS = 4096;

export type Preference = 'allow' | 'disallow';

export interface ContentUsageHeader {
  raw: string;
  /** The Dictionary parse failed (or the value was too long): every preference is unknown. */
  parseError: string | null;
  /** The stated preferences of the current categories (absent = unknown). */
  preferences: Partial<Record<(typeof AIPREF_CATEGORIES)[number], Preference>>;
  /** Category labels present whose value is not the Token y or n (unknown, as the draft says). */
  unknownValues: string[];
  /** Labels of earlier vocabulary revisions present, as `label=value` (ignored: no preference). */
  olderLabels: string[];
  /** Other labels: ignored by the draft's processing. */
  ignoredLabels: string[];
}

export function readContentUsage(raw: string): ContentUsageHeader {
  const out: ContentUsageHeader = { raw, parseError: null, preferences: {}, unknownValues: [], olderLabels: [], ignoredLabels: [] };
  if (raw.length > CONTENT_USAGE_MAX_CHARS) return { ...out, parseError: `longer than ${CONTENT_USAGE_MAX_CHARS} characters` };
  let dict: ReturnType<typeof parseDictionary>;
  try {
    dict = parseDictionary(raw);
  } catch (err) {
    return { ...out, parseError: err instanceof Error ? err.message.replace(/^Parse error: /, '') : 'not a Structured Fields Dictionary' };
  }
  for (const [key, [value]] of dict) {
    const token = value instanceof Token ? value.toString() : null;
    const pref: Preference | null = token === 'y' ? 'allow' : token === 'n' ? 'disallow' : null;
    if ((AIPREF_CATEGORIES as readonly string[]).includes(key)) {
      if (pref) out.preferences[key as (typeof AIPREF_CATEGORIES)[number]] = pref;
      else out.unknownValues.push(key);
    } else if ((AIPREF_OLDER_LABELS as readonly string[]).includes(key)) {
      out.olderLabels.push(`${key}=${token ?? '?'}`);
    } else if (out.ignoredLabels.length < 10) out.ignoredLabels.push(key);
  }
  return out;
}

/** The preferences as `label=y|n`, in vocabulary order. */
export function describePreferences(h: ContentUsageHeader): string {
  return AIPREF_CATEGORIES.filter((c) => h.preferences[c])
    .map((c) => `${c}=${h.preferences[c] === 'allow' ? 'y' : 'n'}`)
    .join(', ');
}

export interface ContentUsageRule {
  /** The path the rule applies to, or null for the whole group. */
  path: string | null;
  preference: ContentUsageHeader;
}

/**
 * A robots.txt `Content-Usage:` rule value, split as draft-ietf-aipref-attach "Processing
 * Content-Usage Rules" says (ietf-wg-aipref/drafts draft-ietf-aipref-attach.md at 7ca0afc): a value
 * starting with "/" carries a path up to the first SP or HTAB; the rest is the statement, parsed
 * with the vocabulary's rules (the same Dictionary parse as the header, so case and tokens count).
 */
export function readContentUsageRule(value: string): ContentUsageRule {
  const v = value.trim();
  if (!v.startsWith('/')) return { path: null, preference: readContentUsage(v) };
  const end = v.search(/[ \t]/);
  if (end < 0) return { path: v, preference: readContentUsage('') };
  return { path: v.slice(0, end), preference: readContentUsage(v.slice(end + 1).trim()) };
}

/**
 * The detector's vocabulary (catalog §6.2): each platform pack (core/fixes/platforms/<id>.ts)
 * declares its fingerprint in these terms, static equivalents of webappanalyzer rules.
 * Weights: strong 0.9 (platform header, meta generator, unique inline global), medium 0.6 (asset
 * hosts/paths), weak 0.3 (cookies, class names, URLs). `rank` puts a CMS/commerce platform above
 * the framework it runs on. Patterns stay linear (no nested quantifiers): they run over up to 1 MB
 * of untrusted HTML, so a repeated quantifier never starts a pattern or follows another
 * (`[a-z]+\.host` is quadratic on a long run of letters); runs are bounded instead.
 */
export type Signal = { weight: number; label: string } & (
  | { kind: 'header'; name: string; pattern?: RegExp }
  /** Any response header whose name matches (Bubble's x-bubble-*). */
  | { kind: 'header-name'; pattern: RegExp }
  /** Tested against each Set-Cookie name on its own. */
  | { kind: 'cookie'; pattern: RegExp }
  /** Tested against each `<meta name="generator">` content on its own. */
  | { kind: 'generator'; pattern: RegExp }
  | { kind: 'html'; pattern: RegExp }
  | { kind: 'selector'; selector: string }
);

export type PlatformCategory = 'commerce' | 'cms' | 'builder' | 'docs' | 'hosted' | 'framework' | 'ssg';

export interface Fingerprint {
  id: string;
  category: PlatformCategory;
  /** Higher wins over lower when both qualify: 4 commerce plugin, 3 commerce, 2 CMS/builder/docs tool, 1 framework/SSG. */
  rank: number;
  /** Only reported when this other platform is detected too (woocommerce needs wordpress). */
  requires?: string;
  /** Frameworks this platform is itself built on: seen together they mean "built on", not "headless". */
  builtOn?: string[];
  signals: Signal[];
}

/** A platform's fingerprint as its pack declares it (the pack's id is the fingerprint's). */
export type PlatformFingerprint = Omit<Fingerprint, 'id'>;

export const STRONG = 0.9;
export const MEDIUM = 0.6;
export const WEAK = 0.3;

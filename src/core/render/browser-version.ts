/**
 * Which browser rendered mode drives, and how its WebMCP differs from the text the verdicts follow
 * (webmachinelearning/webmcp index.bs at 0b676d2, 2026-06-24). The version is read from the
 * executable (`--version`) before launch, so an unsupported one is refused without starting it.
 *
 * Versions tried (docs/render.md): Chromium 150.0.7871.100 (Debian 12 bookworm) and 156.0.8078.108
 * (bookworm-security), 2026-11-29.
 */
import { execFileSync } from 'node:child_process';

/** The oldest major version rendered mode runs (the oldest tried: Debian 12's Chromium). */
export const OLDEST_SUPPORTED_MAJOR = 150;
/** The newest major version tried; it follows the text on every point below. */
export const NEWEST_KNOWN_MAJOR = 156;

export interface BrowserVersion {
  /** As the executable names itself: `Chromium`, `Google Chrome`, … */
  name: string;
  /** Full version, e.g. `150.0.7871.100`. */
  version: string;
  major: number;
}

/** Name and version from `chrome --version` output (`Chromium 150.0.7871.100 built on Debian …`, `Google Chrome 156.0.…`), or null. */
export function parseVersionOutput(text: string): BrowserVersion | null {
  const m = /^\s*([A-Za-z][A-Za-z ._-]{0,60}?)\s+(\d{1,4})\.(\d{1,6})\.(\d{1,6})\.(\d{1,6})\b/.exec(text.slice(0, 500));
  if (!m) return null;
  return { name: m[1].trim(), version: `${m[2]}.${m[3]}.${m[4]}.${m[5]}`, major: Number(m[2]) };
}

/** Name and version from the DevTools product string (`Chrome/150.0.7871.100`, `HeadlessChrome/…`), or null. */
export function parseProduct(product: string): BrowserVersion | null {
  const m = /^(?:Headless)?(Chrome|Chromium)\/(\d{1,4})(\.\d{1,6}){3}$/.exec(product.trim());
  if (!m) return null;
  return { name: m[1], version: product.trim().slice(product.indexOf('/') + 1), major: Number(m[2]) };
}

const cache = new Map<string, BrowserVersion | null>();

/** The executable's own `--version` (cached per path), or null when it does not say. */
export function readBrowserVersion(executablePath: string): BrowserVersion | null {
  if (cache.has(executablePath)) return cache.get(executablePath) ?? null;
  let found: BrowserVersion | null = null;
  try {
    const out = execFileSync(executablePath, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 });
    found = parseVersionOutput(out);
  } catch {
    // Not runnable here (the launch says why) or no version line.
  }
  cache.set(executablePath, found);
  return found;
}

/** `Chromium 150.0.7871.100`. */
export function browserLabel(b: BrowserVersion): string {
  return `${b.name} ${b.version}`;
}

export class UnsupportedBrowserError extends Error {
  constructor(b: BrowserVersion, path: string) {
    super(
      `rendered mode needs Chrome or Chromium ${OLDEST_SUPPORTED_MAJOR} or later; ${path} is ${browserLabel(b)}. ` +
        'Install a newer one (Debian/Ubuntu: `apt-get install chromium` from a current release or its security suite; macOS: update Google Chrome) ' +
        'or point AI_READY_CHROME at a newer executable',
    );
    this.name = 'UnsupportedBrowserError';
  }
}

/** Throws UnsupportedBrowserError for a version older than the oldest supported; an unknown version is let through. */
export function assertSupported(b: BrowserVersion | null, path: string): void {
  if (b && b.major < OLDEST_SUPPORTED_MAJOR) throw new UnsupportedBrowserError(b, path);
}

/** What this browser's WebMCP does where it matters for the verdicts, by major version. */
export interface WebMcpBehaviour {
  /** navigator.modelContext still exists (deprecated in 150, removed in 152). */
  navigatorApi: boolean;
  /** registerTool() is refused under Permissions-Policy `tools` without the page (150 and 156: yes). */
  enforcesPermissionsPolicy: boolean;
  /** registerTool() is refused under Origin-Agent-Cluster: ?0 (150: no; 156: yes; between: not tried, taken as no). */
  enforcesOriginAgentCluster: boolean;
}

export function webMcpBehaviour(major: number): WebMcpBehaviour {
  return { navigatorApi: major < 152, enforcesPermissionsPolicy: true, enforcesOriginAgentCluster: major >= NEWEST_KNOWN_MAJOR };
}

/**
 * The one-line warning for a supported browser that differs from the text in a way that matters,
 * or null. The verdicts follow the text either way; the warning says the evidence will show a
 * browser doing otherwise.
 */
export function behaviourWarning(b: BrowserVersion | null): string | null {
  if (!b || b.major >= NEWEST_KNOWN_MAJOR) return null;
  const w = webMcpBehaviour(b.major);
  const differs = [
    w.navigatorApi && 'still has navigator.modelContext (removed in Chromium 152)',
    !w.enforcesOriginAgentCluster && 'registers tools on pages sent with Origin-Agent-Cluster: ?0, which switches WebMCP off (refused by 156)',
  ].filter(Boolean);
  if (!differs.length) return null;
  return (
    `Rendering with ${browserLabel(b)}, which ${differs.join(' and ')}: the WebMCP verdict follows the ` +
    `WebMCP text and its evidence says what this browser did.`
  );
}

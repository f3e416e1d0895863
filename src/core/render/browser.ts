/**
 * The system's Chrome or Chromium, found and launched for rendered mode (`--render`) and for the
 * browser tests of the service's own pages. Nothing is downloaded: AI_READY_CHROME, else the
 * first of chromium, chromium-browser, google-chrome(-stable) on PATH.
 *
 * puppeteer-core drives it over the DevTools protocol (CDP): the WebMCP domain, the Audits issues
 * and per-context proxies are CDP features, and 24.x is the last line that runs on Node 20.
 * puppeteer-core is loaded here and in session.ts only, through load.ts.
 */
import { accessSync, chmodSync, chownSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Browser, PuppeteerNode } from 'puppeteer-core';
import { loadPackage } from './load.js';
import { makeProfileHome, sweepStaleProfiles } from './profile-home.js';
import { assertSupported, OLDEST_SUPPORTED_MAJOR, parseProduct, readBrowserVersion, type BrowserVersion } from './browser-version.js';

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export const INSTALL_HINT =
  `rendered mode needs Chrome or Chromium ${OLDEST_SUPPORTED_MAJOR} or later: install it (Debian/Ubuntu: ` +
  `\`apt-get install chromium\`; macOS: install Google Chrome) ` +
  'or point AI_READY_CHROME at its executable. Without --render, scans need no browser.';

export class BrowserNotFoundError extends Error {
  constructor(detail: string) {
    super(`${detail}; ${INSTALL_HINT}`);
    this.name = 'BrowserNotFoundError';
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The browser executable to drive, or null when there is none. */
export function findBrowser(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env.AI_READY_CHROME?.trim();
  if (chosen) return executable(chosen) ? chosen : null;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of CANDIDATES) {
      const path = join(dir, name);
      if (executable(path)) return path;
    }
  }
  return null;
}

/** findBrowser, or a BrowserNotFoundError saying how to get one. */
export function requireBrowser(env: NodeJS.ProcessEnv = process.env): string {
  const found = findBrowser(env);
  if (found) return found;
  const chosen = env.AI_READY_CHROME?.trim();
  throw new BrowserNotFoundError(
    chosen ? `AI_READY_CHROME=${chosen} is not an executable file` : `no Chrome or Chromium on PATH (looked for ${CANDIDATES.join(', ')})`,
  );
}

/**
 * Chromium's own traffic, off: with a proxy on every context it could only reach the guard proxy
 * (and be refused or counted as the page's), but a scanner should send nothing the scanned page
 * did not ask for. Autofill server queries (forms), optimization guide, safe browsing, component
 * and variations updates, metrics and domain reliability reports, translate, media router.
 */
const QUIET_FEATURES_OFF = [
  'AutofillServerCommunication',
  'OptimizationGuideModelDownloading',
  'OptimizationHintsFetching',
  'OptimizationTargetPrediction',
  'OptimizationHints',
  'CertificateTransparencyComponentUpdater',
  'InterestFeedContentSuggestions',
  'MediaRouter',
  'DialMediaRouteProvider',
  'Translate',
  'SafeBrowsingBetterTelemetry',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'AimServerEligibilityEnabled',
];

/** Preferences of the temporary profile that keep the same services off where no flag reaches. */
const QUIET_PREFS = {
  autofill: { enabled: false, profile_enabled: false, credit_card_enabled: false },
  safebrowsing: { enabled: false, enhanced: false, scout_reporting_enabled: false },
  translate: { enabled: false },
  search: { suggest_enabled: false },
  alternate_error_pages: { enabled: false },
  net: { network_prediction_options: 2 },
  credentials_enable_service: false,
  profile: { password_manager_enabled: false },
  signin: { allowed: false },
  spellcheck: { dictionaries: [], use_spelling_service: false },
  browser: { check_default_browser: false },
  user_experience_metrics: { reporting_enabled: false },
};

/**
 * Flags of every launch. WebMCP exposes document.modelContext (secure origins; loopback counts).
 * The renderer heap cap makes a page that allocates without end crash its own tab (the memory
 * watchdog covers what lives outside the heap); WebRTC may not send UDP around the guard proxy.
 */
export function browserArgs(): string[] {
  return [
    '--headless',
    '--enable-features=WebMCP',
    `--disable-features=${QUIET_FEATURES_OFF.join(',')}`,
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-client-side-phishing-detection',
    '--disable-domain-reliability',
    '--disable-field-trial-config',
    '--disable-breakpad',
    '--safebrowsing-disable-auto-update',
    '--metrics-recording-only',
    '--no-pings',
    '--no-first-run',
    '--disable-sync',
    '--disable-extensions',
    '--disable-default-apps',
    '--disable-dev-shm-usage',
    '--mute-audio',
    '--no-default-browser-check',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--js-flags=--max-old-space-size=256',
  ];
}

/** Who the browser runs as. */
export type BrowserIdentity =
  /** This process's own user (not root): the sandbox stays on. */
  | { kind: 'self'; noSandbox: boolean }
  /** Root drops to an unprivileged user for the browser (setpriv), sandbox on. */
  | { kind: 'user'; name: string; uid: number; gid: number; setpriv: string; noSandbox: boolean }
  /** Root, sandbox off: only with AI_READY_CHROME_NO_SANDBOX=1 and no user to drop to. */
  | { kind: 'root-no-sandbox' };

export class RootBrowserError extends Error {
  constructor(detail: string) {
    super(
      `rendered mode does not run the browser as root without its sandbox (${detail}). Run ai-ready as an unprivileged user; ` +
        'or, as root, let the browser run as one: AI_READY_BROWSER_USER=<user> (default nobody; setpriv from util-linux is needed); ' +
        'or, in a container whose own isolation you trust, AI_READY_CHROME_NO_SANDBOX=1 (the browser then runs as root without its sandbox)',
    );
    this.name = 'RootBrowserError';
  }
}

/** A user from /etc/passwd by name or number (`name`, `uid` or `uid:gid`), or null. */
function passwdUser(spec: string): { name: string; uid: number; gid: number } | null {
  const numeric = /^(\d+)(?::(\d+))?$/.exec(spec);
  let lines: string[] = [];
  try {
    lines = readFileSync('/etc/passwd', 'utf8').split('\n');
  } catch {
    // No passwd file: only numeric ids.
  }
  for (const line of lines) {
    const [name, , uid, gid] = line.split(':');
    if (name && (name === spec || (numeric && uid === numeric[1]))) return { name, uid: Number(uid), gid: numeric?.[2] ? Number(numeric[2]) : Number(gid) };
  }
  return numeric ? { name: spec, uid: Number(numeric[1]), gid: Number(numeric[2] ?? numeric[1]) } : null;
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin', ...(env.PATH ?? '').split(delimiter).filter(Boolean)]) {
    const path = join(dir, name);
    if (executable(path)) return path;
  }
  return null;
}

/**
 * Whether `uid` is mapped in this process's user namespace (/proc/self/uid_map: `inside outside
 * count` lines). Root in a user namespace that maps only itself (rootless containers, `unshare -r`)
 * cannot chown to `nobody` or switch to it. No uid_map (not Linux): mapped.
 */
export function uidMapped(uid: number, uidMap: string | null = readUidMap()): boolean {
  if (uidMap === null) return true;
  return uidMap.split('\n').some((line) => {
    const [inside, , count] = line.trim().split(/\s+/).map(Number);
    return Number.isFinite(inside) && Number.isFinite(count) && uid >= inside && uid < inside + count;
  });
}

function readUidMap(): string | null {
  try {
    return readFileSync('/proc/self/uid_map', 'utf8');
  } catch {
    return null;
  }
}

/** The refusal when the user to drop to is not mapped in this user namespace. */
export function unmappedUserProblem(user: { name: string; uid: number }): string {
  return (
    `uid ${user.uid} (${user.name}) is not mapped in this user namespace (rootless container or unshare ` +
    `-r), so the browser cannot run as it: set AI_READY_BROWSER_USER to a mapped uid, or AI_READY_CHROME_NO_SANDBOX=1`
  );
}

/**
 * Who the browser will run as, or a RootBrowserError saying how to get one. As root the browser
 * runs as AI_READY_BROWSER_USER (default `nobody`) with its sandbox on; it runs as root only when
 * no such user can be used and AI_READY_CHROME_NO_SANDBOX=1 says the container's isolation is
 * trusted instead.
 */
export function browserIdentity(
  env: NodeJS.ProcessEnv = process.env,
  uid: number | undefined = process.getuid?.(),
  uidMap: string | null = readUidMap(),
): BrowserIdentity {
  const noSandbox = env.AI_READY_CHROME_NO_SANDBOX === '1';
  if (uid !== 0) return { kind: 'self', noSandbox };
  const wanted = env.AI_READY_BROWSER_USER?.trim() || 'nobody';
  const user = passwdUser(wanted);
  const setpriv = onPath('setpriv', env);
  let problem: string;
  if (!user) problem = `no user ${wanted} to run it as`;
  else if (user.uid === 0 || user.gid === 0) problem = `AI_READY_BROWSER_USER=${wanted} is root`;
  else if (!uidMapped(user.uid, uidMap)) problem = unmappedUserProblem(user);
  else if (!setpriv) problem = 'setpriv (util-linux) is not installed to drop to an unprivileged user';
  else return { kind: 'user', ...user, setpriv, noSandbox };
  if (noSandbox) return { kind: 'root-no-sandbox' };
  throw new RootBrowserError(problem);
}

/** Why `--render` cannot work on this machine (no browser, too old, root without a way out), or null. One line. */
export function renderRefusal(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = findBrowser(env);
  if (!path)
    return `${
      env.AI_READY_CHROME ? `AI_READY_CHROME=${env.AI_READY_CHROME} is not an executable ` + `file` : 'no Chrome or Chromium found on PATH'
    }; ${INSTALL_HINT}`;
  try {
    browserIdentity(env);
    assertSupported(readBrowserVersion(path), path);
    return null;
  } catch (e) {
    return (e as Error).message.split('\n')[0];
  }
}

export interface LaunchedBrowser {
  browser: Browser;
  /** The browser's process id (the renderers are its descendants). */
  pid: number | undefined;
  /** Name and version, from the executable's `--version` or else the DevTools product (null: neither said). */
  version: BrowserVersion | null;
  /** Closes the browser and removes its temporary profile. */
  close(): Promise<void>;
}

/**
 * For a browser that loads strangers' pages: the default context gets a proxy that does not
 * exist (port 9, discard), so nothing outside the scans' own contexts (each with its guard
 * proxy) can reach the network.
 */
export const NO_NETWORK_OUTSIDE_CONTEXTS = ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'];

/**
 * The temporary profile: Preferences written and, for another user, handed to it (chown), with the
 * setpriv wrapper that starts the browser as that user. Returns the executable to start and its
 * environment. chown fails with EINVAL/EPERM where the user is not mapped (user namespaces): a
 * RootBrowserError naming the ways out.
 */
function prepareProfile(home: string, identity: BrowserIdentity, browserPath: string, env: NodeJS.ProcessEnv) {
  const userDataDir = join(home, 'profile');
  mkdirSync(join(userDataDir, 'Default'), { recursive: true });
  writeFileSync(join(userDataDir, 'Default', 'Preferences'), JSON.stringify(QUIET_PREFS));
  if (identity.kind !== 'user') return { userDataDir, executablePath: browserPath, childEnv: env };
  try {
    for (const dir of [userDataDir, join(userDataDir, 'Default'), join(userDataDir, 'Default', 'Preferences')]) chownSync(dir, identity.uid, identity.gid);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EINVAL' || code === 'EPERM') throw new RootBrowserError(unmappedUserProblem(identity));
    throw e;
  }
  chmodSync(home, 0o711);
  // setpriv drops every privilege of root, then runs the browser; the DevTools pipe (fds 3, 4) is inherited.
  const executablePath = join(home, 'browser');
  writeFileSync(
    executablePath,
    `#!/bin/sh\nexec ${shellQuote(identity.setpriv)} --reuid=${identity.uid} --regid=${identity.gid} ` +
      `--clear-groups --inh-caps=-all -- ${shellQuote(browserPath)} "$@"\n`,
    { mode: 0o700 },
  );
  // Nothing of the server's environment (database URLs, tokens) reaches the browser.
  const childEnv: NodeJS.ProcessEnv = {
    PATH: env.PATH ?? '/usr/bin:/bin',
    HOME: userDataDir,
    XDG_CONFIG_HOME: userDataDir,
    XDG_CACHE_HOME: userDataDir,
    LANG: env.LANG ?? 'C.UTF-8',
    TMPDIR: tmpdir(),
  };
  return { userDataDir, executablePath, childEnv };
}

/**
 * Launches the system browser with a fresh temporary profile. DevTools goes over a pipe
 * (`--remote-debugging-pipe`, the browser's fds 3 and 4), never a port: no other local process
 * can reach the browser. As root the browser is started through setpriv as an unprivileged user
 * (browserIdentity), with a profile that user owns and an environment of its own. A browser older
 * than the oldest supported is refused before it starts (browser-version.ts). Every step after
 * the temporary folder exists is inside the try whose failure removes it.
 */
export async function launchBrowser(
  opts: { executablePath?: string; extraArgs?: string[]; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<LaunchedBrowser> {
  const env = opts.env ?? process.env;
  const identity = browserIdentity(env);
  const browserPath = opts.executablePath ?? requireBrowser(env);
  const known = readBrowserVersion(browserPath);
  assertSupported(known, browserPath);
  const puppeteer = await loadPackage<PuppeteerNode>('puppeteer-core');
  sweepStaleProfiles();
  const profile = makeProfileHome();
  let browser: Browser | null = null;
  try {
    const { userDataDir, executablePath, childEnv } = prepareProfile(profile.home, identity, browserPath, env);
    const sandboxOff = identity.kind === 'root-no-sandbox' || identity.noSandbox;
    try {
      browser = await puppeteer.launch({
        executablePath,
        headless: true,
        pipe: true,
        userDataDir,
        env: childEnv,
        args: [...browserArgs(), ...(sandboxOff ? ['--no-sandbox'] : []), ...(opts.extraArgs ?? [])],
        // Popups stay blocked (puppeteer turns the blocker off by default).
        ignoreDefaultArgs: ['--disable-popup-blocking'],
        timeout: opts.timeoutMs ?? 30_000,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (e) {
      const why = (e as Error).message.split('\n')[0];
      // The likeliest cause as another user: no unprivileged user namespaces for the sandbox (some containers).
      const hint =
        identity.kind === 'user' && !identity.noSandbox
          ? ` as ${identity.name}; its sandbox needs unprivileged user namespaces: where the container gives ` +
            `none, AI_READY_CHROME_NO_SANDBOX=1 runs it as ${identity.name} without its sandbox`
          : '';
      throw new BrowserNotFoundError(`${browserPath} could not be started (${why})${hint}`);
    }
    profile.setBrowserPid(browser.process()?.pid);
    const version = known ?? parseProduct(await browser.version());
    const launched = browser;
    let closed: Promise<void> | null = null;
    const result: LaunchedBrowser = {
      browser: launched,
      pid: launched.process()?.pid,
      version,
      close: () =>
        (closed ??= launched
          .close()
          .catch(() => launched.process()?.kill('SIGKILL'))
          .then(() => profile.release())),
    };
    browser = null;
    return result;
  } catch (e) {
    // Whatever failed (chown, the wrapper, the launch, reading the version): nothing is left behind.
    if (browser) await (browser as Browser).close().catch(() => (browser as Browser | null)?.process()?.kill('SIGKILL'));
    profile.release();
    throw e;
  }
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

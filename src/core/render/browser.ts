/**
 * The system's Chrome or Chromium, found and launched for rendered mode (`--render`) and for the
 * browser tests of the service's own pages. Nothing is downloaded: AI_READY_CHROME, else the
 * first of chromium, chromium-browser, google-chrome(-stable) on PATH.
 *
 * puppeteer-core drives it over the DevTools protocol (CDP): the WebMCP domain, the Audits issues
 * and per-context proxies are CDP features, and 24.x is the last line that runs on Node 20.
 */
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Browser, PuppeteerNode } from 'puppeteer-core';
import { loadPackage } from './load.js';

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export const INSTALL_HINT =
  'rendered mode needs Chrome or Chromium 146 or later: install it (Debian/Ubuntu: `apt-get install chromium`; macOS: install Google Chrome) ' +
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
  throw new BrowserNotFoundError(chosen ? `AI_READY_CHROME=${chosen} is not an executable file` : `no Chrome or Chromium on PATH (looked for ${CANDIDATES.join(', ')})`);
}

/**
 * Flags of every launch. WebMCP exposes document.modelContext (secure origins; loopback counts).
 * The renderer heap cap makes a page that allocates without end crash its own tab; WebRTC may not
 * send UDP around the guard proxy.
 */
export function browserArgs(): string[] {
  const args = [
    '--headless',
    '--enable-features=WebMCP',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
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
  // The sandbox needs user namespaces a root process does not get; anywhere else it stays on.
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  return args;
}

export interface LaunchedBrowser {
  browser: Browser;
  /** Closes the browser and removes its temporary profile. */
  close(): Promise<void>;
}

/**
 * For a browser that loads strangers' pages: the default context gets a proxy that does not
 * exist (port 9, discard), so nothing outside the scans' own contexts (each with its guard
 * proxy) can reach the network.
 */
export const NO_NETWORK_OUTSIDE_CONTEXTS = ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'];

/** Launches the system browser with a fresh temporary profile. */
export async function launchBrowser(opts: { executablePath?: string; extraArgs?: string[]; timeoutMs?: number } = {}): Promise<LaunchedBrowser> {
  const executablePath = opts.executablePath ?? requireBrowser();
  const puppeteer = await loadPackage<PuppeteerNode>('puppeteer-core');
  const userDataDir = mkdtempSync(join(tmpdir(), 'ai-ready-chrome-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath,
      headless: true,
      userDataDir,
      args: [...browserArgs(), ...(opts.extraArgs ?? [])],
      // Popups stay blocked (puppeteer turns the blocker off by default).
      ignoreDefaultArgs: ['--disable-popup-blocking'],
      timeout: opts.timeoutMs ?? 30_000,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (e) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw new BrowserNotFoundError(`${executablePath} could not be started (${(e as Error).message.split('\n')[0]})`);
  }
  let closed: Promise<void> | null = null;
  return {
    browser,
    close: () =>
      (closed ??= browser
        .close()
        .catch(() => browser.process()?.kill('SIGKILL'))
        .then(() => rmSync(userDataDir, { recursive: true, force: true }))),
  };
}

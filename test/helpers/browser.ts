/**
 * Headless Chromium for tests: the system browser (AI_READY_CHROME or PATH), launched through
 * the engine's own launcher. `hasBrowser` lets a suite skip where no browser is installed
 * (CI installs one, so render tests never skip there).
 */
import { findBrowser, launchBrowser, type LaunchedBrowser } from '../../src/core/render/browser.js';

export const hasBrowser = findBrowser() !== null;

export function startBrowser(): Promise<LaunchedBrowser> {
  return launchBrowser();
}

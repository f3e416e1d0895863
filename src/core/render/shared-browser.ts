/**
 * The one browser of `serve --render`: scans (in worker threads) reach it by its DevTools
 * endpoint and each works in a context of its own. If the browser dies (a renderer bug, an OOM
 * kill), it is launched again, and the next scans get the new endpoint.
 */
import { launchBrowser, NO_NETWORK_OUTSIDE_CONTEXTS, type LaunchedBrowser } from './browser.js';

export class SharedBrowser {
  private closing = false;
  /** Launches since start (1 = never relaunched). */
  launches = 1;

  private constructor(
    private current: LaunchedBrowser,
    private readonly log: (line: string) => void,
  ) {
    this.watch();
  }

  static async launch(log: (line: string) => void = () => {}): Promise<SharedBrowser> {
    return new SharedBrowser(await launchBrowser({ extraArgs: NO_NETWORK_OUTSIDE_CONTEXTS }), log);
  }

  /** The DevTools endpoint of the browser now running. */
  get endpoint(): string {
    return this.current.browser.wsEndpoint();
  }

  private watch(): void {
    const watched = this.current;
    watched.browser.once('disconnected', () => {
      if (this.closing || watched !== this.current) return;
      void watched.close();
      this.log('ai-ready serve: the rendering browser exited; launching it again');
      void this.relaunch();
    });
  }

  private async relaunch(attempt = 1): Promise<void> {
    try {
      this.current = await launchBrowser({ extraArgs: NO_NETWORK_OUTSIDE_CONTEXTS });
      this.launches++;
      if (this.closing) return void (await this.current.close());
      this.watch();
    } catch (e) {
      this.log(`ai-ready serve: the rendering browser could not be launched again (${(e as Error).message.split('\n')[0]})`);
      // Rendering scans fail soft meanwhile (their checks keep the HTML verdicts, with a warning).
      if (attempt < 5 && !this.closing) setTimeout(() => void this.relaunch(attempt + 1), 2_000 * attempt).unref();
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.current.close();
  }
}

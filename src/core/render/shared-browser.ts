/**
 * The one browser of `serve --render`: scans (in worker threads) reach it by its DevTools
 * endpoint and each works in a context of its own. If the browser dies (a renderer bug, an OOM
 * kill), it is launched again, and the next scans get the new endpoint. A context outliving any
 * scan (its worker was stopped at the hard deadline, which drops the connection but not the
 * context) is disposed by a sweeper.
 */
import { launchBrowser, NO_NETWORK_OUTSIDE_CONTEXTS, type LaunchedBrowser } from './browser.js';

export interface SharedBrowserOptions {
  log?: (line: string) => void;
  /** A context older than this is a leftover: disposed. Default 120 s (beyond any scan's deadline). */
  maxContextAgeMs?: number;
  /** How often leftovers are looked for. Default 10 s. */
  sweepEveryMs?: number;
}

export class SharedBrowser {
  private closing = false;
  /** Launches since start (1 = never relaunched). */
  launches = 1;
  /** Contexts disposed by the sweeper. */
  swept = 0;
  private readonly seen = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly log: (line: string) => void;

  private constructor(
    private current: LaunchedBrowser,
    private readonly opts: SharedBrowserOptions,
  ) {
    this.log = opts.log ?? (() => {});
    this.watch();
    let sweeping = false;
    this.sweeper = setInterval(() => {
      if (sweeping) return; // one sweep at a time, however slow the browser answers
      sweeping = true;
      void this.sweep()
        .catch(() => {})
        .finally(() => (sweeping = false));
    }, opts.sweepEveryMs ?? 10_000);
    this.sweeper.unref();
  }

  static async launch(opts: SharedBrowserOptions = {}): Promise<SharedBrowser> {
    return new SharedBrowser(await launchBrowser({ extraArgs: NO_NETWORK_OUTSIDE_CONTEXTS }), opts);
  }

  /** Disposes the browser contexts first seen more than maxContextAgeMs ago. */
  private async sweep(): Promise<void> {
    const cdp = await this.current.browser.target().createCDPSession();
    try {
      const { browserContextIds } = await cdp.send('Target.getBrowserContexts');
      const now = Date.now();
      for (const id of [...this.seen.keys()]) if (!browserContextIds.includes(id)) this.seen.delete(id);
      for (const id of browserContextIds) {
        const first = this.seen.get(id) ?? now;
        this.seen.set(id, first);
        if (now - first > (this.opts.maxContextAgeMs ?? 120_000)) {
          await cdp.send('Target.disposeBrowserContext', { browserContextId: id }).catch(() => {});
          this.seen.delete(id);
          this.swept++;
        }
      }
    } finally {
      await cdp.detach().catch(() => {});
    }
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
    clearInterval(this.sweeper);
    await this.current.close();
  }
}

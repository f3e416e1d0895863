/** A real GatherContext over a loopback fixture site (no scan engine), for gather-level tests. */
import { GatherContext } from '../../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../../src/core/net/http.js';

export async function gatherContext(pageUrl: string): Promise<GatherContext> {
  const http = new HttpClient({ timeoutMs: 5000 });
  const page = await http.fetch(pageUrl, { accept: BROWSER_ACCEPT });
  const url = new URL(page.url);
  return new GatherContext(url, url.origin, http, () => {}, page);
}

/**
 * A real GatherContext on a loopback fixture site, for gather-level tests of A6-A10 and M1-M6:
 * the page is fetched like scan() does, every later request goes through the memoised context.
 */
import { GatherContext } from '../../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../../src/core/net/http.js';

export async function liveContext(origin: string, pagePath = '/'): Promise<GatherContext> {
  const http = new HttpClient({ timeoutMs: 3000 });
  const page = await http.fetch(new URL(pagePath, origin).href, { accept: BROWSER_ACCEPT });
  const pageUrl = new URL(page.url);
  return new GatherContext(pageUrl, pageUrl.origin, http, () => {}, page);
}

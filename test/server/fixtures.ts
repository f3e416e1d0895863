/** Small fixture sites for server tests (served on 127.0.0.1 by startFixture). */
import type { Route } from '../helpers/fixture-server.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const TEXT = { 'content-type': 'text/plain; charset=utf-8' };

/** A plain site whose page and robots.txt carry markup that must come out escaped. */
export function plainSite(): Record<string, Route> {
  return {
    '/': {
      headers: HTML,
      body: '<!doctype html><html><head><title>Shop &lt;3 <script>alert(1)</script></title></head><body><h1>Welcome "<img src=x onerror=alert(2)>"</h1><p>Some readable text for people and agents alike.</p></body></html>',
    },
    '/robots.txt': { headers: TEXT, body: 'User-agent: *\nAllow: /\n# <script>alert(3)</script>\n' },
  };
}

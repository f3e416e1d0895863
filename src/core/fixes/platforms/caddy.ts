/** Caddy: a handle block serves the file; the header directive adds headers. */
import { caddyServe } from './shared.js';
import { caddyString } from '../escape.js';
import type { PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

/** How the detector knows Caddy (any one signal). */
const hostSignals: Signal[] = [{ kind: 'header', name: 'server', pattern: /^Caddy/i, weight: STRONG, label: 'server: Caddy' }];

export const caddy: PlatformPack = {
  id: 'caddy',
  label: 'Caddy',
  hostingRank: 8,
  hostSignals,
  serveFile: ({ spec, file, create }) => [
    create,
    {
      title: 'Serve it with Caddy',
      body: `Save the file as /var/www/site/${file} and add this to the site block of your Caddyfile:`,
      code: caddyServe(spec),
      lang: 'caddy',
    },
  ],
  addHeader: ({ name, value, path, all }) => [
    { title: 'Add the header in your Caddyfile', code: `header ${all ? '' : `${path} `}${name} ${caddyString(value)}\n`, lang: 'caddy' },
  ],
};

/** Apache: the file in the document root, its type and headers in .htaccess. */
import { apacheHeaderStep, apacheServe } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

/** How the detector knows Apache (any one signal). */
const hostSignals: Signal[] = [{ kind: 'header', name: 'server', pattern: /^Apache(\/|\s|$)/i, weight: STRONG, label: 'server: Apache' }];

export const apache: PlatformPack = {
  id: 'apache',
  label: 'Apache',
  hostingRank: 6,
  hostSignals,
  serveFile: ({ spec, file, create }) => [
    create,
    {
      title: 'Serve it with Apache',
      body: `Save the file as ${file} in the document root and set its type in the .htaccess of its folder:`,
      code: apacheServe(spec),
      lang: 'apache',
    },
  ],
  addHeader: apacheHeaderStep,
  hostNotes: {
    userAgentBlock: {
      where: 'Apache/LiteSpeed: search .htaccess and vhosts for `RewriteCond %{HTTP_USER_AGENT}`, `SetEnvIfNoCase User-Agent` or `BrowserMatch` lines.',
    },
  },
};

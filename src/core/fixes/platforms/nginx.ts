/** nginx: an exact location serves the file with its type; add_header for headers. */
import { nginxHeaderStep, nginxServe } from './shared.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  markdownNegotiation(fx, edge) {
    return [
      { title: 'Publish a .md twin of every page', body: 'Next to each index.html, write index.md (or page.md) at build time.' },
      {
        title: 'Negotiate in nginx',
        code:
          `map $http_accept $md_suffix {\n    default "";\n    "~*^\\s*text/markdown" ".md";` +
          `   # Markdown listed first\n}\n\nserver {\n    location / {\n        add_header Vary Accept always;` +
          `\n        try_files $uri$md_suffix $uri/index$md_suffix $uri $uri/ =404;\n    }` +
          `\n    location ~ \\.md$ {\n        default_type "text/markdown; charset=utf-8";` +
          `\n        add_header Vary Accept always;\n    }\n}\n`,
        lang: 'nginx',
      },
    ];
  },
};

/** How the detector knows nginx (any one signal). */
const hostSignals: Signal[] = [{ kind: 'header', name: 'server', pattern: /^(nginx|openresty)/i, weight: STRONG, label: 'server: nginx' }];

export const nginx: PlatformPack = {
  id: 'nginx',
  label: 'nginx',
  hostingRank: 5,
  hostSignals,
  hooks,
  serveFile: ({ spec, file, create }) => [
    create,
    {
      title: 'Serve it with nginx',
      body:
        `Save the file as /var/www/site/${file} and add this location (before any rule that denies ` +
        `dot-paths). An add_header inside a location replaces those inherited from outer blocks.`,
      code: nginxServe(spec),
      lang: 'nginx',
    },
  ],
  addHeader: nginxHeaderStep,
  hostNotes: { userAgentBlock: { where: 'nginx: search the config for `$http_user_agent` (an `if (...) { return 403; }` or a `map` naming the bots).' } },
};

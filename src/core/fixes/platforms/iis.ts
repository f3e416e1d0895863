/** IIS: web.config maps files without an extension and sets custom headers. */
import { iisServe } from './shared.js';
import { xmlAttr } from '../escape.js';
import type { PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

/** How the detector knows Microsoft IIS (any one signal). */
const hostSignals: Signal[] = [{ kind: 'header', name: 'server', pattern: /Microsoft-IIS/i, weight: STRONG, label: 'server: Microsoft-IIS' }];

export const iis: PlatformPack = {
  id: 'iis',
  label: 'Microsoft IIS',
  hostingRank: 9,
  hostSignals,
  serveFile: ({ spec, file, create }) => [
    create,
    {
      title: 'Serve it with IIS',
      body: `Save the file as ${file} under the site root; IIS refuses files without a known extension until a web.config maps them:`,
      code: iisServe(spec),
      lang: 'xml',
    },
  ],
  addHeader: ({ name, value }) => [
    {
      title: 'Add the header in web.config',
      code:
        `<configuration>\n  <system.webServer>\n    <httpProtocol>\n      <customHeaders>` +
        `\n        <add name="${xmlAttr(name)}" value="${xmlAttr(value)}" />\n      </customHeaders>` +
        `\n    </httpProtocol>\n  </system.webServer>\n</configuration>\n`,
      lang: 'xml',
    },
  ],
};

/** IIS: web.config maps files without an extension and sets custom headers. */
import { iisServe } from './shared.js';
import { xmlAttr } from '../escape.js';
import type { PlatformPack } from './types.js';

export const iis: PlatformPack = {
  id: 'iis',
  serveFile: ({ spec, file, create }) => [
    create,
    { title: 'Serve it with IIS', body: `Save the file as ${file} under the site root; IIS refuses files without a known extension until a web.config maps them:`, code: iisServe(spec), lang: 'xml' },
  ],
  addHeader: ({ name, value }) => [
    {
      title: 'Add the header in web.config',
      code: `<configuration>\n  <system.webServer>\n    <httpProtocol>\n      <customHeaders>\n        <add name="${xmlAttr(name)}" value="${xmlAttr(value)}" />\n      </customHeaders>\n    </httpProtocol>\n  </system.webServer>\n</configuration>\n`,
      lang: 'xml',
    },
  ],
};

/** nginx: an exact location serves the file with its type; add_header for headers. */
import { nginxHeaderStep, nginxServe } from './shared.js';
import type { PlatformPack } from './types.js';

export const nginx: PlatformPack = {
  id: 'nginx',
  serveFile: ({ spec, file, create }) => [
    create,
    {
      title: 'Serve it with nginx',
      body: `Save the file as /var/www/site/${file} and add this location (before any rule that denies dot-paths). An add_header inside a location replaces those inherited from outer blocks.`,
      code: nginxServe(spec),
      lang: 'nginx',
    },
  ],
  addHeader: nginxHeaderStep,
};

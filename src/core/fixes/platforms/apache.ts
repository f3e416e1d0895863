/** Apache: the file in the document root, its type and headers in .htaccess. */
import { apacheHeaderStep, apacheServe } from './shared.js';
import type { PlatformPack } from './types.js';

export const apache: PlatformPack = {
  id: 'apache',
  serveFile: ({ spec, file, create }) => [create, { title: 'Serve it with Apache', body: `Save the file as ${file} in the document root and set its type in the .htaccess of its folder:`, code: apacheServe(spec), lang: 'apache' }],
  addHeader: apacheHeaderStep,
};

/** Express: a route answers the path; a middleware adds headers. */
import { jsString, jsTemplate } from '../escape.js';
import type { PlatformPack } from './types.js';

export const express: PlatformPack = {
  id: 'express',
  serveFile: ({ spec, path, headers, create }) => [
    create,
    {
      title: 'Add an Express route',
      body: 'Register it before any catch-all route or static middleware.',
      code: `app.get(${jsString(path)}, (req, res) => {\n  res.set(${JSON.stringify(headers)});\n  res.send(${jsTemplate(spec.content)});\n});\n`,
      lang: 'js',
    },
  ],
  addHeader: ({ name, value, path, all }) => [
    {
      title: 'Add the header in an Express middleware',
      body: 'Register it before your routes.',
      code: `app.use(${all ? '' : `${jsString(path)}, `}(req, res, next) => {\n  res.append(${jsString(name)}, ${jsString(value)});\n  next();\n});\n`,
      lang: 'js',
    },
  ],
};

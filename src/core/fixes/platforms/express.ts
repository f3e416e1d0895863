/** Express: a route answers the path; a middleware adds headers. */
import { jsString, jsTemplate } from '../escape.js';
import { generateOpenApiFromCode } from './shared-hooks.js';
import type { PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

/** How the detector knows Express (any one signal). */
const hostSignals: Signal[] = [{ kind: 'header', name: 'x-powered-by', pattern: /^Express/i, weight: STRONG, label: 'x-powered-by: Express' }];

export const express: PlatformPack = {
  id: 'express',
  label: 'Express',
  hostingRank: 4,
  hostSignals,
  hooks: {
    openApiGeneration: generateOpenApiFromCode,
    x402Middleware: (fx, { routes, server }) => ({
      title: 'Add @x402/express',
      body: 'npm install @x402/express @x402/core @x402/evm',
      code:
        `import { paymentMiddleware, x402ResourceServer } from '@x402/express';` +
        `\nimport { HTTPFacilitatorClient } from '@x402/core/server';\nimport { ExactEvmScheme }` +
        ` from '@x402/evm/exact/server';\n\n${server}\n\napp.use(paymentMiddleware(${routes}, resourceServer));\n`,
      lang: 'ts',
    }),
  },
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
  hostNotes: { userAgentBlock: { where: "Node/Express: look for middleware that tests `req.headers['user-agent']` (an isbot or bot-blocker package)." } },
};

/** Nuxt: a Nitro server route (or a handler registered in nuxt.config for dot paths); headers with routeRules. */
import { hasDotSegment } from './shared.js';
import { jsString, jsTemplate } from '../escape.js';
import type { PlatformPack } from './types.js';

export const nuxt: PlatformPack = {
  id: 'nuxt',
  serveFile({ spec, path, file, headers, create }) {
    const handler = `  ${Object.entries(headers).map(([k, v]) => `setHeader(event, ${jsString(k)}, ${jsString(v)});`).join('\n  ')}\n  return ${jsTemplate(spec.content)};`;
    if (hasDotSegment(path)) {
      const name = file.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      return [
        create,
        {
          title: `Serve it from a server handler registered for ${path}`,
          body: 'File scanning can skip dot folders under server/routes (nuxt/nuxt#13237); a handler registered in nuxt.config answers the path either way.',
          code: `// server/handlers/${name}.ts\nexport default defineEventHandler((event) => {\n${handler}\n});\n\n// nuxt.config.ts (merge into your existing config)\nexport default defineNuxtConfig({\n  serverHandlers: [{ route: ${jsString(path)}, handler: ${jsString(`~~/server/handlers/${name}.ts`)} }],\n});\n`,
          lang: 'ts',
        },
      ];
    }
    return [create, { title: `Serve it from a Nitro server route (server/routes/${file}.ts)`, code: `// server/routes/${file}.ts\nexport default defineEventHandler((event) => {\n${handler}\n});\n`, lang: 'ts' }];
  },
  addHeader: ({ name, value, path, all }) => [
    {
      title: 'Add the header with routeRules',
      code: `// nuxt.config.ts\nexport default defineNuxtConfig({\n  routeRules: { ${jsString(all ? '/**' : path)}: { headers: { ${jsString(name)}: ${jsString(value)} } } },\n});\n`,
      lang: 'ts',
    },
  ],
};

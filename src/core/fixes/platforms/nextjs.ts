/** Next.js (App Router): a route handler answers a path with its Content-Type; headers in next.config. */
import { hasDotSegment } from './shared.js';
import { jsString, jsTemplate } from '../escape.js';
import type { PlatformPack } from './types.js';

export const nextjs: PlatformPack = {
  id: 'nextjs',
  serveFile({ spec, path, file, headers, create }) {
    // Route handlers may live under app/.well-known/ (Vercel's own Flags SDK uses app/.well-known/vercel/flags).
    const tsconfig = hasDotSegment(path)
      ? ` TypeScript skips dot folders unless tsconfig.json "include" lists "app/${file.split('/')[0]}/**/*" (or "src/app/…"), so add it if imports fail to resolve there.`
      : '';
    return [
      create,
      {
        title: `Serve it from a route handler (app/${file}/route.ts)`,
        body: `A route handler controls the Content-Type; static files in public/ cannot set it for extensionless paths.${tsconfig}`,
        code: `// app/${file}/route.ts\nexport const dynamic = 'force-static';\nconst body = ${jsTemplate(spec.content)};\n\nexport function GET() {\n  return new Response(body, { headers: ${JSON.stringify(headers)} });\n}\n`,
        lang: 'ts',
      },
    ];
  },
  addHeader: ({ name, value, path, all }) => [
    {
      title: 'Add the header in next.config',
      code: `// next.config.mjs\nexport default {\n  async headers() {\n    return [{ source: ${jsString(all ? '/:path*' : path)}, headers: [{ key: ${jsString(name)}, value: ${jsString(value)} }] }];\n  },\n};\n`,
      lang: 'js',
    },
  ],
};

/** Nuxt: a Nitro server route (or a handler registered in nuxt.config for dot paths); headers with routeRules. */
import { hasDotSegment } from './shared.js';
import { jsQuote, jsString, jsTemplate } from '../escape.js';
import type { RobotsGroup, RobotsRecord, RobotsRules } from '../robots-rules.js';
import type { FixContext } from '../fix-context.js';
import { generateOpenApiFromCode } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';
import type { ProjectShape } from './project-shape.js';
import { JS_EXT, jsLiteral, originFrom, stripJsComments } from './config-values.js';

/** An object key as written in TypeScript: bare when an identifier, else quoted. */
const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsQuote(k));

/** A typed record's value as an object literal ({ search: 'yes', 'ai-train': 'no' }). */
const recordObject = (value: Record<string, string | undefined>) =>
  `{ ${Object.entries(value)
    .map(([k, v]) => `${key(k)}: ${jsQuote(v ?? '')}`)
    .join(', ')} }`;

/** The group key of each record (a record type added to robots-rules.ts must be given one here). */
const NUXT_RECORD_KEYS: Record<RobotsRecord['field'], string> = { 'Content-Signal': 'contentSignal', 'Content-Usage': 'contentUsage' };

/**
 * The `groups` entries of @nuxtjs/robots for the rules: userAgent, allow, disallow, and the
 * Content-Signal / Content-Usage records as `contentSignal` / `contentUsage` objects, the group keys
 * of its Nuxt Config reference (nuxtseo.com/docs/robots/api/config, last updated 2026-05-20, read
 * 2026-11-27: `groups: RobotsGroupInput[]` with `contentUsage: { 'train-ai': 'n' }` and
 * `contentSignal: { 'ai-train': 'no', search: 'yes' }`).
 */
function nuxtGroup(g: RobotsGroup): string {
  const list = (values: string[]) => `[${values.map(jsQuote).join(', ')}]`;
  return `{ ${[
    `userAgent: ${list(g.userAgents)}`,
    ...(g.allow?.length ? [`allow: ${list(g.allow)}`] : []),
    ...(g.disallow?.length ? [`disallow: ${list(g.disallow)}`] : []),
    ...(g.records ?? []).map((r) => `${NUXT_RECORD_KEYS[r.field]}: ${recordObject(r.value)}`),
  ].join(', ')} }`;
}

/** nuxt.config.ts `robots` content: the base groups and the groups, then Sitemap paths (full URLs when on another origin). */
function nuxtRobotsConfig(fx: FixContext, rules: RobotsRules): string {
  const groups = [...(rules.baseGroups ?? []), ...rules.groups];
  const sitemaps = (rules.sitemaps ?? []).map((s) => {
    const url = new URL(s.url, fx.origin);
    return url.origin === new URL(fx.origin).origin ? url.pathname : url.href;
  });
  const lines = [
    `    groups: [\n${groups.map((g) => `      ${nuxtGroup(g)},\n`).join('')}    ],`,
    ...(sitemaps.length ? [`    sitemap: [${sitemaps.map(jsQuote).join(', ')}],`] : []),
  ];
  return `{\n${lines.join('\n')}\n  }`;
}

const hooks: PlatformHooks = {
  robotsLines: (fx, rules) => [
    {
      title: 'Configure @nuxtjs/robots',
      body: '@nuxtjs/robots (≥5.6) writes groups, Content-Signal and Content-Usage lines for you:',
      code: `// nuxt.config.ts\nexport default defineNuxtConfig({\n  modules: ['@nuxtjs/robots'],\n  robots: ${nuxtRobotsConfig(fx, rules)},\n});\n`,
      lang: 'ts',
    },
  ],
  sitemap(fx) {
    return [
      {
        title: 'Add @nuxtjs/sitemap',
        code: `npx nuxi module add @nuxtjs/sitemap\n\n// nuxt.config.ts\nexport default defineNuxtConfig({\n  site: { url: '${fx.origin}' },\n});\n`,
        lang: 'sh',
        body: 'It serves /sitemap.xml from your routes (and from @nuxt/content documents).',
      },
    ];
  },
  llmsTxt(fx, file) {
    return [
      {
        title: 'Add nuxt-llms',
        code:
          `npx nuxi module add nuxt-llms\n\n// nuxt.config.ts\nexport default defineNuxtConfig({\n` +
          `  llms: { domain: '${fx.origin}', title: 'Example Co', description: 'What the site offers', ` +
          `full: { title: 'Full docs', description: 'All pages' } },\n});\n`,
        lang: 'ts',
      },
    ];
  },
  serverRendering(fx) {
    return [
      {
        title: 'Keep SSR on in Nuxt',
        body:
          'Check nuxt.config has ssr: true (the default) and no routeRules with ssr: false for content pages; ' +
          'fetch content with useAsyncData / useFetch so it is rendered on the server. `nuxi generate` prerenders static pages.',
      },
    ];
  },
  structuredData(fx) {
    return [
      {
        title: 'Add nuxt-schema-org',
        body: 'The Nuxt SEO module emits JSON-LD from defineOrganization / defineWebSite / defineWebPage.',
        code: 'npx nuxi module add schema-org',
        lang: 'sh',
      },
    ];
  },
  markdownNegotiation(fx, edge) {
    return [
      {
        title: 'Negotiate in a Nitro server middleware',
        code:
          `// server/middleware/markdown.ts\nexport default defineEventHandler(async (event) =>` +
          ` {\n  const accept = getRequestHeader(event, 'accept') ?? '';` +
          `\n  if (!/^\\s*text\\/markdown\\b/i.test(accept)) return;` +
          ` // use a q-value parser in production\n  const path = event.path === '/' ? '/index' : ` +
          `event.path.replace(/\\/$/, '');\n  const md = await useStorage('assets:markdown').getItem(path + '.md');` +
          ` // or render from @nuxt/content\n  if (!md) return;\n  setHeader(event, 'Content-Type', 'text/markdown;` +
          ` charset=utf-8');\n  setHeader(event, 'Vary', 'Accept');\n  return md;\n});\n`,
        lang: 'ts',
      },
    ];
  },
  openApiGeneration: generateOpenApiFromCode,
};

/** How the detector knows Nuxt (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'framework',
  rank: 1,
  signals: [
    { kind: 'html', pattern: /window\.__NUXT__|id="__NUXT_DATA__"/, weight: STRONG, label: '__NUXT__ payload' },
    { kind: 'selector', selector: 'div#__nuxt', weight: STRONG, label: 'div#__nuxt' },
    { kind: 'html', pattern: /\/_nuxt\//, weight: MEDIUM, label: '/_nuxt/ assets' },
    { kind: 'html', pattern: /\sdata-v-[0-9a-f]{8}\b/, weight: WEAK, label: 'Vue data-v- attributes' },
  ],
};

const NUXT_CONFIGS = ['nuxt.config.ts', 'nuxt.config.js', 'nuxt.config.mjs'];
const NUXT_JS_CONFIGS = JS_EXT.map((e) => `nuxt.config.${e}`);

/** A Nuxt project: public/ (static/ in Nuxt 2) is served at the root; a robots module may generate robots.txt. */
const project: ProjectShape = {
  specificity: 2,
  deps: ['nuxt'],
  files: ['nuxt.config.ts', 'nuxt.config.js'],
  staticDir: (p) => (/^[\^~]?2\./.test(p.deps.nuxt ?? '') ? 'static' : 'public'),
  starterStaticDir: 'public',
  headFile: 'nuxt.config (app.head)',
  bodyFile: 'app.vue (or layouts/default.vue)',
  configFiles: NUXT_CONFIGS,
  // Nuxt 3's `site.url` (nuxt-site-config), else `sitemap.hostname` (@nuxtjs/sitemap, the Nuxt 2 way).
  origin: (p) =>
    originFrom(NUXT_JS_CONFIGS, 'site.url', (t) => ({ url: jsLiteral(stripJsComments(t), 'url', 'site') }))(p) ??
    originFrom(NUXT_JS_CONFIGS, 'sitemap.hostname', (t) => ({ url: jsLiteral(stripJsComments(t), 'hostname', 'sitemap') }))(p),
  robotsSource(read) {
    const config = NUXT_CONFIGS.find((f) => /['"](@nuxtjs\/robots|nuxt-simple-robots|@nuxtjs\/seo)['"]/.test(read(f) ?? ''));
    return config ? { kind: 'manual', where: `the robots module's options in ${config} (it generates /robots.txt): add these rules there` } : null;
  },
};

export const nuxt: PlatformPack = {
  id: 'nuxt',
  label: 'Nuxt',
  fingerprint,
  hooks,
  project,
  serveFile({ spec, path, file, headers, create }) {
    const handler = `  ${Object.entries(headers)
      .map(([k, v]) => `setHeader(event, ${jsString(k)}, ${jsString(v)});`)
      .join('\n  ')}\n  return ${jsTemplate(spec.content)};`;
    if (hasDotSegment(path)) {
      const name = file.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      return [
        create,
        {
          title: `Serve it from a server handler registered for ${path}`,
          body: 'File scanning can skip dot folders under server/routes (nuxt/nuxt#13237); a handler registered in nuxt.config answers the path either way.',
          code:
            `// server/handlers/${name}.ts\nexport default defineEventHandler((event) => {\n${handler}\n}` +
            `);\n\n// nuxt.config.ts (merge into your existing config)\nexport default defineNuxtConfig({\n  ` +
            `serverHandlers: [{ route: ${jsString(path)}, handler: ${jsString(`~~/server/handlers/${name}.ts`)} }],\n});\n`,
          lang: 'ts',
        },
      ];
    }
    return [
      create,
      {
        title: `Serve it from a Nitro server route (server/routes/${file}.ts)`,
        code: `// server/routes/${file}.ts\nexport default defineEventHandler((event) => {\n${handler}\n});\n`,
        lang: 'ts',
      },
    ];
  },
  addHeader: ({ name, value, path, all }) => [
    {
      title: 'Add the header with routeRules',
      code:
        `// nuxt.config.ts\nexport default defineNuxtConfig({\n` +
        `  routeRules: { ${jsString(all ? '/**' : path)}: { headers: { ${jsString(name)}: ${jsString(value)} } } },\n});\n`,
      lang: 'ts',
    },
  ],
};

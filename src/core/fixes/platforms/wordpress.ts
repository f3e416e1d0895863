/** WordPress: a must-use plugin answers a path or sends a header; SEO plugins manage robots.txt and llms.txt. */
import { phpNowdoc, phpString } from '../escape.js';
import { robotsLinesText } from '../robots-rules.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';
import type { ProjectShape } from './project-shape.js';

/** A PHP nowdoc of robots.txt lines (no interpolation). */
function phpHeredoc(s: string): string {
  return `<<<'EOT'\n${s.replace(/\n$/, '')}\nEOT`;
}

const LLMS_NOTE =
  'Yoast SEO and All in One SEO can generate llms.txt from a setting (Yoast will not overwrite an existing ' +
  'file); the plugin below serves exact content instead.';

const hooks: PlatformHooks = {
  robotsLines: (fx, rules) => [
    {
      title: "Add the lines to WordPress's virtual robots.txt",
      body:
        "Use your SEO plugin's robots.txt editor (Yoast: Tools → File editor; Rank Math: General Settings → Edit " +
        'robots.txt; AIOSEO: Tools → Robots.txt Editor), or append them with the robots_txt filter (a mu-plugin or ' +
        'functions.php):',
      code: `<?php\nadd_filter('robots_txt', function ($output) {\n  return $output . "\\n" . ${phpHeredoc(robotsLinesText(rules))} . "\\n";\n}, 99);\n`,
      lang: 'php',
    },
  ],
  sitemap(fx) {
    return [
      {
        title: 'Turn on a sitemap in WordPress',
        body:
          'WordPress 5.5+ serves /wp-sitemap.xml by itself unless a plugin or theme disabled it. With an SEO plugin, ' +
          'enable its sitemap instead: Yoast (SEO → Settings → Site features → XML sitemaps, /sitemap_index.xml), Rank ' +
          'Math (Sitemap Settings, /sitemap_index.xml) or AIOSEO (Sitemaps, /sitemap.xml). Then check that "Discourage ' +
          'search engines" is off (Settings → Reading).',
      },
    ];
  },
  llmsTxt(fx, file) {
    const full = file === 'llms-full.txt';
    return [
      {
        title: `Generate ${file} with your SEO plugin`,
        body: full
          ? 'AIOSEO generates llms-full.txt next to llms.txt (All in One SEO → General Settings → llms.txt). Yoast ' +
            'generates llms.txt only; add llms-full.txt with a plugin or a static file in the web root.'
          : 'Yoast SEO: SEO → Settings → Site features → llms.txt (regenerated weekly; it will not overwrite a file you ' +
            'uploaded). AIOSEO: All in One SEO → General Settings → llms.txt. Without those, upload a static llms.txt to ' +
            'the web root.',
      },
    ];
  },
  markdownUrls(fx) {
    return [
      {
        title: 'Use a Markdown export plugin',
        body:
          'Pick a plugin that serves posts and pages as Markdown at their URL plus .md (several "LLM-friendly" plugins ' +
          'do), or convert at the edge with Cloudflare.',
      },
    ];
  },
  structuredData(fx) {
    return [
      {
        title: 'Let your SEO plugin emit it',
        body:
          'Yoast, Rank Math and AIOSEO output a JSON-LD @graph (Organization, WebSite, WebPage, Article) once the site ' +
          'representation is filled in (Yoast: Settings → Site representation). WooCommerce adds Product markup on ' +
          'product pages.',
      },
    ];
  },
  markdownNegotiation(fx, edge) {
    return [
      {
        title: 'Use a Markdown plugin or the edge',
        body:
          'WordPress has no native Markdown output. Use a plugin that serves Markdown versions of posts on Accept: ' +
          'text/markdown (or .md URLs), or enable Cloudflare Markdown for Agents in front of the site.',
      },
      edge,
    ];
  },
  sitemapPath: '/wp-sitemap.xml',
  pageHints: (fx, { tags }) => ({
    title: 'In WordPress, print them from wp_head',
    code: `<?php\nadd_action('wp_head', function () {\n  echo ${phpString(tags + '\n')};\n});\n`,
    lang: 'php',
  }),
  userAgentBlockers:
    'WordPress: security and "block AI crawlers" plugins (Wordfence, All In One WP Security, Dark Visitors and the ' +
    'like) refuse these user agents; check their bot or firewall settings.',
  webMcpRegistration: (fx, imperative) => ({
    title: 'Print the registration script in the footer (functions.php or a mu-plugin)',
    code: `<?php\nadd_action('wp_footer', function () { ?>\n<script>\n${imperative}</script>\n<?php });\n`,
    lang: 'php',
  }),
  openApiGeneration: () => [
    {
      title: 'WordPress REST API',
      body: 'The REST API describes itself at /wp-json/ (not OpenAPI); a plugin such as "WP OpenAPI" publishes an OpenAPI document for it.',
    },
  ],
  productData: () => [
    {
      title: 'Let WooCommerce (or your SEO plugin) output Product markup',
      body:
        'WooCommerce emits Product JSON-LD on single product pages; make sure no plugin or theme setting disables it, ' +
        'and that every product has a price and stock status. Yoast WooCommerce SEO and Rank Math enrich it.',
    },
  ],
};

/** How the detector knows WordPress (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'cms',
  rank: 2,
  signals: [
    { kind: 'generator', pattern: /^WordPress/i, weight: STRONG, label: 'meta generator WordPress' },
    { kind: 'header', name: 'link', pattern: /rel="?https:\/\/api\.w\.org\/"?/, weight: STRONG, label: 'Link rel="https://api.w.org/" header' },
    { kind: 'selector', selector: 'link[rel="https://api.w.org/"]', weight: STRONG, label: 'link rel="https://api.w.org/"' },
    { kind: 'html', pattern: /\/wp-content\/|\/wp-includes\//, weight: MEDIUM, label: '/wp-content/ assets' },
    { kind: 'html', pattern: /wp-embed(\.min)?\.js/, weight: MEDIUM, label: 'wp-embed script' },
    { kind: 'header', name: 'x-pingback', pattern: /xmlrpc\.php/, weight: MEDIUM, label: 'X-Pingback xmlrpc.php' },
    { kind: 'html', pattern: /class="[^"]*\bwp-block-/, weight: WEAK, label: 'wp-block classes' },
    { kind: 'html', pattern: /\/\/(s|i)[0-3]\.wp\.com\//, weight: WEAK, label: '*.wp.com assets' },
  ],
};

/** A WordPress install: recognised, but it publishes through its admin and plugins, not project files. */
const project: ProjectShape = { specificity: 1, files: ['wp-config.php', 'wp-content'], staticDir: null };

export const wordpress: PlatformPack = {
  id: 'wordpress',
  label: 'WordPress',
  fingerprint,
  hooks,
  project,
  managedFiles: {
    '/robots.txt':
      'WordPress serves a virtual robots.txt: your SEO plugin can edit it (Yoast: Yoast SEO → Tools → File editor; ' +
      'Rank Math: General Settings → Edit robots.txt; AIOSEO: Tools → Robots.txt Editor), or a real robots.txt file ' +
      'in the web root replaces it.',
    '/llms.txt': LLMS_NOTE,
    '/llms-full.txt': LLMS_NOTE,
  },
  serveFile({ spec, path, file, headers, create }) {
    const { open, close } = phpNowdoc(spec.content);
    const slug = file.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    return [
      create,
      {
        title: 'Serve it from a must-use plugin',
        body:
          'WordPress routes unknown paths to PHP, so a small mu-plugin can answer the path with the right type. Check ' +
          'that your server does not deny dot-paths such as /.well-known (a common nginx rule).',
        code: `<?php
// wp-content/mu-plugins/ai-ready-${slug}.php
add_action('parse_request', function () {
  if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) !== ${phpString(path)}) return;
${Object.entries(headers)
  .map(([k, v]) => `  header(${phpString(`${k}: ${v}`)});\n`)
  .join('')}  echo ${open}
${spec.content}
${close};
  exit;
});
`,
        lang: 'php',
      },
    ];
  },
  addHeader: ({ name, value, path, all }) => [
    {
      title: 'Send the header from WordPress (a mu-plugin or functions.php)',
      code:
        `<?php\n// wp-content/mu-plugins/ai-ready-headers.php\nadd_action('send_headers', function () ` +
        `{\n${all ? '' : `  if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) !== ${phpString(path)}) return;\n`}  ` +
        `header(${phpString(`${name}: ${value}`)}, false);\n});\n`,
      lang: 'php',
    },
  ],
};

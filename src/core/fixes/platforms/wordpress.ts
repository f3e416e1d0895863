/** WordPress: a must-use plugin answers a path or sends a header; SEO plugins manage robots.txt and llms.txt. */
import { phpNowdoc, phpString } from '../escape.js';
import type { PlatformPack } from './types.js';

const LLMS_NOTE =
  'Yoast SEO and All in One SEO can generate llms.txt from a setting (Yoast will not overwrite an existing file); the plugin below serves exact content instead.';

export const wordpress: PlatformPack = {
  id: 'wordpress',
  managedFiles: {
    '/robots.txt':
      'WordPress serves a virtual robots.txt: your SEO plugin can edit it (Yoast: Yoast SEO → Tools → File editor; Rank Math: General Settings → Edit robots.txt; AIOSEO: Tools → Robots.txt Editor), or a real robots.txt file in the web root replaces it.',
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
        body: 'WordPress routes unknown paths to PHP, so a small mu-plugin can answer the path with the right type. Check that your server does not deny dot-paths such as /.well-known (a common nginx rule).',
        code: `<?php
// wp-content/mu-plugins/ai-ready-${slug}.php
add_action('parse_request', function () {
  if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) !== ${phpString(path)}) return;
${Object.entries(headers).map(([k, v]) => `  header(${phpString(`${k}: ${v}`)});\n`).join('')}  echo ${open}
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
      code: `<?php\n// wp-content/mu-plugins/ai-ready-headers.php\nadd_action('send_headers', function () {\n${all ? '' : `  if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) !== ${phpString(path)}) return;\n`}  header(${phpString(`${name}: ${value}`)}, false);\n});\n`,
      lang: 'php',
    },
  ],
};

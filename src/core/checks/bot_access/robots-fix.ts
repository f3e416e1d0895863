/**
 * Where robots.txt lines are added on each platform (catalog §6.5), shared by B1, B2 and B5.
 * Unlike serveFileSteps, these steps add lines to an existing robots.txt instead of replacing it.
 */
import type { FixStep } from '../../schema.js';
import type { FixContext } from '../types.js';
import { fixTarget } from '../../fixes/platform-steps.js';

export interface RobotsLinesSpec {
  /** The robots.txt lines to add. */
  snippet: string;
  /** Whether the lines are only access rules (Next.js app/robots.ts can express them), or extra fields it cannot. */
  rulesOnly: boolean;
  /** The same rules as a Next.js MetadataRoute.Robots `rules` array literal (when rulesOnly). */
  nextRules?: string;
  /** @nuxtjs/robots config for the same lines (nuxt.config.ts `robots` key content). */
  nuxtConfig: string;
  /** What Squarespace offers for this, if anything. */
  squarespace: string;
  /** What Cloudflare's managed robots.txt does for this. */
  cloudflare: string;
}

function phpHeredoc(s: string): string {
  return `<<<'EOT'\n${s.replace(/\n$/, '')}\nEOT`;
}

/** Platform step(s) that add `spec.snippet` to the site's robots.txt. */
export function robotsLinesSteps(fx: FixContext, spec: RobotsLinesSpec): FixStep[] {
  const target = fixTarget(fx);
  const steps: FixStep[] = [];
  switch (target) {
    case 'wordpress':
    case 'woocommerce':
      steps.push({
        title: 'Add the lines to WordPress\'s virtual robots.txt',
        body: 'Use your SEO plugin\'s robots.txt editor (Yoast: Tools → File editor; Rank Math: General Settings → Edit robots.txt; AIOSEO: Tools → Robots.txt Editor), or append them with the robots_txt filter (a mu-plugin or functions.php):',
        code: `<?php\nadd_filter('robots_txt', function ($output) {\n  return $output . "\\n" . ${phpHeredoc(spec.snippet)} . "\\n";\n}, 99);\n`,
        lang: 'php',
      });
      break;
    case 'shopify':
      steps.push({
        title: 'Append the lines in templates/robots.txt.liquid',
        body: 'Online Store → Themes → Edit code → Add a new template → robots.txt. Keep Shopify\'s default groups (the loop) and add your lines after it:',
        code: `{% for group in robots.default_groups %}\n  {{- group.user_agent }}\n  {%- for rule in group.rules %}\n    {{ rule }}\n  {%- endfor %}\n  {%- if group.sitemap != blank %}\n    {{ group.sitemap }}\n  {%- endif %}\n{% endfor %}\n\n${spec.snippet}`,
        lang: 'liquid',
      });
      break;
    case 'squarespace':
      steps.push({ title: 'Squarespace generates robots.txt (it cannot be edited)', body: spec.squarespace });
      break;
    case 'nuxt':
      steps.push({
        title: 'Configure @nuxtjs/robots',
        body: '@nuxtjs/robots (≥5.6) writes groups, Content-Signal and Content-Usage lines for you:',
        code: `// nuxt.config.ts\nexport default defineNuxtConfig({\n  modules: ['@nuxtjs/robots'],\n  robots: ${spec.nuxtConfig},\n});\n`,
        lang: 'ts',
      });
      break;
    case 'nextjs':
      if (spec.rulesOnly && spec.nextRules) {
        steps.push({
          title: 'Add the groups in app/robots.ts',
          code: `import type { MetadataRoute } from 'next';\n\nexport default function robots(): MetadataRoute.Robots {\n  return {\n    rules: ${spec.nextRules},\n    sitemap: '${fx.origin}/sitemap.xml',\n  };\n}\n`,
          lang: 'ts',
        });
      } else {
        steps.push({
          title: 'Serve robots.txt from a route handler (app/robots.txt/route.ts)',
          body: 'MetadataRoute.Robots cannot write these lines; replace app/robots.ts with a route handler that returns the full file, including:',
          code: `// app/robots.txt/route.ts\nconst body = \`User-agent: *\nAllow: /\n${spec.snippet.replace(/`/g, '\\`')}\nSitemap: ${fx.origin}/sitemap.xml\n\`;\n\nexport function GET() {\n  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });\n}\n`,
          lang: 'ts',
        });
      }
      break;
    default:
      steps.push({
        title: 'Add the lines to /robots.txt',
        body: 'Edit the robots.txt at your site root (static/ or public/ folder, or the web root) and add:',
        code: spec.snippet,
        lang: 'text',
      });
  }
  if (fx.hosting.includes('cloudflare') || target === 'cloudflare' || target === 'squarespace') {
    steps.push({ title: 'Or let Cloudflare manage robots.txt', body: spec.cloudflare });
  }
  return steps;
}

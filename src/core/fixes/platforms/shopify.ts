/** Shopify: theme templates answer a few paths; anything else goes through Cloudflare in front. */
import { liquidRaw } from '../escape.js';
import { CLOUDFLARE_FALLBACK, headersAtCloudflare, workerStep } from './shared.js';
import type { PlatformPack } from './types.js';

/** Theme templates that answer these paths (robots.txt.liquid; llms and agents.md since 2026). */
const TEMPLATES: Record<string, string> = {
  '/robots.txt': 'templates/robots.txt.liquid',
  '/llms.txt': 'templates/llms.txt.liquid',
  '/llms-full.txt': 'templates/llms-full.txt.liquid',
  '/agents.md': 'templates/agents.md.liquid',
};

export const shopify: PlatformPack = {
  id: 'shopify',
  serveFile({ spec, path, create }) {
    const template = TEMPLATES[path.toLowerCase()];
    if (template) {
      return [
        create,
        {
          title: `Override it with ${template}`,
          body: `Online Store → Themes → Edit code → add the ${template} template. {% raw %} keeps Liquid from interpreting the content.`,
          code: liquidRaw(spec.content),
          lang: 'liquid',
        },
      ];
    }
    return [
      create,
      workerStep(
        'Shopify cannot serve arbitrary paths',
        `Merchants cannot add ${path} or custom response headers on Shopify itself (robots.txt, llms.txt and agents.md have theme templates; /.well-known/ucp is served by Shopify). ${CLOUDFLARE_FALLBACK}`,
        spec,
      ),
    ];
  },
  addHeader: headersAtCloudflare('shopify'),
};

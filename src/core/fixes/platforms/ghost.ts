/** Ghost: the nginx in front of a self-hosted install, or Cloudflare for Ghost(Pro). */
import { CLOUDFLARE_FALLBACK, nginxHeader, nginxServe } from './shared.js';
import type { PlatformPack } from './types.js';
import { STRONG, MEDIUM, WEAK, type PlatformFingerprint } from '../../platform/signals.js';

/** How the detector knows Ghost (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'cms',
  rank: 2,
  signals: [
    { kind: 'generator', pattern: /^Ghost/i, weight: STRONG, label: 'meta generator Ghost' },
    { kind: 'header', name: 'x-ghost-cache-status', weight: STRONG, label: 'X-Ghost-Cache-Status header' },
    { kind: 'selector', selector: 'script[data-ghost]', weight: STRONG, label: 'Ghost Portal script' },
    { kind: 'html', pattern: /\/ghost\/api\/(content|admin)\//, weight: MEDIUM, label: '/ghost/api/ URLs' },
    { kind: 'html', pattern: /\/content\/images\//, weight: WEAK, label: '/content/images/ paths' },
    { kind: 'html', pattern: /class="[^"]*\bgh-(head|canvas|navigation|outer|inner|portal)/, weight: WEAK, label: 'gh- classes' },
  ],
};

export const ghost: PlatformPack = {
  id: 'ghost',
  label: 'Ghost',
  fingerprint,
  managedFiles: { '/robots.txt': 'Ghost serves robots.txt from the root of the active theme: add the file to the theme and upload it.' },
  serveFile: ({ spec, file, create }) => [
    create,
    {
      title: 'Serve it from the nginx in front of Ghost (self-hosted) or a Worker (Ghost(Pro))',
      body:
        `Ghost itself serves only theme routes. A Ghost-CLI install runs behind nginx: save the file as ` +
        `/var/www/ghost/static/${file} and add this location to the site config. On Ghost(Pro): ${CLOUDFLARE_FALLBACK}`,
      code: nginxServe(spec, '/var/www/ghost/static'),
      lang: 'nginx',
    },
  ],
  addHeader: ({ name, value, path }) => [
    {
      title: 'Add the header in the nginx in front of Ghost (self-hosted) or at Cloudflare (Ghost(Pro))',
      body: 'Ghost has no setting for custom response headers.',
      code: nginxHeader(name, value, path),
      lang: 'nginx',
    },
  ],
};

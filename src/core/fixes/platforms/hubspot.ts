/** HubSpot CMS: a hosted builder. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';

export const hubspot: PlatformPack = hostedBuilder('hubspot', { managedFiles: { '/robots.txt': 'HubSpot: Settings → Website → Pages → SEO & Crawlers → robots.txt.' } });

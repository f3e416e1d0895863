import type { CheckModule } from '../types.js';
import { d1RobotsTxt } from './d1-robots-txt.js';
import { d2Sitemap } from './d2-sitemap.js';
import { d3LinkHeaders } from './d3-link-headers.js';
import { d4LlmsTxt } from './d4-llms-txt.js';
import { d5LlmsFullTxt } from './d5-llms-full-txt.js';
import { d6InPageHints } from './d6-in-page-hints.js';
import { d7DnsAid } from './d7-dns-aid.js';

export const discoverabilityChecks: CheckModule<any>[] = [d1RobotsTxt, d2Sitemap, d3LinkHeaders, d4LlmsTxt, d5LlmsFullTxt, d6InPageHints, d7DnsAid];

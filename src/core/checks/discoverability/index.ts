import type { CheckModule } from '../types.js';
import { d1RobotsTxt } from './d1-robots-txt.js';
import { d2Sitemap } from './d2-sitemap.js';
import { d3LinkHeaders } from './d3-link-headers.js';

export const discoverabilityChecks: CheckModule<any>[] = [d1RobotsTxt, d2Sitemap, d3LinkHeaders];

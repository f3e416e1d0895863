import { d1RobotsTxt } from './d1-robots-txt.js';

export const discoverabilityChecks = [d1RobotsTxt];

/** Salesforce Commerce Cloud: a hosted store. */
import { hostedBuilder } from './shared.js';
import type { PlatformPack } from './types.js';

export const sfcc: PlatformPack = hostedBuilder('sfcc');

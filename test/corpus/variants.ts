/** The verdict corpus table: every variant, grouped by dimension (see docs/verdict-corpus.md). */
import type { Variant } from './types.js';
import { discoverability } from './sites/discoverability.js';
import { content } from './sites/content.js';
import { botAccess } from './sites/bot-access.js';
import { capabilities } from './sites/capabilities.js';
import { commerce } from './sites/commerce.js';
import { agentDiscovery } from './sites/agent-discovery.js';
import { a2aSkillsNewest } from './sites/a2a-skills-newest.js';
import { newestDiscovery } from './sites/newest-discovery.js';

export const VARIANTS: Variant[] = [
  ...discoverability,
  ...content,
  ...botAccess,
  ...capabilities,
  ...agentDiscovery,
  ...a2aSkillsNewest,
  ...newestDiscovery,
  ...commerce,
];

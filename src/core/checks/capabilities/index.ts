import type { CheckModule } from '../types.js';
import { a6AgentSkills } from './a6-agent-skills.js';
import { a7WebMcp } from './a7-webmcp.js';

export const capabilitiesChecks: CheckModule<any>[] = [
  a6AgentSkills,
  a7WebMcp,
];

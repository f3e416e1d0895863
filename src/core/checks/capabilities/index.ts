import type { CheckModule } from '../types.js';
import { a6AgentSkills } from './a6-agent-skills.js';

export const capabilitiesChecks: CheckModule<any>[] = [
  a6AgentSkills,
];

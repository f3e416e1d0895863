import type { CheckModule } from '../types.js';

export const capabilitiesChecks: CheckModule<any>[] = [];

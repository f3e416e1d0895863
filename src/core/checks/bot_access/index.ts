import type { CheckModule } from '../types.js';

export const botAccessChecks: CheckModule<any>[] = [];

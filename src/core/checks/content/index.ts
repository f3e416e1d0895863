import type { CheckModule } from '../types.js';

export const contentChecks: CheckModule<any>[] = [];

import type { CheckModule } from '../types.js';

export const commerceChecks: CheckModule<any>[] = [];

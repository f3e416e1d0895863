/** The registry: every check module, in report order. The rubric is derived from this list. */
import type { CheckModule } from './types.js';
import { discoverabilityChecks } from './discoverability/index.js';
import { contentChecks } from './content/index.js';
import { botAccessChecks } from './bot_access/index.js';
import { capabilitiesChecks } from './capabilities/index.js';
import { commerceChecks } from './commerce/index.js';

export const CHECKS: ReadonlyArray<CheckModule<any>> = [
  ...discoverabilityChecks,
  ...contentChecks,
  ...botAccessChecks,
  ...capabilitiesChecks,
  ...commerceChecks,
];

export function findCheck(id: string): CheckModule<any> | undefined {
  const want = id.trim().toUpperCase();
  return CHECKS.find((c) => c.meta.id === want);
}

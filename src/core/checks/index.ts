/** The registry: every check module, in report order. The rubric is derived from this list. */
import type { CheckModule } from './types.js';
import { discoverabilityChecks } from './discoverability/index.js';
import { contentChecks } from './content/index.js';
import { botAccessChecks } from './bot_access/index.js';
import { capabilitiesChecks } from './capabilities/index.js';
import { commerceChecks } from './commerce/index.js';
import { registerOfferedLinks } from '../fixes/agent-links.js';
import { withRendered } from './with-rendered.js';
import { domRenderedHook } from './dom-rendered.js';

/** A check as the engine runs it: with the rendered reading it declares (its codes join meta.codes). */
export function wired(check: CheckModule<any>): CheckModule<any> {
  if (!check.rendered) return check;
  return withRendered(check, check.rendered === 'dom' ? domRenderedHook(check) : check.rendered);
}

export const CHECKS: ReadonlyArray<CheckModule<any>> = [
  ...discoverabilityChecks,
  ...contentChecks,
  ...botAccessChecks,
  ...capabilitiesChecks,
  ...commerceChecks,
].map(wired);

// The links checks offer (meta.offers.link) reach the D3 and D6 guides through fixes/agent-links.ts.
registerOfferedLinks(CHECKS);

export function findCheck(id: string): CheckModule<any> | undefined {
  const want = id.trim().toUpperCase();
  return CHECKS.find((c) => c.meta.id === want);
}

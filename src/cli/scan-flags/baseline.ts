/** Baselines: save one, compare with one, gate on a drop (cli/baseline.ts). */
import { defineFlag, toNumber } from './define.js';

export const saveBaseline = defineFlag({
  name: 'saveBaseline',
  option: '--save-baseline <file>',
  help: 'save scores and check statuses as a baseline',
  value: ({ z }) => z.string(),
});

export const baseline = defineFlag({
  name: 'baseline',
  option: '--baseline <file>',
  help: 'compare with a saved baseline',
  value: ({ z }) => z.string().min(1),
  config: true,
});

/** Needs a baseline: scan-settings.ts holds that rule. */
export const failOnRegression = defineFlag({
  name: 'failOnRegression',
  option: '--fail-on-regression <points>',
  help: 'with --baseline: exit 1 when the score dropped by more than this',
  value: ({ z }) => z.number().min(0).max(100),
  fromText: toNumber,
  config: true,
});

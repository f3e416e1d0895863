/**
 * YAML behind the nesting cap (OpenAPI files and SKILL.md front matter). The `yaml` package is
 * bundled into dist (tsup.config.ts) and loads with the check modules, which scan() imports while
 * the page request is on the wire: no probe waits on it.
 */
import { parse as parseYaml } from 'yaml';
import { MAX_STRUCTURE_DEPTH, NestingTooDeepError, yamlNestingDepth } from './nesting.js';

/**
 * YAML.parse behind the nesting cap: the `yaml` package recurses per level and overflows the stack
 * near 1,000 levels (slowly), so deeper texts are refused before it sees them.
 */
export function parseYamlBounded(text: string, maxAliasCount: number): unknown {
  if (yamlNestingDepth(text, MAX_STRUCTURE_DEPTH) > MAX_STRUCTURE_DEPTH) throw new NestingTooDeepError(MAX_STRUCTURE_DEPTH);
  // logLevel error: errors still throw, but site-made warnings are not printed to stderr.
  return parseYaml(text, { maxAliasCount, logLevel: 'error' });
}

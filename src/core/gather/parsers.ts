/**
 * Parsers that only some probes need (YAML for OpenAPI files and SKILL.md front matter, XML for
 * sitemaps), loaded on first use instead of with the engine. `warmParsers()` loads them while
 * the scan waits on the network, so neither the first request nor a parse waits for module loading.
 */
import { createRequire } from 'node:module';
import { MAX_STRUCTURE_DEPTH, NestingTooDeepError, yamlNestingDepth } from './nesting.js';

type Yaml = typeof import('yaml');
type FastXmlParser = typeof import('fast-xml-parser');

const require = createRequire(import.meta.url);
let yaml: Yaml | undefined;
let xml: FastXmlParser | undefined;

export function yamlModule(): Yaml {
  return (yaml ??= require('yaml') as Yaml);
}

export function xmlModule(): FastXmlParser {
  return (xml ??= require('fast-xml-parser') as FastXmlParser);
}

/**
 * YAML.parse behind the nesting cap: the `yaml` package recurses per level and overflows the stack
 * near 1,000 levels (slowly), so deeper texts are refused before it sees them.
 */
export function parseYamlBounded(text: string, maxAliasCount: number): unknown {
  if (yamlNestingDepth(text, MAX_STRUCTURE_DEPTH) > MAX_STRUCTURE_DEPTH) throw new NestingTooDeepError(MAX_STRUCTURE_DEPTH);
  // logLevel error: errors still throw, but site-made warnings are not printed to stderr.
  return yamlModule().parse(text, { maxAliasCount, logLevel: 'error' });
}

export function warmParsers(): void {
  yamlModule();
  xmlModule();
}

/**
 * Parsers that only some probes need (YAML for OpenAPI files and SKILL.md front matter, XML for
 * sitemaps). Both are bundled into dist (tsup.config.ts) and reach the process with the check
 * modules, which scan() imports while the page request is on the wire: no probe waits on them.
 */
import * as yaml from 'yaml';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MAX_STRUCTURE_DEPTH, NestingTooDeepError, yamlNestingDepth } from './nesting.js';

type Yaml = typeof import('yaml');
/** Only what the sitemap check reads: named imports leave the XML builder out of the bundle. */
type FastXmlParser = Pick<typeof import('fast-xml-parser'), 'XMLParser' | 'XMLValidator'>;

const xml: FastXmlParser = { XMLParser, XMLValidator };

export function yamlModule(): Yaml {
  return yaml;
}

export function xmlModule(): FastXmlParser {
  return xml;
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

/** Kept for callers of the earlier lazy loader: the parsers now load with this module. */
export function warmParsers(): void {}

/**
 * Parsers that only some probes need (YAML for OpenAPI files and SKILL.md front matter, XML for
 * sitemaps), loaded on first use instead of with the engine. `warmParsers()` loads them while
 * the scan waits on the network, so neither the first request nor a parse waits for module loading.
 */
import { createRequire } from 'node:module';

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

export function warmParsers(): void {
  yamlModule();
  xmlModule();
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { openApiBaseUrl, openApiOperations, parseOpenApiText, readOpenApi } from '../../src/core/gather/openapi.js';
import { isObject } from '../../src/core/gather/classify.js';
import { response } from '../helpers/responses.js';
import { RUNS, textFrom, valueDepth } from './arbitraries.js';

const KEYS = [
  'openapi',
  'swagger',
  'info',
  'paths',
  'servers',
  'url',
  'host',
  'basePath',
  'schemes',
  'get',
  'post',
  'responses',
  'components',
  'x-payment-info',
  '$ref',
  '/a',
  '/b/{id}',
];
const docish = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('3.1.0', '2.0', '9', 'https://x.test/v1', '{scheme}://x', 'http://[', '', 'https'),
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 5 }),
  ),
})).value;

const candidate = { url: 'https://x.test/openapi', source: 'link-header' as const };
const read = (body: string, ct: string, path = '/openapi.json') => readOpenApi(response({ url: path, headers: { 'content-type': ct }, body }), candidate);

/** The parser's message when the reader found the text unparsable. */
const unparsable = (r: ReturnType<typeof read>) => {
  const issue = r.issues?.[0];
  return issue?.kind === 'unparsable' ? issue.error : undefined;
};

describe('OpenAPI reader, fuzzed', () => {
  it('JSON and YAML renderings of document-like values: never throws; operations bounded; base URL absolute', () => {
    fc.assert(
      fc.property(docish, fc.boolean(), (v, yaml) => {
        const body = yaml ? YAML.stringify(v) : JSON.stringify(v);
        const r = read(body, yaml ? 'application/yaml' : 'application/json', yaml ? '/openapi.yaml' : '/openapi.json');
        if (r.document) {
          expect(openApiOperations(r.document.doc).length).toBeLessThanOrEqual(2000);
          expect(new URL(openApiBaseUrl(r.document)).href).toBeTruthy();
          expect(r.document.pathCount).toBe(isObject(r.document.doc.paths) ? Object.keys(r.document.doc.paths).length : 0);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('hostile text in either syntax never throws; parsed values stay within the nesting cap', () => {
    const tokens = [
      'openapi: 3.1.0\n',
      'paths:\n',
      '  /a:\n',
      '    get: {}\n',
      '{',
      '}',
      '[',
      ']',
      '"',
      "'",
      ': ',
      '- ',
      '&a ',
      '*a',
      '<<: *a',
      '!!binary ',
      '|\n',
      '  ',
      '\n',
      '#',
      '{"openapi":"3.0.0","paths":{',
    ];
    fc.assert(
      fc.property(textFrom(tokens, 100), fc.constantFrom('application/yaml', 'application/json', 'text/plain'), (text, ct) => {
        const p = parseOpenApiText(response({ url: '/openapi.yaml', headers: { 'content-type': ct }, body: text }));
        if (p.ok) expect(valueDepth(p.value)).toBeLessThanOrEqual(128);
        else expect(p.error).not.toMatch(/call stack/);
        read(text, ct);
      }),
      { numRuns: RUNS },
    );
  });

  it('100,000-deep OpenAPI JSON and YAML are refused as too deep', () => {
    const n = 100_000;
    const json = `{"openapi":"3.1.0","paths":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`;
    expect(unparsable(read(json, 'application/json'))).toMatch(/nested more than 128 levels deep/);
    for (const yaml of [
      `openapi: 3.1.0\npaths: ${'['.repeat(n)}${']'.repeat(n)}`,
      `openapi: 3.1.0\npaths:\n${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i + 1)}a${i}:`).join('\n')} 1`,
      `openapi: 3.1.0\npaths:\n  ${'- '.repeat(n)}1`,
    ]) {
      expect(unparsable(read(yaml, 'application/yaml', '/openapi.yaml'))).toMatch(/nested more than 128 levels deep/);
    }
  });
});

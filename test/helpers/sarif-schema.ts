/**
 * A validator for the official SARIF 2.1.0 schema, vendored from the @microsoft/jest-sarif npm
 * package (lib/schemas/sarif-2.1.0-rtm.5.json). It is draft-04: its root "id" becomes "$id" for
 * ajv, and one of its patterns is not valid in unicode mode, hence unicodeRegExp: false.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** ajv with the standard formats (uri, date-time...), configured as the SARIF schema needs. */
export function formatAjv(): Ajv {
  return addFormats(new Ajv({ strict: false, allErrors: true, unicodeRegExp: false }));
}

export function sarifValidator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(new URL('../fixtures/sarif-2.1.0-rtm.5.schema.json', import.meta.url), 'utf8'));
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  return formatAjv().compile(schema);
}

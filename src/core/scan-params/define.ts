/**
 * A scan parameter, declared once: its ScanParams key and engine schema, and each spelling a face
 * has for it (the v1 query's text, the v1 body's JSON, the MCP scan tools' input, the CLI flag).
 * A face without a spelling does not take the parameter; no face names a key: each one reads its
 * spelling of every declared parameter through one generic function (./faces.ts).
 *
 * Declarations are plain data at load: every schema is a function that receives zod, so the CLI's
 * start-up and the worker threads, which read the registry, never load zod.
 */
import type * as Zod from 'zod';

export type Z = typeof Zod;

/** The MCP tools that scan (src/mcp/tools/scan-tools.ts). */
export type McpScanTool = 'scan_site' | 'check_site';

/** The other fields of the same request, parsed, for a spelling that folds one in (pages reads `scope`). */
export type Fields = Readonly<Record<string, unknown>>;

/** A value a face refuses with its own error shape: a 400 problem, a tool error, a usage error. */
export class ScanParamRefused extends Error {}

/** A wire spelling (query, body, MCP): its schema, the companion fields it folds in, how its value becomes the parameter's. */
export interface WireSpelling<Value, Sync extends boolean = true> {
  /** The wire schema; the parameter's own schema when absent (JSON types as they are). */
  schema?: (z: Z) => Zod.ZodType;
  /** Fields this spelling reads beside its own (e.g. `scope`), listed just before it; their schemas. */
  with?: Readonly<Record<string, (z: Z) => Zod.ZodType>>;
  /** The parsed wire value (and the request's other fields) as the parameter's value; undefined = not asked. Identity when absent. */
  read?: (value: never, fields: Fields) => Sync extends true ? Value | undefined : Value | undefined | Promise<Value | undefined>;
  /** The value a test sends in this spelling, when it is not the declaration's `example` (e.g. the query's text `1`). */
  example?: unknown;
}

export interface QuerySpelling<Value> extends WireSpelling<Value> {
  /** The query's text form (text in, a transform to the value); the parameter's own schema when it is text already. */
  schema?: (z: Z) => Zod.ZodType;
  /** What the text means, for /openapi.json (e.g. an integer), when it is not the schema's own input. */
  meaning?: (z: Z) => Zod.ZodType;
  /** The query parameter's description, when the meaning's does not say it (the text form's own words). */
  description?: string;
}

export interface McpSpelling<Value> extends WireSpelling<Value, false> {
  /** The tools that take it; every MCP scan tool when absent. */
  tools?: readonly McpScanTool[];
  /** The input's name when it is not the key (check_site's `checks`). */
  name?: string;
  /** The tool cannot be called without it. */
  required?: boolean;
}

/** The CLI flag of a parameter (`ai-ready scan`, its config-file key and, with `fix`, `ai-ready fix`). */
export interface CliSpelling<Value, Default extends Value | undefined = Value | undefined, Fix extends boolean = boolean> {
  /** commander's spelling, e.g. `--pages <n>`. */
  option: string;
  help: string;
  /** The flag's schema when it is not the parameter's (the CLI's own range). */
  schema?: (z: Z) => Zod.ZodType;
  /** The typed text as the value the schema checks (a number, a list); identity when absent. */
  fromText?: (text: string) => unknown;
  /** When neither the command line nor the config file gives it. */
  default?: Default;
  /** Checks and normalises the value after the schema (throws ScanParamRefused). */
  settle?: (value: Value, spelling: string) => Value | Promise<Value>;
  /** The setting as the parameter's value; undefined = not asked (a switch left off). Identity when absent. */
  read?: (setting: Value) => Value | undefined;
  /** `ai-ready fix` takes the flag too, and its scans the value. */
  fix?: Fix;
}

export interface ScanParamInput<Key extends string, Schema extends Zod.ZodType, Default extends Zod.output<Schema> | undefined, Fix extends boolean> {
  key: Key;
  /** The ScanParams field the engine reads (without `.optional()`: every parameter is optional). */
  schema: (z: Z) => Schema;
  /** A value other than the default: test/core/scan-params-faces.test.ts drives every face that spells it with this value. */
  example: Zod.output<Schema>;
  query?: QuerySpelling<Zod.output<Schema>>;
  body?: WireSpelling<Zod.output<Schema>>;
  mcp?: McpSpelling<Zod.output<Schema>>;
  cli?: CliSpelling<Zod.output<Schema>, Default, Fix>;
}

/**
 * A declared parameter; its ScanParams type is the schema's output. `Default` and `Fix` carry the
 * CLI spelling's default and fix mark to the flags' types (cli/scan-flags/params.ts).
 */
export type ScanParam<
  Key extends string = string,
  Schema extends Zod.ZodType = Zod.ZodType,
  Default extends Zod.output<Schema> | undefined = Zod.output<Schema> | undefined,
  Fix extends boolean = boolean,
> = ScanParamInput<Key, Schema, Default, Fix>;

/** Declares one scan parameter: its own file, and one line in the registry (./index.ts). */
export function defineScanParam<
  const Key extends string,
  Schema extends Zod.ZodType,
  const Default extends Zod.output<Schema> | undefined = undefined,
  const Fix extends boolean = false,
>(input: ScanParamInput<Key, Schema, Default, Fix>): ScanParam<Key, Schema, Default, Fix> {
  return input;
}

/** The ScanParams value type of a declaration. */
export type ValueOf<P> = P extends ScanParam<string, infer Schema> ? Zod.output<Schema> : never;

/** Text to number where it is one; otherwise the text, so the schema refuses it with the text shown. */
export function toNumber(text: string): number | string {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
}

/** `a, b,,c` -> ['a', 'b', 'c'] */
export function toList(text: string): string[] {
  return text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

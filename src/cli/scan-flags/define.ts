/**
 * A scan flag, declared once: its commander spelling and help, the zod schema of its value (the
 * ranges and names that both the command line and the config file are held to), the config-file
 * key when the file takes it, its default, and how the typed text becomes a value. The commander
 * options of `scan` and `demo`, the config file's schema and the flag > config > default
 * resolution are derived from a list of these (scan-flags/index.ts).
 *
 * Declarations are plain data at load: a schema is built by a function that receives zod only
 * when a value is validated, so building commander's options (every `ai-ready scan` start-up)
 * never loads zod.
 */
import type * as Zod from 'zod';
/** What value schemas are built from: zod, given when a value is validated. */
export interface SchemaKit {
  z: typeof Zod;
}

export interface ScanFlagInput<Name extends string, Schema extends Zod.ZodType, Default, InConfig extends boolean> {
  /** camelCase: commander's attribute name, the config-file key and the settings field. */
  name: Name;
  /** commander's spelling, e.g. `--pages <n>`; absent for a setting only the config file holds. */
  option?: string;
  /** A function when the text names what only a help run loads (declared-checks.ts). */
  help?: string | (() => string);
  /** A second spelling for the same attribute, e.g. `--no-config` beside `--config <file>`. */
  negation?: { option: string; help: string };
  /** The value's schema; its ranges and names are also the usage error's "must be ...". */
  value: (kit: SchemaKit) => Schema;
  /** The typed text as the value the schema checks (a number, a list); identity when absent. */
  fromText?: (text: string) => unknown;
  /** The config file takes it under `name`. */
  config?: InConfig;
  /** When neither the command line nor the config file gives it. */
  default?: Default;
  /** Checks and normalises the value after the schema (e.g. check ids, which load the registry). */
  settle?: (value: Zod.output<Schema>, spelling: string) => Zod.output<Schema> | Promise<Zod.output<Schema>>;
}

export interface ScanFlag<Name extends string = string, Schema extends Zod.ZodType = Zod.ZodType, Setting = unknown, InConfig extends boolean = boolean>
  extends Omit<ScanFlagInput<Name, Schema, unknown, InConfig>, 'default' | 'settle'> {
  default?: Setting;
  settle?: (value: never, spelling: string) => unknown;
  /** Type-only: the settings field's type (the schema's output, `| undefined` without a default). */
  readonly __setting?: Setting;
}

/** Declares one flag; the settings type follows from its schema and default. */
export function defineFlag<
  const Name extends string,
  Schema extends Zod.ZodType,
  const InConfig extends boolean = false,
  const Default extends Zod.output<Schema> | undefined = undefined,
>(
  input: ScanFlagInput<Name, Schema, Default, InConfig>,
): ScanFlag<Name, Schema, Default extends undefined ? Zod.output<Schema> | undefined : Zod.output<Schema>, InConfig> {
  return input as ScanFlag<Name, Schema, Default extends undefined ? Zod.output<Schema> | undefined : Zod.output<Schema>, InConfig>;
}

/** The settings a list of flags resolves to: one field per flag. */
export type FlagSettings<Flags extends readonly ScanFlag[]> = {
  [F in Flags[number] as F['name']]: F extends ScanFlag<string, Zod.ZodType, infer Setting> ? Setting : never;
};

/** The config file a list of flags accepts: the flags with `config: true`, each optional. */
export type FlagConfig<Flags extends readonly ScanFlag[]> = {
  [F in Flags[number] as F extends ScanFlag<string, Zod.ZodType, unknown, true> ? F['name'] : never]?: F extends ScanFlag<string, infer Schema>
    ? Zod.output<Schema>
    : never;
} & { $schema?: string };

/** The raw values commander hands over: text for options with a value, booleans for switches. */
export type RawFlags<Flags extends readonly ScanFlag[]> = { [F in Flags[number] as F['name']]?: string | boolean };

/** `--max-scans` for `maxScans` when the flag has no spelling of its own (config-only keys). */
export function spellingOf(flag: ScanFlag): string {
  const long = flag.option?.match(/--[\w-]+/)?.[0];
  return long ?? flag.name;
}

export { toList, toNumber } from '../../core/scan-params/define.js';

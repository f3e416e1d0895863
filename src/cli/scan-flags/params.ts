/**
 * The flags of the scan parameters, built from their declarations (core/scan-params/): each
 * parameter with a CLI spelling is a flag named by its key, with its config-file key, its schema
 * (the parameter's, or the CLI's own range) and its settle, whose refusal is a usage error. No
 * line here per parameter: a new one with a `cli` spelling is a flag of `scan` (and of `fix` when
 * marked so), in the config file and in --help.
 */
import type * as Zod from 'zod';
import { SCAN_PARAMS, type DeclaredScanParam } from '../../core/scan-params/index.js';
import { ScanParamRefused, type CliSpelling, type ScanParam } from '../../core/scan-params/define.js';
import { UsageError } from '../usage-error.js';
import type { ScanFlag } from './define.js';

/** The settings field of a flag: the schema's output, `| undefined` without a default. */
type SettingOf<Schema extends Zod.ZodType, Default> = [Default] extends [undefined] ? Zod.output<Schema> | undefined : Zod.output<Schema>;

/** The flag a declared parameter has (never without a CLI spelling). */
type FlagOf<P> =
  P extends ScanParam<infer Key, infer Schema, infer Default>
    ? [NonNullable<P['cli']>] extends [never]
      ? never
      : ScanFlag<Key, Schema, SettingOf<Schema, Default>, true>
    : never;

/** The flags of a list of parameters, in its order, those without a flag (or, for fix, not marked `fix`) left out. */
type FlagsOf<Params extends readonly unknown[], Fix extends boolean> = Params extends readonly [infer Head, ...infer Rest]
  ? [FlagOf<Head>] extends [never]
    ? FlagsOf<Rest, Fix>
    : Fix extends true
      ? Head extends ScanParam<string, Zod.ZodType, unknown, true>
        ? [FlagOf<Head>, ...FlagsOf<Rest, Fix>]
        : FlagsOf<Rest, Fix>
      : [FlagOf<Head>, ...FlagsOf<Rest, Fix>]
  : [];

function flagOf(p: DeclaredScanParam, cli: CliSpelling<unknown, unknown>): ScanFlag {
  const settle = cli.settle;
  return {
    name: p.key,
    option: cli.option,
    help: cli.help,
    value: ({ z }) => (cli.schema ?? p.schema)(z),
    fromText: cli.fromText,
    config: true,
    default: cli.default,
    settle: settle
      ? async (value: never, spelling: string) => {
          try {
            return await settle(value, spelling);
          } catch (e) {
            if (e instanceof ScanParamRefused) throw new UsageError(e.message);
            throw e;
          }
        }
      : undefined,
  };
}

/** Each parameter with a flag, and its flag (one object: `fix` shares scan's). */
const FLAGGED = (SCAN_PARAMS as readonly DeclaredScanParam[]).flatMap((p) =>
  p.cli ? [{ fix: !!p.cli.fix, flag: flagOf(p, p.cli as CliSpelling<unknown, unknown>) }] : [],
);

/** `ai-ready scan`'s flags of the scan parameters, in the registry's order. */
export const PARAM_FLAGS = FLAGGED.map((f) => f.flag) as unknown as Readonly<FlagsOf<typeof SCAN_PARAMS, false>>;

/** `ai-ready fix`'s: the parameters its scans take (`fix: true`). */
export const FIX_PARAM_FLAGS = FLAGGED.filter((f) => f.fix).map((f) => f.flag) as unknown as Readonly<FlagsOf<typeof SCAN_PARAMS, true>>;

/** One parameter's flag, for a command that uses it for its own purpose (fix's --only picks fixes). */
export function paramFlag<const Key extends DeclaredScanParam['key']>(key: Key): FlagOf<Extract<DeclaredScanParam, { key: Key }>> {
  const flag = (PARAM_FLAGS as readonly ScanFlag[]).find((f) => f.name === key);
  if (!flag) throw new Error(`no flag declares the scan parameter ${key}`);
  return flag as FlagOf<Extract<DeclaredScanParam, { key: Key }>>;
}

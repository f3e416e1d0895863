/**
 * Flag > config file > default, for any list of flag declarations: a typed value is turned from
 * text (`fromText`) and held to the flag's schema, with a usage error that names the flag, what it
 * must be and what was typed; a config value was already held to the same schema by the config
 * file's (schema.ts). Then each flag's `settle` runs (check ids and the like).
 */
import { UsageError } from '../usage-error.js';
import { spellingOf, type FlagSettings, type RawFlags, type ScanFlag } from './define.js';

export async function resolveFlags<const Flags extends readonly ScanFlag[]>(
  flags: Flags,
  raw: RawFlags<Flags>,
  typed: (name: string) => boolean,
  config: Readonly<Record<string, unknown>>,
): Promise<FlagSettings<Flags>> {
  const given = flags.filter((f) => typed(f.name) && (raw as Record<string, unknown>)[f.name] !== undefined);
  // zod (and the shared scan parameters) load only when a typed value needs validating.
  const schemas = given.length ? await import('./schema.js') : undefined;
  const out: Record<string, unknown> = {};
  for (const flag of flags) {
    const spelling = spellingOf(flag);
    let value: unknown;
    if (given.includes(flag)) {
      const text = (raw as Record<string, unknown>)[flag.name];
      const candidate = typeof text === 'string' && flag.fromText ? flag.fromText(text) : text;
      const schema = schemas!.schemaOf(flag);
      const parsed = schema.safeParse(candidate);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const sub = issue.path.map(String);
        const at = sub.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], candidate);
        const got = issue.code === 'unrecognized_keys' ? issue.keys[0] : sub.length ? String(at) : String(text);
        const must =
          issue.code === 'unrecognized_keys' ? `one of ${schemas!.allowedKeys(schema).join(', ')}` : schemas!.expected(schemas!.schemaAt(schema, issue.path));
        throw new UsageError(`${[spelling, ...sub].join(' ')}${must ? ` must be ${must}` : `: ${issue.message}`} (got "${got}")`);
      }
      value = parsed.data;
    } else if (flag.config && config[flag.name] !== undefined) {
      value = config[flag.name];
    } else {
      value = flag.default;
    }
    out[flag.name] = value !== undefined && flag.settle ? await flag.settle(value as never, spelling) : value;
  }
  return out as FlagSettings<Flags>;
}

/**
 * What zod gives the flag declarations: each flag's schema (built once), the config file's schema
 * (the flags that take a config key, strict), and the words both faces use for a refused value
 * ("must be an integer from 1 to 20"), read from the schema itself so a range is written once.
 * Loaded only when a value or a config file is validated.
 */
import * as z from 'zod';
import type { ScanFlag, SchemaKit } from './define.js';

const KIT: SchemaKit = { z };
const built = new WeakMap<ScanFlag, z.ZodType>();

/** A flag's value schema (the declaration's function runs once per flag). */
export function schemaOf(flag: ScanFlag): z.ZodType {
  let schema = built.get(flag);
  if (!schema) built.set(flag, (schema = flag.value(KIT)));
  return schema;
}

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; keyType?: z.ZodType; valueType?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (['optional', 'default', 'nullable'].includes(defOf(s).type)) s = defOf(s).innerType!;
  return s;
}

/** The schema that judged the value at `path` inside `schema` (a record's value, an array's item). */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType {
  let s = unwrap(schema);
  for (const key of path) {
    const def = defOf(s);
    if (def.type === 'record') s = unwrap(def.valueType!);
    else if (def.type === 'array') s = unwrap(def.element!);
    else if (def.type === 'object') s = unwrap((s as z.ZodObject).shape[String(key)] ?? s);
    else break;
  }
  return s;
}

/** "an integer from 1 to 20", "one of A, B, C", ... or undefined when the schema says nothing simpler than its issue. */
export function expected(schema: z.ZodType): string | undefined {
  const s = unwrap(schema);
  const def = defOf(s);
  switch (def.type) {
    case 'number': {
      const n = s as z.ZodNumber;
      const kind = n.isInt ? 'an integer' : 'a number';
      const min = n.minValue ?? -Infinity;
      const max = n.maxValue ?? Infinity;
      if (Number.isFinite(min) && Number.isFinite(max)) return `${kind} from ${min} to ${max}`;
      if (Number.isFinite(min)) return `${kind} of at least ${min}`;
      return kind;
    }
    case 'enum':
      return `one of ${(s as z.ZodEnum).options.join(', ')}`;
    case 'boolean':
      return 'true or false';
    case 'string':
      return 'a non-empty text';
    case 'array': {
      const item = expected(def.element!);
      return item ? `a list, each ${item}` : undefined;
    }
    case 'record': {
      const value = expected(def.valueType!);
      return value ? `an object, each value ${value}` : undefined;
    }
    case 'union': {
      const each = def.options!.map(expected);
      return each.every(Boolean) ? each.join(' or ') : undefined;
    }
    default:
      return undefined;
  }
}

/** The keys an object or an enum-keyed record takes. */
export function allowedKeys(schema: z.ZodType): string[] {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'object') return Object.keys((s as z.ZodObject).shape).filter((k) => k !== '$schema');
  if (def.type === 'record' && defOf(def.keyType!).type === 'enum') return (def.keyType as z.ZodEnum).options.map(String);
  return [];
}

/** The config file: every flag with a config key, optional, unknown keys refused (a typo must not silently disable a gate). */
export function configSchema(flags: readonly ScanFlag[]): z.ZodObject {
  const shape: Record<string, z.ZodType> = { $schema: z.string().optional() };
  for (const flag of flags) if (flag.config) shape[flag.name] = schemaOf(flag).optional();
  return z.object(shape).strict();
}

/** A refused config file, one line per problem, each naming its key and what it must be. */
export function describeIssues(schema: z.ZodType, error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const where = i.path.length ? i.path.join('.') : '(top level)';
      if (i.code === 'unrecognized_keys') {
        const at = i.path.length ? ` in ${where}` : '';
        return (
          `  unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}${at} ` +
          `(allowed: ${allowedKeys(schemaAt(schema, i.path)).join(', ')})`
        );
      }
      const must = expected(schemaAt(schema, i.path));
      return `  ${where}: ${must ? `must be ${must}` : i.message}`;
    })
    .join('\n');
}

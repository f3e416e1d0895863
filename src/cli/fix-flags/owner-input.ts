/**
 * The owner's own values for the guides (an endpoint, a contact, the site's name): from
 * `--set name=value` flags and the project's optional `ai-ready.fix.json`
 * (`{ "values": { "siteName": "Acme" } }`); a flag wins over the file. Names are the
 * OWNER_VALUES ids: an unknown name is a usage error, never a silent no-op.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OWNER_VALUES, isOwnerValue, type OwnerValues } from '../../core/fixes/owner-values.js';
import { parseOwnerValue } from '../../core/fixes/owner-value-parse.js';
import { ProjectError } from '../../core/fixes/project/frameworks.js';

export const FIX_CONFIG = 'ai-ready.fix.json';

const known = () => Object.keys(OWNER_VALUES).join(', ');

function checked(name: string, value: unknown, from: string): [keyof typeof OWNER_VALUES, string] {
  if (!isOwnerValue(name)) throw new ProjectError(`${from}: unknown value "${name}" (known: ${known()})`);
  if (typeof value !== 'string' || !value.trim()) throw new ProjectError(`${from}: ${name} must be a non-empty string`);
  // Strangers' input where the service runs: refused here with the reason, never written unchecked.
  const parsed = parseOwnerValue(name, value);
  if (!parsed.ok) throw new ProjectError(`${from}: ${parsed.error}`);
  return [name, value.trim()];
}

/** The values of the project's config file, or none when it has no such file. */
export function readFixConfig(dir: string): OwnerValues {
  const file = join(dir, FIX_CONFIG);
  if (!existsSync(file)) return {};
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new ProjectError(`${FIX_CONFIG} is not valid JSON`);
  }
  const values = (doc as { values?: unknown } | null)?.values;
  if (typeof values !== 'object' || values === null || Array.isArray(values))
    throw new ProjectError(`${FIX_CONFIG} must be { "values": { "<name>": "<value>" } }`);
  return Object.fromEntries(Object.entries(values).map(([k, v]) => checked(k, v, FIX_CONFIG)));
}

/** `--set name=value` flags (repeatable). */
export function parseSetFlags(flags: string[]): OwnerValues {
  return Object.fromEntries(
    flags.map((f) => {
      const at = f.indexOf('=');
      if (at < 1) throw new ProjectError(`--set takes name=value (got "${f}")`);
      return checked(f.slice(0, at).trim(), f.slice(at + 1), '--set');
    }),
  );
}

export function ownerValues(dir: string, setFlags: string[]): OwnerValues {
  return { ...readFixConfig(dir), ...parseSetFlags(setFlags) };
}

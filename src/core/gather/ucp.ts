/**
 * The site's UCP business profile (/.well-known/ucp), fetched once per scan and shared by M1 (the
 * profile) and M4 (AP2 declared as the `dev.ucp.shopping.ap2_mandate` capability). Two shapes are
 * live: the current one nests everything under a `ucp` object (`version`, `services`,
 * `capabilities`, `payment_handlers`); earlier drafts put `protocol_version`, `services`,
 * `capabilities` and `endpoints` at the top level. Both are normalised here. Inside the nested shape,
 * UCP 2026-04-08 lists each service as an array of bindings `{version, spec, transport, endpoint,
 * schema}` and each capability as an array of versions; 2026-01-11 used one object per service with
 * `rest`/`mcp` sub-objects and one object per capability. All of these are read.
 */
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { isFound, isObject, parseJson } from './classify.js';

export const UCP_PATH = '/.well-known/ucp';
export const UCP_ACCEPT = 'application/json, */*;q=0.1';
const JSON_MAX_BYTES = 1024 * 1024;
/** The UCP profile as ucpProfile asks for it, declared by the checks that read it. */
export const UCP_REQUEST = { path: UCP_PATH, options: { accept: UCP_ACCEPT, maxBytes: JSON_MAX_BYTES } };

export interface UcpCapability {
  name: string;
  version?: string;
  spec?: string;
  schema?: string;
}

export interface UcpService {
  name: string;
  /** Transport bindings present (rest, mcp, a2a, embedded). */
  transports: string[];
  /** Absolute endpoint URLs found in the bindings. */
  endpoints: string[];
  /** The 2026-01-11 binding form: one object with `rest`/`mcp`/... sub-objects instead of a list of bindings. */
  objectBindings: boolean;
}

export interface UcpProfile {
  shape: 'nested' | 'top-level';
  version: string | null;
  services: UcpService[];
  capabilities: UcpCapability[];
  /** Endpoints listed outside services (top-level `endpoints` of older drafts). */
  extraEndpoints: string[];
  paymentHandlers: number;
  /** Whether the `payment_handlers` registry is present at all (required, possibly empty, since 2026-04-08). */
  paymentHandlersDeclared: boolean;
  signingKeys: number;
}

export interface UcpArtifact {
  probe: FetchResult;
  profile: UcpProfile | null;
  /** Why a 2xx answer was not accepted as a profile (with the JSON parser's message for not-json). */
  problem?: { kind: 'not-json'; error: string } | { kind: 'not-object' } | { kind: 'no-ucp-shape' };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function absoluteUrl(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Endpoint URLs anywhere in a binding object (`endpoint`, `url`, or nested), bounded. */
function collectEndpoints(v: unknown, out: string[], depth = 0): void {
  if (depth > 4 || out.length > 50) return;
  if (Array.isArray(v)) {
    for (const x of v.slice(0, 50)) collectEndpoints(x, out, depth + 1);
    return;
  }
  if (typeof v === 'string') {
    const u = absoluteUrl(v);
    if (u) out.push(u);
    return;
  }
  if (!isObject(v)) return;
  for (const [k, x] of Object.entries(v)) {
    if (/^(endpoint|url|uri|base_url|baseUrl)$/i.test(k)) {
      const u = absoluteUrl(x);
      if (u) out.push(u);
    } else if (isObject(x) || Array.isArray(x)) {
      if (!/^(schema|spec|config)$/i.test(k)) collectEndpoints(x, out, depth + 1);
    }
  }
}

const TRANSPORTS = ['rest', 'mcp', 'a2a', 'embedded'];

function readServices(v: unknown): UcpService[] {
  const entries: Array<[string, unknown]> = Array.isArray(v)
    ? v.slice(0, 50).map((s, i) => [isObject(s) ? (str(s.name) ?? str(s.id) ?? `#${i + 1}`) : `#${i + 1}`, s])
    : isObject(v)
      ? Object.entries(v).slice(0, 50)
      : [];
  return entries.map(([name, s]) => {
    const endpoints: string[] = [];
    // A service may be one binding object or a list of bindings (later drafts).
    collectEndpoints(s, endpoints);
    const bindings = Array.isArray(s) ? s : [s];
    const transports = new Set<string>();
    for (const b of bindings) {
      if (!isObject(b)) continue;
      for (const t of TRANSPORTS) if (b[t] !== undefined) transports.add(t);
      const declared = str(b.transport);
      if (declared) transports.add(declared.toLowerCase());
    }
    const objectBindings = isObject(s) && TRANSPORTS.some((t) => isObject(s[t]));
    return { name, transports: [...transports], endpoints: [...new Set(endpoints)], objectBindings };
  });
}

function readCapabilities(v: unknown): UcpCapability[] {
  const one = (name: string, c: unknown): UcpCapability => {
    const first = Array.isArray(c) ? c[0] : c;
    const o = isObject(first) ? first : {};
    return { name, version: str(o.version), spec: str(o.spec), schema: str(o.schema) };
  };
  if (Array.isArray(v)) {
    return v
      .slice(0, 100)
      .map((c) => (typeof c === 'string' ? { name: c } : isObject(c) && str(c.name) ? one(str(c.name)!, c) : null))
      .filter((c): c is UcpCapability => c !== null);
  }
  if (isObject(v))
    return Object.entries(v)
      .slice(0, 100)
      .map(([name, c]) => one(name, c));
  return [];
}

const count = (v: unknown): number => (Array.isArray(v) ? v.length : isObject(v) ? Object.keys(v).length : 0);

/** Normalises either shape; null when the object has neither. */
export function readUcpProfile(doc: Record<string, unknown>): UcpProfile | null {
  if (isObject(doc.ucp)) {
    const u = doc.ucp;
    const signing = doc.signing_keys ?? u.signing_keys;
    return {
      shape: 'nested',
      version: str(u.version) ?? null,
      services: readServices(u.services),
      capabilities: readCapabilities(u.capabilities),
      extraEndpoints: [],
      paymentHandlers: count(u.payment_handlers ?? doc.payment_handlers),
      paymentHandlersDeclared: u.payment_handlers !== undefined,
      signingKeys: count(isObject(signing) && Array.isArray(signing.keys) ? signing.keys : signing),
    };
  }
  const topLevel = ['protocol_version', 'services', 'capabilities', 'endpoints'].some((k) => doc[k] !== undefined);
  if (!topLevel) return null;
  const extra: string[] = [];
  collectEndpoints(doc.endpoints, extra);
  return {
    shape: 'top-level',
    version: str(doc.protocol_version) ?? str(doc.version) ?? null,
    services: readServices(doc.services),
    capabilities: readCapabilities(doc.capabilities),
    extraEndpoints: [...new Set(extra)],
    paymentHandlers: count(doc.payment_handlers),
    paymentHandlersDeclared: doc.payment_handlers !== undefined,
    signingKeys: count(doc.signing_keys),
  };
}

/** Builds the artifact from the probe (pure). */
export function ucpFromProbe(probe: FetchResult): UcpArtifact {
  if (!isFound(probe)) return { probe, profile: null };
  const parsed = parseJson(probe);
  if (!parsed.ok) return { probe, profile: null, problem: { kind: 'not-json', error: parsed.error } };
  if (!isObject(parsed.value)) return { probe, profile: null, problem: { kind: 'not-object' } };
  const profile = readUcpProfile(parsed.value);
  return profile ? { probe, profile } : { probe, profile: null, problem: { kind: 'no-ucp-shape' } };
}

/** The UCP profile of the scanned origin, memoised per scan. */
export function ucpProfile(ctx: GatherContext): Promise<UcpArtifact> {
  return ctx.memo('ucp', async () => ucpFromProbe(await ctx.fetch(UCP_REQUEST.path, UCP_REQUEST.options)));
}

/**
 * Where a static project's response headers go: the file of a header host (a pack's `headerHost`,
 * platforms/project-shape.ts) when the project has one or the scan saw that host in front of the
 * site, else printed for the owner to add. No host is named here: the packs declare their files,
 * and the merge table (merge-table.ts `HEADER_FORMATS`) writes each file's format. nginx and
 * Apache snippets are printed, never written (their config lives outside the project).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HOSTS } from '../platforms/index.js';
import type { HeaderFile, HeaderFormat, HeaderHost } from '../platforms/project-shape.js';
import type { HeaderRule } from './merge-headers.js';
import { HEADER_FORMATS } from './merge-table.js';

export { printedRules, type HeaderRule } from './merge-headers.js';

type HeaderHostIdOf<P> = P extends { headerHost: HeaderHost<infer Id> } ? Id : never;
/** A `--host` value: the id of a registered pack's header host (vercel, netlify, cloudflare-pages). */
export type HeaderHostId = HeaderHostIdOf<(typeof HOSTS)[keyof typeof HOSTS]>;
/** What `--host` takes: a header host, or none (the rules are printed). */
export type HeaderHostChoice = HeaderHostId | 'none';

interface HeaderHostPack {
  /** The hosting id the scan reports for the pack. */
  hosting: string;
  /** The pack's display name (as the scan reports the hosting). */
  hostingLabel: string;
  /** The header host's display name. */
  label: string;
  host: HeaderHost<HeaderHostId>;
}

/** Every registered header host, most specific first (registry order between equals). */
export const HEADER_HOST_PACKS: readonly HeaderHostPack[] = Object.values(HOSTS as Record<string, { id: string; label: string; headerHost?: HeaderHost }>)
  .flatMap((p) =>
    p.headerHost ? [{ hosting: p.id, hostingLabel: p.label, label: p.headerHost.label ?? p.label, host: p.headerHost as HeaderHost<HeaderHostId> }] : [],
  )
  .sort((a, b) => b.host.specificity - a.host.specificity);

/** The `--host` values, from the registry, and `none` (printed). */
export const HEADER_HOSTS = [...HEADER_HOST_PACKS.map((h) => h.host.id), 'none'] as HeaderHostChoice[] as [HeaderHostChoice, ...HeaderHostChoice[]];

/** A header file's project-relative path for a static folder. */
const pathOf = (f: HeaderFile, staticDir: string): string => (typeof f.path === 'string' ? f.path : f.path(staticDir));

/** A header file's name as `--help` shows it ("_headers" for the static folder's). */
export const headerFileName = (f: HeaderFile): string => pathOf(f, '.');

/** "vercel (vercel.json), netlify (netlify.toml or _headers), ...": each --host value with the files it writes. */
export const headerHostsText = (): string =>
  [...HEADER_HOST_PACKS.map(({ host }) => `${host.id} (${host.files.map(headerFileName).join(' or ')})`), 'none (printed)'].join(', ');

export interface HeadersPlace {
  host: HeaderHostChoice;
  /** Project-relative file the rules are written to; null: printed only. */
  file: string | null;
  /** How the rules are written into `file` (merge-table.ts `HEADER_FORMATS`); null: printed only. */
  format: HeaderFormat | null;
  why: string;
}

/** "A and B", "A, B and C". */
const andList = (names: string[]): string => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** The place: an explicit --host, the project's own host file, or the host the scan detected. */
export function headersPlace(dir: string | null, staticDir: string, hosting: string[], explicit?: HeaderHostChoice): HeadersPlace {
  const at = (f: string) => dir !== null && existsSync(join(dir, f));
  // The first of the host's files the project has, else the last (created).
  const pick = ({ host }: HeaderHostPack, why: string): HeadersPlace => {
    const file = host.files.find((f) => at(pathOf(f, staticDir))) ?? host.files[host.files.length - 1];
    return { host: host.id, file: pathOf(file, staticDir), format: file.format, why };
  };
  if (explicit === 'none') return { host: 'none', file: null, format: null, why: '--host none' };
  const named = HEADER_HOST_PACKS.find((h) => h.host.id === explicit);
  if (named) return pick(named, `--host ${named.host.id}`);
  for (const h of HEADER_HOST_PACKS)
    for (const f of h.host.files) {
      const file = pathOf(f, staticDir);
      if (!at(file)) continue;
      const readers = HEADER_HOST_PACKS.filter((o) => o.host.files.some((g) => pathOf(g, staticDir) === file)).map((o) => o.label);
      return pick(h, `the project has ${file}${readers.length > 1 ? ` (${andList(readers)} read it)` : ''}`);
    }
  for (const h of HEADER_HOST_PACKS) {
    if (!hosting.includes(h.hosting)) continue;
    const created = headerFileName(h.host.files[h.host.files.length - 1]);
    return pick(h, `the scan saw ${h.hostingLabel} in front of the site${h.label !== h.hostingLabel ? ` (${h.label} reads ${created})` : ''}`);
  }
  return {
    host: 'none',
    file: null,
    format: null,
    why: `no host file in the project and no host recognised: pass --host ${HEADER_HOST_PACKS.map((h) => h.host.id).join('|')} to write them`,
  };
}

/** The header rules added to the place's file (none already there), as the file's new text. */
export function writeRules(place: HeadersPlace, existing: string | null, rules: HeaderRule[]): { text: string; conflicts: string[] } {
  const text = existing ?? '';
  if (!rules.length || place.file === null || place.format === null) return { text, conflicts: [] };
  return HEADER_FORMATS[place.format](place.file, existing, rules);
}

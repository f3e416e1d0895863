/**
 * The checks the help texts enumerate, as the checks declare them (meta.pageLevel, a rendered
 * reading), never listed by hand. The registry is loaded only when a help text is about to be
 * printed or rendered at build time (loadDeclaredChecks); a help printed before says its words
 * without the ids.
 */

export interface DeclaredChecks {
  /** Checks whose verdict is about one page (run on every sampled page in site scope). */
  pageLevel: string[];
  /** Checks with a reading of their own under --render (a rendered hook or the DOM re-run). */
  rendered: string[];
  /** The frameworks `fix` writes into, from the packs' project shapes (the plain folder last). */
  frameworks: readonly string[];
  /** fix's --host values with the files each writes, from the packs' header hosts. */
  headerHosts: string;
}

let declared: DeclaredChecks | null = null;

/** Loads the registry once and keeps the lists the help texts show. */
export async function loadDeclaredChecks(): Promise<DeclaredChecks> {
  if (declared) return declared;
  const { CHECKS } = await import('../core/checks/index.js');
  const { FRAMEWORK_LABELS } = await import('../core/fixes/project/frameworks.js');
  const { headerHostsText } = await import('../core/fixes/project/headers-place.js');
  declared = {
    frameworks: FRAMEWORK_LABELS,
    headerHosts: headerHostsText(),
    pageLevel: CHECKS.filter((c) => c.meta.pageLevel).map((c) => c.meta.id),
    rendered: CHECKS.filter((c) => c.rendered).map((c) => c.meta.id),
  };
  return declared;
}

/** The lists, when loaded. */
export function declaredChecks(): DeclaredChecks | null {
  return declared;
}

/** " (C1, C2, …)" for a list that is loaded, "" otherwise. */
export function idList(ids: readonly string[] | undefined): string {
  return ids?.length ? ` (${ids.join(', ')})` : '';
}

/** Whether a command line asks commander for a help text. */
export function asksForHelp(args: readonly string[]): boolean {
  return args.some((a) => a === '--help' || a === '-h') || args.find((a) => !a.startsWith('-')) === 'help';
}

/**
 * The one list of report format names. The CLI (flag validation, --help), the config file schema
 * and the format registry all read it; it has no imports so the CLI can load it at start-up.
 */
export const FORMAT_NAMES = ['pretty', 'json', 'md', 'html', 'sarif', 'junit', 'github', 'agent'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

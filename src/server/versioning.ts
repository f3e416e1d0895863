/**
 * §9: a superseded API version keeps being served (at least 180 days) with `Deprecation`
 * (RFC 9745, `@<epoch seconds>`) and `Sunset` (RFC 8594, HTTP-date) headers, and a Link to its
 * successor. Retiring v1 means adding one entry here.
 */
export interface SupersededVersion {
  /** Path prefix of the old version, e.g. "/api/public/v1". */
  prefix: string;
  deprecatedAt: Date;
  sunsetAt: Date;
  /** Path prefix or URL of the successor version. */
  successor: string;
}

export const SUPERSEDED_VERSIONS: SupersededVersion[] = [];

export function deprecationHeaders(path: string, versions: SupersededVersion[], base: string): Record<string, string> | null {
  const v = versions.find((x) => path === x.prefix || path.startsWith(`${x.prefix}/`));
  if (!v) return null;
  const successor = v.successor.startsWith('/') ? base + v.successor : v.successor;
  return {
    deprecation: `@${Math.floor(v.deprecatedAt.getTime() / 1000)}`,
    sunset: v.sunsetAt.toUTCString(),
    link: `<${successor}>; rel="successor-version"`,
  };
}

/**
 * Applicability profiles (catalog §4.3): a content site is not marked down for lacking APIs,
 * OAuth or MCP; commerce checks count only on stores. Auto-detected, overridable.
 */
import type { CheckStatus, Dimension, PlatformInfo, ProfileName } from '../schema.js';
import type { ProfileRules } from '../checks/types.js';

export type ProfileChoice = 'auto' | ProfileName;

export interface ResolvedProfile {
  /** App/API checks scored at their tier (else the content profile applies). */
  app: boolean;
  /** Commerce checks scored. */
  commerce: boolean;
  source: 'auto' | 'override';
  reasons: string[];
  /**
   * Auto-detected app whose only evidence is a check declaring `profile.publicMcp` (an MCP server
   * card declaring no authentication): a public MCP server. Checks declaring `naOnPublicMcp` do
   * not apply, and bonus checks stay bonuses, so publishing a card never lowers the score.
   */
  publicMcpOnly?: boolean;
}

/** A check's raw outcome with the metadata the profile reads (it names no check). */
export interface RawOutcome {
  id: string;
  dimension: Dimension;
  status: CheckStatus;
  details?: unknown;
  profile?: ProfileRules<any>;
}

export function resolveProfile(choice: ProfileChoice, platform: PlatformInfo, raw: RawOutcome[]): ResolvedProfile {
  const isFound = (r: RawOutcome) => r.status === 'pass' || r.status === 'partial';
  const evidence = raw.filter((r) => r.profile?.appEvidence && isFound(r));
  const appReasons = [...(platform.isApp ? ['app signals on the page'] : []), ...evidence.map((r) => r.profile!.appEvidence!)];
  const commerceReasons = [
    ...(platform.isEcommerce ? [`e-commerce signals (${(platform.commerceSignals ?? []).join(', ')})`] : []),
    ...raw.filter((r) => r.dimension === 'commerce' && r.status === 'pass').map((r) => `${r.id} passes`),
  ];
  const auto = { app: appReasons.length > 0, commerce: commerceReasons.length > 0 };
  if (choice === 'content') return { app: false, commerce: false, source: 'override', reasons: ['--profile content'] };
  if (choice === 'app') return { app: true, commerce: false, source: 'override', reasons: ['--profile app'] };
  if (choice === 'commerce') return { app: auto.app, commerce: true, source: 'override', reasons: ['--profile commerce', ...appReasons] };
  const only = !platform.isApp && evidence.length === 1 ? evidence[0] : null;
  const publicMcp = only?.profile?.publicMcp;
  const publicMcpOnly = !!publicMcp && publicMcp.isPublic(only!.details);
  if (publicMcpOnly) appReasons[0] = publicMcp.reason;
  return {
    ...auto,
    ...(publicMcpOnly ? { publicMcpOnly } : {}),
    source: 'auto',
    reasons: [...appReasons, ...commerceReasons].length ? [...appReasons, ...commerceReasons] : ['no app, API or commerce evidence: content profile'],
  };
}

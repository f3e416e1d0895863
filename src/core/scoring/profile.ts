/**
 * Applicability profiles (catalog §4.3): a content site is not marked down for lacking APIs,
 * OAuth or MCP; commerce checks count only on stores. Auto-detected, overridable.
 */
import type { CheckStatus, PlatformInfo, ProfileName } from '../schema.js';

export type ProfileChoice = 'auto' | ProfileName;

export interface ResolvedProfile {
  /** App/API checks scored at their tier (else the content profile applies). */
  app: boolean;
  /** Commerce checks scored. */
  commerce: boolean;
  source: 'auto' | 'override';
  reasons: string[];
  /**
   * Auto-detected app whose only evidence is an MCP server card declaring no authentication: a
   * public MCP server. OAuth (A2, A3) and OpenAPI (A8) checks do not apply, and A1 stays a bonus,
   * so publishing a card never lowers the score.
   */
  publicMcpOnly?: boolean;
}

export interface RawOutcome {
  id: string;
  status: CheckStatus;
  details?: Record<string, unknown>;
}

const APP_EVIDENCE: Record<string, string> = {
  A1: 'API catalog found',
  A2: 'OAuth/OIDC metadata found',
  A3: 'protected-resource metadata found',
  A4: 'MCP server card found',
  A8: 'OpenAPI description found',
};

export function resolveProfile(
  choice: ProfileChoice,
  platform: PlatformInfo,
  raw: RawOutcome[],
): ResolvedProfile {
  const found = (id: string) => raw.some((r) => r.id === id && (r.status === 'pass' || r.status === 'partial'));
  const appReasons = [
    ...(platform.isApp ? ['app signals on the page'] : []),
    ...Object.entries(APP_EVIDENCE).filter(([id]) => found(id)).map(([, why]) => why),
  ];
  const commerceReasons = [
    ...(platform.isEcommerce ? [`e-commerce signals (${(platform.commerceSignals ?? []).join(', ')})`] : []),
    ...raw.filter((r) => r.id.startsWith('M') && r.status === 'pass').map((r) => `${r.id} passes`),
  ];
  const auto = { app: appReasons.length > 0, commerce: commerceReasons.length > 0 };
  if (choice === 'content') return { app: false, commerce: false, source: 'override', reasons: ['--profile content'] };
  if (choice === 'app') return { app: true, commerce: false, source: 'override', reasons: ['--profile app'] };
  if (choice === 'commerce') return { app: auto.app, commerce: true, source: 'override', reasons: ['--profile commerce', ...appReasons] };
  const card = raw.find((r) => r.id === 'A4');
  const publicMcpOnly = auto.app && !platform.isApp && appReasons.length === 1 && found('A4') && card?.details?.declaresAuth === false;
  if (publicMcpOnly) appReasons[0] = 'public MCP server card found (it declares no authentication: OAuth and OpenAPI checks do not apply)';
  return {
    ...auto,
    ...(publicMcpOnly ? { publicMcpOnly } : {}),
    source: 'auto',
    reasons: [...appReasons, ...commerceReasons].length ? [...appReasons, ...commerceReasons] : ['no app, API or commerce evidence: content profile'],
  };
}

/**
 * The response headers that switch WebMCP off for a page, read as the WebMCP draft says
 * (webmachinelearning/webmcp index.bs at 0b676d2, 2026-06-24, "registerTool()" steps):
 * - Permissions-Policy: the API is "gated behind the policy-controlled feature "tools"" (default
 *   allowlist 'self'); a document not allowed to use it gets registerTool() rejected with
 *   NotAllowedError. The header is an RFC 9651 Dictionary (parsed by `structured-headers`): `tools=()`
 *   allows no origin, an allowlist without `self`, `*` or the page's own origin leaves the page out.
 * - Origin-Agent-Cluster: ?0 makes the agent cluster site-keyed (document.domain enabled), and
 *   registerTool() then rejects with SecurityError (commit 4733c27, 2026-06-05).
 * Chromium 156 with --enable-features=WebMCP rejects exactly these (checked 2026-11-27).
 */
import { parseDictionary, Token } from 'structured-headers';

/** Longer than this, the header is not parsed (a bomb, not a policy). */
export const POLICY_MAX_CHARS = 8192;

export interface WebMcpPolicy {
  /** The Permissions-Policy member for `tools`, as written (null: absent or not parsed). */
  tools: string | null;
  /** The page is outside the `tools` allowlist: registerTool() rejects with NotAllowedError. */
  toolsDisabled: boolean;
  /** The header failed to parse (browsers then ignore it): the parse error. */
  policyError: string | null;
  /** Origin-Agent-Cluster: ?0 was sent: registerTool() rejects with SecurityError. */
  originAgentClusterOff: boolean;
}

function serialise(value: unknown): string {
  if (Array.isArray(value)) return `(${value.map(([v]) => serialise(v)).join(' ')})`;
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

/** Whether an allowlist item admits the page (`*`, `self`, or the page's own origin). */
function admits(item: unknown, pageOrigin: string): boolean {
  if (item instanceof Token) return item.toString() === '*' || item.toString() === 'self';
  if (typeof item === 'string') {
    try {
      return new URL(item).origin === pageOrigin;
    } catch {
      return false;
    }
  }
  return false;
}

export function readWebMcpPolicy(headers: Record<string, string | undefined>, pageOrigin: string): WebMcpPolicy {
  const out: WebMcpPolicy = { tools: null, toolsDisabled: false, policyError: null, originAgentClusterOff: false };
  const oac = headers['origin-agent-cluster'];
  if (oac !== undefined && oac.trim() === '?0') out.originAgentClusterOff = true;
  const raw = headers['permissions-policy'];
  if (raw === undefined) return out;
  if (raw.length > POLICY_MAX_CHARS) return { ...out, policyError: `longer than ${POLICY_MAX_CHARS} characters` };
  let dict: ReturnType<typeof parseDictionary>;
  try {
    dict = parseDictionary(raw);
  } catch (err) {
    return { ...out, policyError: err instanceof Error ? err.message.replace(/^Parse error: /, '') : 'not a Structured Fields Dictionary' };
  }
  const member = dict.get('tools');
  if (!member) return out;
  const [value] = member;
  out.tools = `tools=${serialise(value)}`;
  const items = Array.isArray(value) ? value.map(([v]) => v) : [value];
  out.toolsDisabled = !items.some((v) => admits(v, pageOrigin));
  return out;
}

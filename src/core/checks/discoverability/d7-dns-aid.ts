import { defineCheck } from '../types.js';
import { specStep } from '../../fixes/platform-steps.js';
import { PLACEHOLDER_DOMAIN, placeholderNote, siteDomain } from '../../fixes/site.js';
import { givenValue } from '../../fixes/owner-value-parse.js';
import { showsApp } from '../../fixes/capability.js';
import type { OwnerValue } from '../../fixes/owner-values.js';

const SPEC = ['https://datatracker.ietf.org/doc/draft-mozleywilliams-dnsop-dnsaid/', 'https://www.rfc-editor.org/rfc/rfc9460'];
/** The DNS-AID names an agent would query (SVCB, type 64). */
export const DNS_AID_LABELS = ['_index._agents', '_a2a._agents', '_mcp._agents'];

const NOT_CHECKED = 'Not checked: DNS-AID needs SVCB lookups through DNS-over-HTTPS, and ai-ready does not send scanned host names to a public resolver.';

export interface DnsAidArtifact {
  host: string;
}

/**
 * DNS-AID needs SVCB lookups with DNSSEC validation. Node's resolver cannot query SVCB, and the
 * usual route (DNS-over-HTTPS to a public resolver) would send every scanned host name to a
 * third party, which ai-ready does not do. So the check is reported as not measured (`info`),
 * with the command to check it by hand.
 */
export const d7DnsAid = defineCheck<DnsAidArtifact>()({
  meta: {
    id: 'D7',
    name: 'DNS-AID records',
    dimension: 'discoverability',
    tier: 'bonus',
    weight: 1,
    anchorKey: 'dnsAid',
    specUrls: SPEC,
    standards: ['dnsAid'],
    summary: 'SVCB records under _agents (e.g. _index._agents.example.com) announce agent endpoints in DNS, ideally DNSSEC-signed (draft DNS-AID).',
    why: 'Agents can discover A2A/MCP endpoints from DNS before fetching anything from the site.',
    remediation: 'Publish SVCB records such as _index._agents.<domain> pointing at your agent index, and sign the zone with DNSSEC.',
    codes: {
      'D7/not-checked': 'info: DNS-AID needs SVCB lookups through a public resolver, which ai-ready does not make',
      'D7/no-domain': 'info: not checked, and the host is an address or localhost, with no DNS zone to hold the records',
    },
    messages: {
      'D7/not-checked': `${NOT_CHECKED} Check by hand: ${DNS_AID_LABELS.map((l) => `dig +dnssec ${l}.{host} SVCB`).join('; ')}.`,
      'D7/no-domain':
        `${NOT_CHECKED} {host} is not a public domain name, and DNS-AID records live under a domain: ` +
        'check them once the site is published at one (dig +dnssec _index._agents.<your domain> SVCB).',
    },
  },
  gather: async (ctx) => ({ host: ctx.pageUrl.hostname }),
  evaluate({ host }) {
    const names = DNS_AID_LABELS.map((l) => `${l}.${host}`);
    // An IP address or localhost has no DNS zone: there is nothing to dig for.
    return {
      status: 'info',
      code: siteDomain(`http://${host}`) ? 'D7/not-checked' : 'D7/no-domain',
      data: { host },
      details: { names },
    };
  },
  fixGuide(fx) {
    // DNS-AID records live under a domain name: an IP or localhost origin has none to put them in.
    // The owner's domain (validated) when the scan ran on an address without one; the zone stays the owner's to edit.
    const domain = siteDomain(fx.origin) ?? givenValue(fx, 'domain') ?? null;
    const host = domain ?? PLACEHOLDER_DOMAIN;
    // The owner's MCP server, when it has a host name a record can point at (an SVCB target is never an IP).
    const mcp = givenValue(fx, 'mcpEndpoint');
    const mcpHost = mcp && siteDomain(new URL(mcp).origin) ? new URL(mcp) : null;
    const target = mcpHost ? mcpHost.hostname : host;
    const port = mcpHost ? mcpHost.port || (mcpHost.protocol === 'https:' ? '443' : '80') : '443';
    // Records for an agent endpoint the owner runs: asked for only where the scan saw one (or the owner named it).
    const needs: OwnerValue[] =
      showsApp(fx) || mcpHost ? [...(domain ? [] : ['domain' as const]), 'dnsZone', ...(mcpHost ? [] : ['mcpEndpoint' as const])] : [];
    const note = domain
      ? ''
      : ` ${placeholderNote(fx.origin, 'these records')} DNS-AID needs a domain name: there is no DNS zone for an IP address or localhost.`;
    // The shape deployments of draft -02 publish (its sections 3.1 and 3.2 as they cite them): the
    // agent at a name of its own with the agent protocol in alpn, the _<protocol>._agents label as an
    // alias to it, and the organisation's index entry point with an underscore-free target.
    return [
      {
        title: 'Add SVCB records for your agent and your agent index',
        body:
          'In your DNS provider (the record type may be listed as SVCB, type 64). Only publish records for an agent endpoint ' +
          `you actually run (here an MCP server at ${target}); the target must be a plain host name with a public TLS certificate.${note}`,
        code: [
          `; the agent at a name of its own (ServiceMode): alpn names the agent protocol and its HTTP transport`,
          `mcp.${host}.            3600 IN SVCB 1 ${target}. alpn="mcp,h2" port=${port}`,
          `; the DNS-SD style label agents query for MCP (AliasMode: points at the agent, repeats nothing)`,
          `_mcp._agents.${host}.   3600 IN SVCB 0 mcp.${host}.`,
          `; the organisation's agent index entry point (ServiceMode)`,
          `_index._agents.${host}. 3600 IN SVCB 1 ${host}. alpn="h2" port=443`,
        ].join('\n'),
        lang: 'text',
        // Records go in the owner's DNS zone, for an agent the owner runs: nothing served over HTTP does this.
        needs,
      },
      {
        title: 'Optionally, the TXT index the reference implementations read',
        body:
          'The dns-aid tools (dns-aid-core, dns-aid-go) list the agents of a domain in a TXT record at the same index name; ' +
          'isitagentready reads SVCB/HTTPS at _index, _a2a and _mcp under _agents and the TXT at _index.',
        code: `_index._agents.${host}. 3600 IN TXT "agents=mcp:mcp"`,
        lang: 'text',
      },
      {
        title: 'Sign the zone with DNSSEC',
        body:
          'Agents trust DNS-AID answers only when validated (AD bit). Most DNS providers (Cloudflare, Route 53) have a one-click ' +
          'DNSSEC setting; sign first, then add the DS record at your registrar.',
      },
      {
        title: 'Verify',
        body: `Expect the SVCB answers and the "ad" flag.${domain ? '' : ` Use your own domain in place of ${PLACEHOLDER_DOMAIN}.`}`,
        code: `dig +dnssec _index._agents.${host} SVCB\ndig +dnssec _mcp._agents.${host} SVCB\ndig +dnssec mcp.${host} SVCB`,
        lang: 'sh',
      },
      specStep(SPEC),
    ];
  },
});

import { describe, expect, it } from 'vitest';
import { d7DnsAid } from '../../../../src/core/checks/discoverability/d7-dns-aid.js';
import { ORIGIN } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/guide` };

describe('D7 DNS-AID', () => {
  it('is info (not measured) and names the records to check by hand', async () => {
    const o = d7DnsAid.evaluate({ host: 'example.org' }, ctx);
    expect(o.status).toBe('info');
    expect(o.evidence).toContain('dig +dnssec _index._agents.example.org SVCB');
    expect(d7DnsAid.fixGuide({ origin: 'https://example.org', platform: null, hosting: [] })[0].code).toContain('_index._agents.example.org.');
  });

  it('writes the draft -02 shape: the agent at its own name, an alias at _mcp._agents, an index with a plain target', () => {
    const records = d7DnsAid
      .fixGuide({ origin: 'https://example.org', platform: null, hosting: [] })[0]
      .code!.split('\n')
      .filter((l) => !l.startsWith(';'))
      .map((l) => l.trim().split(/\s+/));
    // owner TTL IN SVCB priority target params...
    const byOwner = Object.fromEntries(records.map((r) => [r[0], r]));
    expect(Object.keys(byOwner).sort()).toEqual(['_index._agents.example.org.', '_mcp._agents.example.org.', 'mcp.example.org.']);
    for (const r of records) expect(r.slice(2, 4)).toEqual(['IN', 'SVCB']);
    const alias = byOwner['_mcp._agents.example.org.'];
    expect(alias.slice(4)).toEqual(['0', 'mcp.example.org.']); // AliasMode carries no SvcParams
    const agent = byOwner['mcp.example.org.'];
    expect(agent[4]).toBe('1');
    expect(agent.join(' ')).toMatch(/alpn="mcp,h2"/);
    const index = byOwner['_index._agents.example.org.'];
    expect(index[4]).toBe('1');
    expect(index[5]).not.toContain('_'); // fetched over TLS: a plain host name
  });
});

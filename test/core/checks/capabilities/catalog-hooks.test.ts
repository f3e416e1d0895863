/**
 * The one catalog reading (catalog-reader.ts) is where A5 and A6 also look when their well-known
 * paths have nothing: an A2A agent-card entry (application/a2a-agent-card+json) names the card, an
 * agent-skills entry of a JSON type names the skills index (issue 27: one catalog reader).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatherContext } from '../../../../src/core/gather/context.js';
import { BROWSER_ACCEPT, HttpClient } from '../../../../src/core/net/http.js';
import { a2aCard } from '../../../../src/core/gather/a2a-card.js';
import { agentSkills } from '../../../../src/core/gather/agent-skills.js';
import { agentCatalog } from '../../../../src/core/gather/catalog-reader.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';

const J = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
const CARD = {
  name: 'Corpus agent',
  description: 'Answers questions',
  version: '1.0.0',
  supportedInterfaces: [{ url: 'https://agents.example.com/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'a', name: 'A', description: 'A', tags: ['a'] }],
};
const INDEX = {
  $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
  skills: [{ name: 'advice', type: 'skill-md', description: 'Advice', url: '/skills/advice/SKILL.md', digest: 'sha256:00' }],
};

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixture((s) => ({
    '/': { headers: { 'content-type': 'text/html' }, body: '<html><head><link rel="ard" href="/catalogs/ard.json"></head><body></body></html>' },
    '/catalogs/ard.json': {
      headers: J,
      body: JSON.stringify({
        entries: [
          { identifier: 'urn:air:corpus.dev:agent:a', displayName: 'Agent', type: 'application/a2a-agent-card+json', url: `${s.origin}/agents/card.json` },
          { identifier: 'urn:air:corpus.dev:skills:all', displayName: 'Skills', type: 'application/agent-skills+json', url: '/skills/index.json' },
        ],
      }),
    },
    '/agents/card.json': { headers: J, body: JSON.stringify(CARD) },
    '/skills/index.json': { headers: J, body: JSON.stringify(INDEX) },
    '/skills/advice/SKILL.md': { headers: { 'content-type': 'text/markdown' }, body: '---\nname: advice\ndescription: Advice\n---\n# Advice\n' },
  }));
});
afterAll(() => site.close());

async function context() {
  const http = new HttpClient({ timeoutMs: 5000 });
  const page = await http.fetch(`${site.origin}/`, { accept: BROWSER_ACCEPT });
  return new GatherContext(new URL(page.url), site.origin, http, () => {}, page);
}

describe('A5 and A6 find their documents through a catalog entry', () => {
  it('A5: the A2A card an application/a2a-agent-card+json entry names, after the well-known paths', async () => {
    const art = await a2aCard(await context());
    expect(art).toMatchObject({ path: '/agents/card.json', version: '1.0', card: { name: 'Corpus agent' } });
    expect(art.probes.map((p) => new URL(p.requestedUrl).pathname)).toEqual(['/.well-known/agent-card.json', '/.well-known/agent.json', '/agents/card.json']);
  });

  it('A6: the skills index an agent-skills JSON entry names, after the well-known paths', async () => {
    const art = await agentSkills(await context());
    expect(art.path).toBe('/skills/index.json');
    expect(art.probe?.url).toBe(`${site.origin}/skills/index.json`);
  });

  it('the catalogs are read once per scan, whoever asks', async () => {
    const ctx = await context();
    const before = site.requests.filter((r) => r.path === '/catalogs/ard.json').length;
    await Promise.all([a2aCard(ctx), agentSkills(ctx), agentCatalog(ctx)]);
    expect(site.requests.filter((r) => r.path === '/catalogs/ard.json').length - before).toBe(1);
  });
});

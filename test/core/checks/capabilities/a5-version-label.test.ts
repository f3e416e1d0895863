/** A5 must name the card generation the fields show, not the one a protocolVersion string claims. */
import { describe, expect, it } from 'vitest';
import { a5A2aAgentCard } from '../../../../src/core/checks/capabilities/a5-a2a-agent-card.js';
import { a2aCardFromProbes, a2aCardVersion } from '../../../../src/core/gather/a2a-card.js';
import { ORIGIN, json } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisory codes of an outcome, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);
const CUR = '/.well-known/agent-card.json';
const card = {
  name: 'Travel agent',
  description: 'Books trips',
  version: '2.1.0',
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'book', name: 'Book', description: 'Books a trip', tags: ['travel'] }],
};

describe('A5 version label', () => {
  it('reads a top-level url with protocolVersion 1.x as the pre-1.0 shape and says supportedInterfaces is missing', () => {
    const hybrid = { ...card, url: 'https://example.com/a2a', protocolVersion: '1.0.0' };
    expect(a2aCardVersion(hybrid, CUR)).toBe('0.3');
    const o = a5A2aAgentCard.evaluate(a2aCardFromProbes(json(CUR, hybrid), null), ctx);
    expect(o.matched).not.toMatch(/supportedInterfaces/);
    expect(noted(o)).toContain('A5/add-supported-interfaces');
  });
  it('a 1.x card without any endpoint stays 1.0 and is partial', () => {
    const bare = { ...card, protocolVersion: '1.0' };
    expect(a2aCardVersion(bare, CUR)).toBe('1.0');
    expect(a5A2aAgentCard.evaluate(a2aCardFromProbes(json(CUR, bare), null), ctx).status).toBe('partial');
  });
});

describe('A5 endpoint URLs', () => {
  it.each(['TODO', 'javascript:alert(1)', '/a2a'])('"%s" is no agent endpoint: partial', (url) => {
    const c = { ...card, supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }] };
    const o = a5A2aAgentCard.evaluate(a2aCardFromProbes(json(CUR, c), null), ctx);
    expect(o.status).toBe('partial');
    expect(o.findings).toContainEqual(expect.objectContaining({ code: 'A5/no-endpoint', data: { value: url } }));
  });
});

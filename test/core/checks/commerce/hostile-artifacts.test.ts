/**
 * Strangers' sites send any JSON: every check of A6-A10 and M1-M6 must turn odd shapes into a verdict
 * with evidence, never throw (a throw would surface as "internal error").
 */
import type { CheckOutcome } from '../../../../src/core/checks/types.js';
import { describe, expect, it } from 'vitest';
import { a6AgentSkills } from '../../../../src/core/checks/capabilities/a6-agent-skills.js';
import { a8OpenApi } from '../../../../src/core/checks/capabilities/a8-openapi.js';
import { a10AiCatalog } from '../../../../src/core/checks/capabilities/a10-ai-catalog.js';
import { m1Ucp } from '../../../../src/core/checks/commerce/m1-ucp.js';
import { m2Acp } from '../../../../src/core/checks/commerce/m2-acp.js';
import { m3X402 } from '../../../../src/core/checks/commerce/m3-x402.js';
import { m4Ap2 } from '../../../../src/core/checks/commerce/m4-ap2.js';
import { m5Mpp } from '../../../../src/core/checks/commerce/m5-mpp.js';
import { m6ProductData } from '../../../../src/core/checks/commerce/m6-product-data.js';
import { a2aCardFromProbes } from '../../../../src/core/gather/a2a-card.js';
import { openApiCandidates, openApiFromProbes } from '../../../../src/core/gather/openapi.js';
import { ucpFromProbe } from '../../../../src/core/gather/ucp.js';
import { ORIGIN, json, notFound, response } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const ODD: unknown[] = [
  null,
  [],
  42,
  'text',
  { skills: [null, 1, 'x', { name: 7, url: {}, digest: [] }], $schema: 5, version: {} },
  { ucp: { version: 5, services: [null, 'x', { rest: null }], capabilities: [1, null, { name: {} }] } },
  { protocol: { name: 'acp', version: 1, supported_versions: 'all' }, transports: 'rest', capabilities: { services: [{}] } },
  { openapi: '3.1.0', paths: { '/a': null, '/b': { get: { 'x-payment-info': [1, 2] } }, '/c': { post: { 'x-payment-info': { offers: [null] } } } } },
  { specVersion: 1, host: [], agents: 'x', entries: [null, { url: 1, data: 2 }] },
  { capabilities: { extensions: [null, { uri: 5 }, { uri: 'https://github.com/google-agentic-commerce/ap2', params: { roles: 'merchant' } }] } },
];

describe('hostile JSON never breaks evaluate', () => {
  it.each(ODD.map((v, i) => [i, v]))('shape %i', (_i, value) => {
    const statuses = ['pass', 'partial', 'fail', 'info', 'na'];
    const doc = (path: string) => json(path, value);
    const outcomes: Array<CheckOutcome<string, unknown>> = [
      a6AgentSkills.evaluate(
        {
          probes: [doc('/.well-known/agent-skills/index.json')],
          probe: doc('/.well-known/agent-skills/index.json'),
          path: '/.well-known/agent-skills/index.json',
          artifacts: {},
        },
        ctx,
      ),
      a10AiCatalog.evaluate({ probes: [doc('/.well-known/ai-catalog.json')] }, ctx),
      m1Ucp.evaluate(ucpFromProbe(doc('/.well-known/ucp')), ctx),
      m2Acp.evaluate(doc('/.well-known/acp.json'), ctx),
      m3X402.evaluate(
        {
          probes: [
            response({
              url: '/api',
              status: 402,
              headers: { 'content-type': 'application/json', 'payment-required': Buffer.from(JSON.stringify(value)).toString('base64') },
              body: JSON.stringify(value),
            }),
          ],
          sources: {},
        },
        ctx,
      ),
      m4Ap2.evaluate(
        { card: a2aCardFromProbes(doc('/.well-known/agent-card.json'), notFound('/.well-known/agent.json')), ucp: ucpFromProbe(doc('/.well-known/ucp')) },
        ctx,
      ),
    ];
    const candidates = openApiCandidates(ORIGIN, [`${ORIGIN}/spec.json`], []);
    const oa = openApiFromProbes(
      candidates,
      candidates.map((c) => json(new URL(c.url).pathname, value)),
    );
    outcomes.push(a8OpenApi.evaluate(oa, ctx), m5Mpp.evaluate(oa, ctx));
    const html = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(value)}</script></head></html>`;
    outcomes.push(
      m6ProductData.evaluate(
        {
          page: {
            url: `${ORIGIN}/`,
            probe: response({ url: '/', headers: { 'content-type': 'text/html' }, body: html }),
            jsonld: { blocks: [value], errors: [], types: [] },
          },
          product: null,
          productLink: null,
        },
        ctx,
      ),
    );
    for (const o of outcomes) {
      expect(statuses).toContain(o.status);
      expect(o.evidence.length).toBeGreaterThan(10);
    }
  });
});

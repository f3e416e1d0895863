/** Artifacts the commerce checks' tests and case tables share (test/core/checks/tables/commerce.ts). */
import { a2aCardFromProbes } from '../../../../src/core/gather/a2a-card.js';
import { ucpFromProbe } from '../../../../src/core/gather/ucp.js';
import { json, notFound, ORIGIN } from '../../../helpers/responses.js';

/** An x402 V1 Payment Required body with one `exact` requirement. */
export const X402_V1_BODY = {
  x402Version: 1,
  error: 'X-PAYMENT header is required',
  accepts: [
    {
      scheme: 'exact',
      network: 'base',
      maxAmountRequired: '10000',
      resource: `${ORIGIN}/api`,
      description: '',
      mimeType: 'application/json',
      payTo: '0xabc',
      maxTimeoutSeconds: 60,
      asset: '0xUSDC',
    },
  ],
};

/** Where A2A cards are read first. */
export const CARD = '/.well-known/agent-card.json';
/** No UCP profile at /.well-known/ucp. */
export const noUcp = () => ucpFromProbe(notFound('/.well-known/ucp'));
/** A shop's A2A card declaring these extensions (none: no `extensions` member). */
export const shopCard = (extensions?: unknown[]) =>
  a2aCardFromProbes(
    json(CARD, {
      name: 'Shop agent',
      version: '1.0.0',
      supportedInterfaces: [{ url: `${ORIGIN}/a2a` }],
      capabilities: extensions ? { extensions } : {},
      skills: [],
    }),
    null,
  );
/** No A2A card at either well-known path. */
export const noCard = () => a2aCardFromProbes(notFound(CARD), notFound('/.well-known/agent.json'));

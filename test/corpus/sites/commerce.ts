/** Corpus variants of the commerce checks (M1-M6), scored under the commerce profile. */
import type { Variant } from '../types.js';
import { H, PROSE, html, json, page } from './shared.js';
import { a2aJsonRpcRoute } from '../../fixtures/sites.mjs';

const product = (offers: Record<string, unknown> | undefined) =>
  page(
    'Blue Spade',
    `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Blue Spade', ...(offers ? { offers } : {}) })}</script>`,
  );
const FULL_OFFER = { '@type': 'Offer', price: '19.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' };

export const commerce: Variant[] = [
  {
    name: 'ucp-profile',
    models: 'a UCP business profile with a shopping service and checkout capability',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ucp': json({
        ucp: {
          version: '2026-01-11',
          services: {
            'dev.ucp.shopping': {
              version: '2026-01-11',
              spec: 'https://ucp.dev/specification/overview',
              rest: { schema: 'https://ucp.dev/services/shopping/rest.openapi.json', endpoint: `${origin}/api/ucp` },
            },
          },
          capabilities: {
            'dev.ucp.shopping.checkout': {
              version: '2026-01-11',
              spec: 'https://ucp.dev/specification/checkout',
              schema: 'https://ucp.dev/schemas/shopping/checkout.json',
            },
          },
        },
      }),
    }),
    expect: { M1: 'pass' },
    codes: { M1: 'M1/ok' },
    source: 'Universal Commerce Protocol (https://ucp.dev/specification/overview/: profile at /.well-known/ucp with ucp.version, services, capabilities)',
    profile: 'commerce',
  },
  {
    name: 'ucp-profile-2026-04',
    models: 'a UCP 2026-04-08 business profile: services and capabilities as arrays of versioned entries, payment_handlers present, cacheable',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ucp': json(
        {
          ucp: {
            version: '2026-04-08',
            services: {
              'dev.ucp.shopping': [
                {
                  version: '2026-04-08',
                  spec: 'https://ucp.dev/2026-04-08/specification/overview',
                  transport: 'rest',
                  endpoint: `${origin}/ucp/v1`,
                  schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json',
                },
                {
                  version: '2026-04-08',
                  spec: 'https://ucp.dev/2026-04-08/specification/overview',
                  transport: 'mcp',
                  endpoint: `${origin}/ucp/mcp`,
                  schema: 'https://ucp.dev/2026-04-08/services/shopping/mcp.openrpc.json',
                },
              ],
            },
            capabilities: {
              'dev.ucp.shopping.checkout': [
                {
                  version: '2026-04-08',
                  spec: 'https://ucp.dev/2026-04-08/specification/checkout',
                  schema: 'https://ucp.dev/2026-04-08/schemas/shopping/checkout.json',
                },
              ],
            },
            payment_handlers: {},
          },
        },
        { 'cache-control': 'public, max-age=3600' },
      ),
    }),
    expect: { M1: 'pass' },
    codes: { M1: 'M1/ok' },
    source: 'UCP 2026-04-08 overview, "Profile Structure" and "Hosting" (Universal-Commerce-Protocol/ucp 2026-04-08/specification/overview/index.md)',
    profile: 'commerce',
  },
  {
    name: 'ucp-profile-2026-08',
    models: 'a UCP 2026-08-25 business profile: every service binding versioned, payment_handlers present, a top-level keys[] JWK Set beside "ucp"',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ucp': json(
        {
          ucp: {
            version: '2026-08-25',
            services: {
              'dev.ucp.shopping': [
                {
                  version: '2026-08-25',
                  spec: 'https://ucp.dev/2026-08-25/specification/overview',
                  transport: 'rest',
                  endpoint: `${origin}/ucp/v1`,
                  schema: 'https://ucp.dev/2026-08-25/services/shopping/rest.openapi.json',
                },
              ],
            },
            capabilities: {
              'dev.ucp.shopping.checkout': [
                {
                  version: '2026-08-25',
                  spec: 'https://ucp.dev/2026-08-25/specification/checkout',
                  schema: 'https://ucp.dev/2026-08-25/schemas/shopping/checkout.json',
                },
              ],
            },
            payment_handlers: {},
          },
          // The corpus's own Ed25519 key (the Web Bot Auth variant's), in the overview example's shape (kid, kty, crv, x, use, alg).
          keys: [
            {
              kid: 'mrkvManMGgSdR6bhOMyQGGQqrLq_4PMktuu1DEkCJB4',
              kty: 'OKP',
              crv: 'Ed25519',
              x: 'OftgBAZx-uEuZWgzhjgosNSP0-5fKvMicyj2B8zLh2k',
              use: 'sig',
              alg: 'EdDSA',
            },
          ],
        },
        { 'cache-control': 'public, max-age=3600' },
      ),
    }),
    expect: { M1: 'pass' },
    codes: { M1: 'M1/ok' },
    source:
      'UCP tag v2026-08-25 (cd78fb38e819, as pinned by the records in the index) and the business-profile example of docs/specification/overview/index.md at fdcf8934 (2026-08-22, main, read in the snapshot): nested "ucp" profile, versioned bindings, payment_handlers, keys[] beside "ucp"; our decision: M1 does not judge keys[]',
    profile: 'commerce',
  },
  {
    name: 'ucp-profile-early-draft',
    models: 'a UCP profile in the early-draft shape: top-level protocol_version, services, capabilities, endpoints',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ucp': json({
        protocol_version: '2026-01-11',
        services: { 'dev.ucp.shopping': { rest: { endpoint: `${origin}/api/ucp` } } },
        capabilities: { 'dev.ucp.shopping.checkout': { version: '2026-01-11' } },
        endpoints: { rest: `${origin}/api/ucp` },
      }),
    }),
    expect: { M1: 'pass' },
    codes: { M1: 'M1/ok' },
    source:
      'UCP early drafts and the reference scanner\'s UCP prompt (top-level protocol_version, services, capabilities, endpoints); catalog M1 ("accept both")',
    profile: 'commerce',
  },
  {
    name: 'acp-discovery',
    models: 'an Agentic Commerce Protocol discovery document',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/acp.json': json({
        protocol: { name: 'acp', version: '2026-01-30', supported_versions: ['2025-09-29', '2026-01-30'], documentation_url: `${origin}/docs/acp` },
        api_base_url: `${origin}/acp`,
        transports: ['rest'],
        capabilities: { services: ['checkout'], supported_currencies: ['usd'] },
      }),
    }),
    expect: { M2: 'pass' },
    codes: { M2: 'M2/ok' },
    source:
      'Agentic Commerce Protocol discovery RFC (agentic-commerce-protocol rfcs/rfc.discovery.md: /.well-known/acp.json with protocol, api_base_url, transports, capabilities)',
    profile: 'commerce',
  },
  {
    name: 'acp-wrong-protocol',
    models: '/.well-known/acp.json is JSON naming another protocol',
    site: () => ({ '/': page(), '/.well-known/acp.json': json({ protocol: { name: 'ucp' } }) }),
    expect: { M2: 'fail' },
    codes: { M2: 'M2/not-acp' },
    source: 'ACP discovery RFC (rfcs/rfc.discovery.md: protocol.name = "acp")',
    profile: 'commerce',
  },
  {
    name: 'x402-payment-required',
    models: '/api answers 402 with x402 v1 payment requirements',
    site: ({ origin }) => ({
      '/': page(),
      '/api': {
        status: 402,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          x402Version: 1,
          error: 'X-PAYMENT header is required',
          accepts: [
            {
              scheme: 'exact',
              network: 'base',
              maxAmountRequired: '10000',
              resource: `${origin}/api`,
              description: '',
              mimeType: 'application/json',
              payTo: '0xabc',
              maxTimeoutSeconds: 60,
              asset: '0xUSDC',
            },
          ],
        }),
      },
    }),
    expect: { M3: 'pass' },
    codes: { M3: 'M3/ok' },
    source: 'x402 (https://x402.org, github.com/coinbase/x402): v1 402 body with x402Version and accepts[]',
    profile: 'commerce',
  },
  {
    name: 'x402-v2-header',
    models: '/api answers 402 with an x402 v2 PAYMENT-REQUIRED header (base64 JSON)',
    site: ({ origin }) => ({
      '/': page(),
      '/api': {
        status: 402,
        headers: {
          'payment-required': Buffer.from(
            JSON.stringify({
              x402Version: 2,
              error: 'payment required',
              resource: { url: `${origin}/api` },
              accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '10000', asset: '0xUSDC', payTo: '0xabc', maxTimeoutSeconds: 60 }],
            }),
          ).toString('base64'),
        },
        body: '',
      },
    }),
    expect: { M3: 'pass' },
    codes: { M3: 'M3/ok' },
    source: 'x402 v2 (github.com/coinbase/x402: PAYMENT-REQUIRED header = base64 JSON with x402Version 2 and accepts[])',
    profile: 'commerce',
  },
  {
    name: 'x402-well-known-manifest',
    models: 'the paid endpoint is only named by /.well-known/x402.json (items[].resource.url); it answers 402 with a v2 PAYMENT-REQUIRED header',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/x402.json': json({
        x402Version: 2,
        lastUpdated: '2026-11-01T00:00:00Z',
        items: [{ resource: { url: `${origin}/reports/weekly` }, type: 'http', input: { method: 'GET' } }],
      }),
      '/reports/weekly': {
        status: 402,
        headers: {
          'payment-required': Buffer.from(
            JSON.stringify({
              x402Version: 2,
              error: 'payment required',
              resource: { url: `${origin}/reports/weekly` },
              accepts: [{ scheme: 'exact', network: 'eip155:8453', amount: '5000', asset: '0xUSDC', payTo: '0xdef', maxTimeoutSeconds: 60 }],
            }),
          ).toString('base64'),
        },
        body: '',
      },
    }),
    expect: { M3: 'pass' },
    codes: { M3: 'M3/ok' },
    source:
      'x402 well-known discovery extension (x402-foundation/x402 specs/extensions/well-known-discovery.md, commit 268f071, Draft; read 2026-11-25): /.well-known/x402.json items[].resource.url',
    profile: 'commerce',
  },
  {
    name: 'x402-unparseable',
    models: '/api answers 402 with a plain-text body',
    site: () => ({ '/': page(), '/api': { status: 402, headers: { 'content-type': 'text/plain' }, body: 'pay up' } }),
    expect: { M3: 'partial' },
    codes: { M3: 'M3/unparseable' },
    source: 'x402 specification v1 (requirements as JSON body or PAYMENT-REQUIRED header); RFC 9110 §15.5.3 (402 reserved)',
    profile: 'commerce',
  },
  {
    name: 'ap2-extension',
    models: 'an A2A card declaring the AP2 extension with roles',
    site: ({ origin }) => ({
      '/': page(),
      '/a2a': a2aJsonRpcRoute(),
      '/.well-known/agent-card.json': json({
        name: 'Corpus shop agent',
        description: 'Sells tools',
        version: '1.0.0',
        supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        capabilities: { extensions: [{ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', required: true, params: { roles: ['merchant'] } }] },
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'buy', name: 'Buy', description: 'Buy a tool', tags: ['shop'] }],
      }),
    }),
    expect: { M4: 'pass', A5: 'pass' },
    codes: { M4: 'M4/ok' },
    source: 'AP2 A2A extension (github.com/google-agentic-commerce/AP2 docs/a2a-extension.md: capabilities.extensions[].uri, params.roles)',
    profile: 'commerce',
  },
  {
    name: 'ap2-extension-no-roles',
    models: 'an A2A card declaring the AP2 extension without params.roles',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/agent-card.json': json({
        name: 'Corpus shop agent',
        description: 'Sells tools',
        version: '1.0.0',
        supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        capabilities: { extensions: [{ uri: 'https://github.com/google-agentic-commerce/ap2/tree/v0.1', params: {} }] },
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'buy', name: 'Buy', description: 'Buy a tool', tags: ['shop'] }],
      }),
    }),
    expect: { M4: 'partial' },
    codes: { M4: 'M4/no-roles' },
    source: 'AP2 A2A extension (docs/a2a-extension.md: params.roles is required)',
    profile: 'commerce',
  },
  {
    name: 'ap2-v02-sample-card',
    models: 'an A2A card declaring AP2 the way the v0.2 samples do: uri ap2/v1, required, no params',
    site: ({ origin }) => ({
      '/': page(),
      '/a2a': a2aJsonRpcRoute(),
      '/.well-known/agent-card.json': json({
        name: 'Corpus shop agent',
        description: 'Sells tools',
        version: '1.0.0',
        supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
        capabilities: { extensions: [{ uri: 'https://github.com/google-agentic-commerce/ap2/v1', description: 'Agent payments', required: true }] },
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [{ id: 'buy', name: 'Buy', description: 'Buy a tool', tags: ['shop'] }],
      }),
    }),
    expect: { M4: 'pass' },
    codes: { M4: 'M4/declared' },
    source:
      'AP2 v0.2 (google-agentic-commerce/AP2 b4587ac, 2026-04-28): docs/a2a-extension.md removed; code/samples/python/src/roles/merchant_agent/agent.json declares ap2/v1, required, no params',
    profile: 'commerce',
  },
  {
    name: 'acp-discovery-carts',
    models: 'an ACP discovery document listing the carts service',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/acp.json': json({
        protocol: { name: 'acp', version: '2026-04-17', supported_versions: ['2026-01-30', '2026-04-17'] },
        api_base_url: `${origin}/acp`,
        transports: ['rest'],
        capabilities: { services: ['checkout', 'carts'] },
      }),
    }),
    expect: { M2: 'pass' },
    codes: { M2: 'M2/ok' },
    source: 'ACP rfcs/rfc.discovery.md at 7641c71 (2026-04-16, Services Enum adds carts) and spec/2026-04-17 DiscoveryCapabilities.services enum',
    profile: 'commerce',
  },
  {
    name: 'acp-discovery-mcp-only',
    models: 'an ACP discovery document whose transports lack rest',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/acp.json': json({
        protocol: { name: 'acp', version: '2026-04-17', supported_versions: ['2026-04-17'] },
        api_base_url: `${origin}/acp`,
        transports: ['mcp'],
        capabilities: { services: ['checkout'] },
      }),
    }),
    expect: { M2: 'partial' },
    codes: { M2: 'M2/invalid' },
    source: 'ACP discovery RFC conformance checklist (rfcs/rfc.discovery.md §10: MUST include at least "rest" in transports)',
    profile: 'commerce',
  },
  {
    name: 'mpp-payment-offers',
    models: 'x-payment-info in the offers[] form: a base-unit amount and a dynamic (null) one, with a 402 response',
    site: () => ({
      '/': page(),
      '/openapi.json': json({
        openapi: '3.1.0',
        info: { title: 'Reports', version: '1' },
        paths: {
          '/report': {
            post: {
              responses: { 200: { description: 'ok' }, 402: { description: 'Payment Required' } },
              'x-payment-info': {
                offers: [
                  { intent: 'charge', method: 'stripe', amount: '50', currency: 'usd' },
                  { intent: 'charge', method: 'tempo', amount: null },
                ],
              },
            },
          },
        },
      }),
    }),
    expect: { M5: 'pass', A8: 'pass' },
    codes: { M5: 'M5/ok' },
    source: 'draft-payment-discovery-01 (tempoxyz/mpp-specs specs/extensions: x-payment-info offers[], amount base units or null, 402 response declared)',
    profile: 'commerce',
  },
  {
    name: 'mpp-payment-info-scan-shape',
    models: "x-payment-info as an x402scan-style {price, protocols} object, without the draft's offer fields",
    site: () => ({
      '/': page(),
      '/openapi.json': json({
        openapi: '3.1.0',
        info: { title: 'Reports', version: '1' },
        paths: {
          '/report': {
            get: {
              responses: { 200: { description: 'ok' }, 402: { description: 'Payment Required' } },
              'x-payment-info': { price: { mode: 'fixed', currency: 'USD', amount: '0.10' }, protocols: [{ x402: {} }] },
            },
          },
        },
      }),
    }),
    expect: { M5: 'partial' },
    codes: { M5: 'M5/incomplete' },
    source: 'Shape seen in public x402/MPP service code (price + protocols); draft-payment-discovery-01 defines intent, method, amount instead',
    profile: 'commerce',
  },
  {
    name: 'mpp-payment-info',
    models: 'an OpenAPI description with complete x-payment-info on an operation',
    site: () => ({
      '/': page(),
      '/openapi.json': json({
        openapi: '3.1.0',
        info: { title: 'Reports', version: '1' },
        'x-service-info': { name: 'Reports' },
        paths: {
          '/report': {
            get: { responses: { 200: { description: 'ok' } }, 'x-payment-info': { intent: 'charge', method: 'tempo', amount: '0.01', currency: 'usd' } },
          },
        },
      }),
    }),
    expect: { M5: 'pass', A8: 'pass' },
    codes: { M5: 'M5/ok' },
    source:
      'Machine Payments Protocol (https://mpp.dev) discovery as the reference scanner applies it: /openapi.json operations with x-payment-info intent, method, amount',
    profile: 'commerce',
  },
  {
    name: 'mpp-payment-info-incomplete',
    models: 'x-payment-info without an amount',
    site: () => ({
      '/': page(),
      '/openapi.json': json({
        openapi: '3.1.0',
        info: { title: 'Reports', version: '1' },
        paths: { '/report': { get: { responses: { 200: { description: 'ok' } }, 'x-payment-info': { intent: 'subscribe', method: 'card' } } } },
      }),
    }),
    expect: { M5: 'partial' },
    codes: { M5: 'M5/incomplete' },
    source: 'Machine Payments Protocol payment discovery (https://mpp.dev: x-payment-info intent, method, amount)',
    profile: 'commerce',
  },
  {
    name: 'product-complete-offer',
    models: 'a schema.org Product with a complete Offer on the page',
    site: () => ({ '/': product(FULL_OFFER) }),
    expect: { M6: 'pass', C4: 'pass' },
    codes: { M6: 'M6/ok' },
    source: 'schema.org Product and Offer (price, priceCurrency, availability); Google Search Central "Product snippet" required properties',
    profile: 'commerce',
  },
  {
    name: 'product-in-graph',
    models: 'a Product with a complete Offer inside a JSON-LD @graph',
    site: () => ({
      '/': page(
        'Blue Spade',
        `<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'WebSite', name: 'Corpus Co' },
            { '@type': 'Product', name: 'Blue Spade', offers: FULL_OFFER },
          ],
        })}</script>`,
      ),
    }),
    expect: { M6: 'pass' },
    codes: { M6: 'M6/ok' },
    source: 'W3C JSON-LD 1.1 §4.9 (named graphs, @graph); schema.org Product / Offer',
    profile: 'commerce',
  },
  {
    name: 'product-offer-missing-price',
    models: 'a Product whose Offer has no price',
    site: () => ({ '/': product({ '@type': 'Offer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' }) }),
    expect: { M6: 'partial' },
    codes: { M6: 'M6/incomplete-offer' },
    source: 'Google Search Central "Merchant listing" structured data (offers.price required); schema.org Offer',
    profile: 'commerce',
  },
  {
    name: 'store-without-commerce-profile',
    models: 'a plain content page scanned with the auto profile: commerce checks do not apply',
    site: () => ({ '/': { headers: H, body: html(`<main><h1>Corpus Co</h1>${PROSE}</main>`) } }),
    expect: { M1: 'na', M3: 'na', M6: 'na', A2: 'na' },
    source: 'our decision docs/scoring.md (profiles: commerce checks count only on stores; app checks only with app evidence); catalog §4.3',
  },
];

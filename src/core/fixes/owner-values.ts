/**
 * The values a fix guide cannot know and shows a placeholder for: FixStep.needs names them with
 * these ids, so `ai-ready fix` can take them from flags or a config and a test can tell a guide
 * that needs the owner from one that is wrong. A placeholder that would pass a check is not an
 * answer: the step says which value it needs.
 */
export const OWNER_VALUES = {
  domain: 'The public domain name the site is published at (the scan ran on an address without one).',
  siteName: 'The name of the site or organization (guides show "Example Co").',
  pageUrls: 'The canonical URLs of your pages (a sitemap lists them all; a scan sees only the pages it sampled).',
  pageContent: 'The text of the page itself, in the HTML the server sends.',
  mcpEndpoint: 'The URL of your MCP server (Streamable HTTP or SSE).',
  a2aEndpoint: 'The URL your A2A agent answers at.',
  apiBaseUrl: 'The base URL and description (OpenAPI) of your API.',
  authorizationServer: 'The issuer and endpoints of your OAuth authorization server.',
  contact: 'A contact address for security or agent questions.',
  signingKey: 'The public key (JWK) your bots sign their requests with.',
  commerceEndpoint: 'The URL of your checkout or commerce API.',
  paymentAddress: 'Where payments go (wallet address or payment provider account) and the price of each paid operation.',
  productData: 'Your products: name, price, currency and availability, from your catalog.',
  dnsZone: 'Access to the DNS zone of your domain (DNS records cannot be published over HTTP).',
  contentSignal:
    'Your Content Signals (contentsignals.org), your decision: search, ai-input and ai-train each yes or no, e.g. ' +
    '"search=yes, ai-input=yes, ai-train=no" (optionally use=immediate|reference|full).',
  contentUsage: 'Your AI usage preferences (IETF AIPREF vocabulary), your decision: train-ai, ai-use and search each y or n, e.g. "train-ai=n, search=y".',
  aiTraining: 'Whether AI training crawlers (GPTBot, ClaudeBot, Google-Extended, Applebot-Extended, CCBot) may crawl the site, your decision: block or allow.',
} as const;

export type OwnerValue = keyof typeof OWNER_VALUES;
/** Values the owner supplied, by name. */
export type OwnerValues = Partial<Record<OwnerValue, string>>;

export function isOwnerValue(v: string): v is OwnerValue {
  return Object.hasOwn(OWNER_VALUES, v);
}

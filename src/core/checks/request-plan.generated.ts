// Generated from the checks' meta.requests by src/core/checks/request-plan.ts: do not edit.
// UPDATE_PLAN=1 npx vitest run test/core/checks/request-plan.test.ts rewrites it (that test fails while it differs).
import type { PlannedRequest } from '../gather/early-request.js';

export const REQUEST_PLAN: readonly PlannedRequest[] = [
  {
    path: '/robots.txt',
    options: { accept: 'text/plain,*/*;q=0.1', maxBytes: 524288 },
    declaredBy: [
      { id: 'D1', dimension: 'discoverability' },
      { id: 'D2', dimension: 'discoverability' },
      { id: 'B1', dimension: 'bot_access' },
      { id: 'B2', dimension: 'bot_access' },
      { id: 'B4', dimension: 'bot_access' },
      { id: 'B5', dimension: 'bot_access' },
      { id: 'A3', dimension: 'capabilities' },
      { id: 'A4', dimension: 'capabilities' },
      { id: 'A10', dimension: 'capabilities' },
    ],
  },
  {
    path: '/llms.txt',
    options: { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.1', maxBytes: 2097152 },
    declaredBy: [
      { id: 'D4', dimension: 'discoverability' },
      { id: 'D5', dimension: 'discoverability' },
    ],
  },
  {
    path: '/llms-full.txt',
    options: { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.1', maxBytes: 2097152 },
    declaredBy: [{ id: 'D5', dimension: 'discoverability' }],
  },
  {
    path: '/.well-known/http-message-signatures-directory',
    options: { accept: 'application/http-message-signatures-directory+json, application/json;q=0.9, */*;q=0.1', maxBytes: 1048576 },
    declaredBy: [{ id: 'B3', dimension: 'bot_access' }],
  },
  {
    path: '/.well-known/api-catalog',
    options: { accept: 'application/linkset+json, application/json', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A1', dimension: 'capabilities' },
      { id: 'A8', dimension: 'capabilities' },
      { id: 'M3', dimension: 'commerce' },
      { id: 'M5', dimension: 'commerce' },
    ],
  },
  {
    path: '/.well-known/oauth-authorization-server',
    options: { accept: 'application/json, */*;q=0.1', maxBytes: 1048576 },
    declaredBy: [{ id: 'A2', dimension: 'capabilities' }],
  },
  {
    path: '/.well-known/openid-configuration',
    options: { accept: 'application/json, */*;q=0.1', maxBytes: 1048576 },
    declaredBy: [{ id: 'A2', dimension: 'capabilities' }],
  },
  {
    path: '/.well-known/oauth-protected-resource',
    options: { accept: 'application/json, */*;q=0.1', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A2', dimension: 'capabilities' },
      { id: 'A3', dimension: 'capabilities' },
    ],
  },
  {
    path: '/.well-known/mcp/server-card.json',
    options: { accept: 'application/json', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A3', dimension: 'capabilities' },
      { id: 'A4', dimension: 'capabilities' },
    ],
  },
  {
    path: '/.well-known/mcp/server-card',
    options: { accept: 'application/json', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A3', dimension: 'capabilities' },
      { id: 'A4', dimension: 'capabilities' },
    ],
  },
  {
    path: '/.well-known/mcp/server-cards.json',
    options: { accept: 'application/json', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A3', dimension: 'capabilities' },
      { id: 'A4', dimension: 'capabilities' },
    ],
  },
  {
    path: '/.well-known/mcp.json',
    options: { accept: 'application/json', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A3', dimension: 'capabilities' },
      { id: 'A4', dimension: 'capabilities' },
    ],
  },
  {
    path: '/.well-known/ard.json',
    options: { accept: 'application/ai-catalog+json, application/json;q=0.9, */*;q=0.1', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A3', dimension: 'capabilities' },
      { id: 'A4', dimension: 'capabilities' },
      { id: 'A10', dimension: 'capabilities' },
    ],
  },
  {
    path: '/.well-known/ai-catalog.json',
    options: { accept: 'application/ai-catalog+json, application/json;q=0.9, */*;q=0.1', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A3', dimension: 'capabilities' },
      { id: 'A4', dimension: 'capabilities' },
      { id: 'A10', dimension: 'capabilities' },
    ],
  },
  {
    path: '/.well-known/mcp/catalog.json',
    options: { accept: 'application/json', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A3', dimension: 'capabilities' },
      { id: 'A4', dimension: 'capabilities' },
      { id: 'A10', dimension: 'capabilities' },
    ],
  },
  {
    path: '/.well-known/agent-card.json',
    options: { accept: 'application/json, */*;q=0.1', maxBytes: 1048576 },
    declaredBy: [
      { id: 'A5', dimension: 'capabilities' },
      { id: 'M4', dimension: 'commerce' },
    ],
  },
  {
    path: '/.well-known/agent-skills/index.json',
    options: { accept: 'application/json, */*;q=0.1', maxBytes: 1048576 },
    declaredBy: [{ id: 'A6', dimension: 'capabilities' }],
  },
  {
    path: '/auth.md',
    options: { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.1', maxBytes: 524288 },
    declaredBy: [{ id: 'A9', dimension: 'capabilities' }],
  },
  {
    path: '/.well-known/ucp',
    options: { accept: 'application/json, */*;q=0.1', maxBytes: 1048576 },
    declaredBy: [
      { id: 'M1', dimension: 'commerce' },
      { id: 'M4', dimension: 'commerce' },
    ],
  },
  { path: '/.well-known/acp.json', options: { accept: 'application/json, */*;q=0.1', maxBytes: 262144 }, declaredBy: [{ id: 'M2', dimension: 'commerce' }] },
  { path: '/api', options: { accept: 'application/json, */*;q=0.1' }, declaredBy: [{ id: 'M3', dimension: 'commerce' }] },
  { path: '/api/v1', options: { accept: 'application/json, */*;q=0.1' }, declaredBy: [{ id: 'M3', dimension: 'commerce' }] },
  { path: '/.well-known/x402.json', options: { accept: 'application/json, */*;q=0.1', maxBytes: 262144 }, declaredBy: [{ id: 'M3', dimension: 'commerce' }] },
  {
    target: true,
    options: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot',
      maxBytes: 4096,
    },
    declaredBy: [{ id: 'B1', dimension: 'bot_access' }],
  },
  {
    target: true,
    options: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
      maxBytes: 4096,
    },
    declaredBy: [{ id: 'B1', dimension: 'bot_access' }],
  },
  {
    target: true,
    options: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
      maxBytes: 4096,
    },
    declaredBy: [{ id: 'B1', dimension: 'bot_access' }],
  },
  {
    target: true,
    options: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
      maxBytes: 4096,
    },
    declaredBy: [{ id: 'B1', dimension: 'bot_access' }],
  },
  {
    target: true,
    options: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +https://www.anthropic.com)',
      maxBytes: 4096,
    },
    declaredBy: [{ id: 'B1', dimension: 'bot_access' }],
  },
  {
    target: true,
    options: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
      maxBytes: 4096,
    },
    declaredBy: [{ id: 'B1', dimension: 'bot_access' }],
  },
  {
    target: true,
    options: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
      maxBytes: 4096,
    },
    declaredBy: [{ id: 'B1', dimension: 'bot_access' }],
  },
  {
    target: true,
    options: {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
      maxBytes: 4096,
    },
    declaredBy: [{ id: 'B1', dimension: 'bot_access' }],
  },
];

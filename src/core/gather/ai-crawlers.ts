/**
 * AI crawler and agent robots.txt tokens (catalog §5), as versioned data read by B1. Sources:
 * ai.robots.txt `robots.json` and the vendors' own bot pages. Changing this list changes B1
 * verdicts, so bump AI_CRAWLERS_VERSION (and the rubric version) with it.
 */

export const AI_CRAWLERS_VERSION = '2026-08-22';

/**
 * train: collects training data. search: builds an AI search/answer index. user: fetches because a
 * person asked. agent: acts for a user (browser and coding agents). control: a robots.txt token
 * only, sends no requests of its own (training opt-out). retired: obsolete, reaches no current bot.
 * other: ads checks, link previews.
 */
export type CrawlerCategory = 'train' | 'search' | 'user' | 'agent' | 'control' | 'retired' | 'other';

export interface AiCrawler {
  token: string;
  operator: string;
  category: CrawlerCategory;
  /** One of the 15 tokens isitagentready.com scans (catalog §1.3), for parity reporting. */
  anchor?: boolean;
}

/** Operators whose answer engines matter most to visibility (B1's pass rule). */
export const MAJOR_OPERATORS = new Set(['OpenAI', 'Anthropic', 'Google', 'Perplexity', 'Microsoft', 'Apple', 'Meta', 'Amazon']);

const c = (token: string, operator: string, category: CrawlerCategory, anchor = false): AiCrawler =>
  anchor ? { token, operator, category, anchor } : { token, operator, category };

export const AI_CRAWLERS: readonly AiCrawler[] = [
  c('GPTBot', 'OpenAI', 'train', true),
  c('OAI-SearchBot', 'OpenAI', 'search'),
  c('ChatGPT-User', 'OpenAI', 'user', true),
  c('ChatGPT Agent', 'OpenAI', 'agent'),
  c('Operator', 'OpenAI', 'agent'),
  c('OAI-AdsBot', 'OpenAI', 'other'),
  c('ClaudeBot', 'Anthropic', 'train'),
  c('Claude-SearchBot', 'Anthropic', 'search'),
  c('Claude-User', 'Anthropic', 'user'),
  c('Claude-Code', 'Anthropic', 'agent'),
  c('anthropic-ai', 'Anthropic', 'retired', true),
  c('Claude-Web', 'Anthropic', 'retired', true),
  c('Googlebot', 'Google', 'search'),
  c('Google-Extended', 'Google', 'control', true),
  c('GoogleOther', 'Google', 'train'),
  c('GoogleOther-Image', 'Google', 'train'),
  c('GoogleOther-Video', 'Google', 'train'),
  c('Google-CloudVertexBot', 'Google', 'train'),
  c('Google-Agent', 'Google', 'agent'),
  c('GoogleAgent-Mariner', 'Google', 'agent'),
  c('GoogleAgent-URLContext', 'Google', 'user'),
  c('Gemini-Deep-Research', 'Google', 'user'),
  c('Google-NotebookLM', 'Google', 'user'),
  c('Google-Gemini-CLI', 'Google', 'agent'),
  c('Applebot', 'Apple', 'search'),
  c('Applebot-Extended', 'Apple', 'control', true),
  c('PerplexityBot', 'Perplexity', 'search', true),
  c('Perplexity-User', 'Perplexity', 'user'),
  c('meta-externalagent', 'Meta', 'train', true),
  c('meta-externalfetcher', 'Meta', 'user'),
  c('meta-webindexer', 'Meta', 'search'),
  c('FacebookBot', 'Meta', 'train', true),
  c('facebookexternalhit', 'Meta', 'other'),
  c('Amazonbot', 'Amazon', 'search', true),
  c('Amzn-SearchBot', 'Amazon', 'search'),
  c('Amzn-User', 'Amazon', 'user'),
  c('AmazonBuyForMe', 'Amazon', 'agent'),
  c('NovaAct', 'Amazon', 'agent'),
  c('Bingbot', 'Microsoft', 'search'),
  c('CCBot', 'Common Crawl', 'train', true),
  c('Bytespider', 'ByteDance', 'train', true),
  c('TikTokSpider', 'ByteDance', 'train'),
  c('Trae', 'ByteDance', 'agent'),
  c('DuckAssistBot', 'DuckDuckGo', 'user'),
  c('MistralAI-User', 'Mistral', 'user'),
  c('cohere-ai', 'Cohere', 'user', true),
  c('cohere-training-data-crawler', 'Cohere', 'train'),
  c('DeepSeekBot', 'DeepSeek', 'train'),
  c('YouBot', 'You.com', 'search'),
  c('PetalBot', 'Huawei', 'search'),
  c('YandexAdditional', 'Yandex', 'train'),
  c('YandexAdditionalBot', 'Yandex', 'train'),
  c('Diffbot', 'Diffbot', 'train', true),
  c('omgili', 'Webz.io', 'train'),
  c('omgilibot', 'Webz.io', 'train', true),
  c('Timpibot', 'Timpi', 'train'),
  c('ImagesiftBot', 'ImageSift', 'train'),
  c('AI2Bot', 'Ai2', 'train'),
  c('Ai2Bot-Dolma', 'Ai2', 'train'),
  c('PanguBot', 'Huawei', 'train'),
  c('Kangaroo Bot', 'Kangaroo LLM', 'train'),
  c('img2dataset', 'img2dataset', 'train'),
  c('Devin', 'Cognition', 'agent'),
  c('Manus-User', 'Manus', 'agent'),
  c('TwinAgent', 'Twin', 'agent'),
  c('Cursor', 'Anysphere', 'agent'),
  c('opencode', 'SST', 'agent'),
];

/**
 * The product token a robots.txt User-agent value names, as robots-parser compares it:
 * lower case, version suffix ("/1.0") dropped.
 */
export function normalizeAgentToken(value: string): string {
  const lower = value.toLowerCase();
  const slash = lower.indexOf('/');
  return (slash >= 0 ? lower.slice(0, slash) : lower).trim();
}

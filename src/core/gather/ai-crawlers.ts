/**
 * AI crawler and agent robots.txt tokens (catalog §5), as versioned data read by B1. Sources:
 * ai.robots.txt `robots.json` (every key, read at commit 0037a9e2c5ff, 166 entries, and again on
 * 2026-11-27 at cfd62dbc of 2026-08-22, the newest in the repository snapshot: the same 166 keys;
 * keys that only differ in case or by a `/version` suffix are one robots.txt token and listed once) and the vendors'
 * own bot pages (Googlebot, Bingbot, OAI-AdsBot are not in robots.json). Changing this list changes
 * B1 verdicts, so bump AI_CRAWLERS_VERSION (and the rubric version) with it.
 */

export const AI_CRAWLERS_VERSION = '2026-11-25';

/**
 * train: collects training data or bulk data sets for AI. search: builds an AI search/answer index
 * (including search APIs that serve pages to AI apps). user: fetches because a person asked. agent:
 * acts for a user (browser and coding agents). control: a robots.txt token only, sends no requests
 * of its own (training opt-out). retired: obsolete, reaches no current bot. other: ads checks, link
 * previews, enterprise crawlers a customer points at its own sites (Kendra, Bedrock, Rovo), and
 * tokens whose purpose nobody documents. Only major operators' search and user tokens count toward
 * B1's pass rule, so a token's category here decides more than its display band only for them.
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
  // Added on 2026-11-25 from robots.json at 0037a9e2c5ff. Category from its `function` (AI Search
  // Crawlers → search, AI Assistants → user, AI Agents / AI Coding Agents → agent, AI Data
  // Scrapers and training → train, undocumented → other); operator from its operator or
  // description, 'unknown' where it says "Unclear at this time" and names nobody.
  c('OpenAI', 'OpenAI', 'other'),
  c('CloudVertexBot', 'Google', 'train'),
  c('NotebookLM', 'Google', 'user'),
  c('Google-Firebase', 'Google', 'other'),
  c('amazon-kendra', 'Amazon', 'other'),
  c('amazon-QBusiness', 'Amazon', 'other'),
  c('bedrockbot', 'Amazon', 'other'),
  c('AzureAI-SearchBot', 'Microsoft', 'other'),
  c('AI2Bot-DeepResearchEval', 'Ai2', 'user'),
  c('Code', 'GitHub', 'agent'),
  c('Kimi-User', 'Moonshot AI', 'user'),
  c('TongyiBot', 'Alibaba', 'user'),
  c('YiyanBot', 'Baidu', 'user'),
  c('kagi-fetcher', 'Kagi', 'user'),
  c('PhindBot', 'Phind', 'user'),
  c('LinerBot', 'Liner', 'user'),
  c('Shap-User', 'Parallel', 'user'),
  c('GeistHaus-PageFetcher', 'GeistHaus', 'user'),
  c('Poggio-Citations', 'Poggio', 'user'),
  c('UseAI', 'Use AI', 'user'),
  c('BuddyBot', 'BuddyBotLearning', 'user'),
  c('Mozilla-Tabstack', 'Mozilla', 'agent'),
  c('AIWebIndex', 'Lyrenth', 'search'),
  c('Andibot', 'Andi', 'search'),
  c('Bravebot', 'Brave', 'search'),
  c('ExaBot', 'Exa', 'search'),
  c('ExaSearchBot', 'Exa', 'search'),
  c('TavilyBot', 'Tavily', 'search'),
  c('ShapBot', 'Parallel', 'search'),
  c('HenkBot', 'Valyu', 'search'),
  c('Querit-SearchBot', 'Querit', 'search'),
  c('QueritBot', 'Querit', 'search'),
  c('Terra Cotta', 'Ceramic AI', 'search'),
  c('TerraCotta', 'Ceramic AI', 'search'),
  c('iaskspider', 'iAsk', 'search'),
  c('iAskBot', 'unknown', 'search'),
  c('LinkupBot', 'unknown', 'search'),
  c('Channel3Bot', 'unknown', 'search'),
  c('ZanistaBot', 'unknown', 'search'),
  c('AddSearchBot', 'AddSearch', 'other'),
  c('Anomura', 'Direqt', 'other'),
  c('atlassian-bot', 'Atlassian', 'other'),
  c('bigsur.ai', 'Big Sur AI', 'other'),
  c('Cloudflare-AutoRAG', 'Cloudflare', 'other'),
  c('KlaviyoAIBot', 'Klaviyo', 'other'),
  c('QualifiedBot', 'Qualified', 'other'),
  c('wpbot', 'QuantumCloud', 'other'),
  c('QuillBot', 'QuillBot', 'other'),
  c('quillbot.com', 'QuillBot', 'other'),
  c('SemrushBot-OCOB', 'Semrush', 'other'),
  c('SemrushBot-SWA', 'Semrush', 'other'),
  c('AgentTimes', 'The Agent Times', 'other'),
  c('Aranet-SearchBot', 'unknown', 'other'),
  c('Crawl4AI', 'unknown', 'other'),
  c('KunatoCrawler', 'unknown', 'other'),
  c('Reflectionbot', 'Reflection', 'other'),
  c('WRTNBot', 'unknown', 'other'),
  c('aiHitBot', 'aiHit', 'train'),
  c('ApifyBot', 'Apify', 'train'),
  c('ApifyWebsiteContentCrawler', 'Apify', 'train'),
  c('Awario', 'Awario', 'train'),
  c('Brightbot', 'Bright Data', 'train'),
  c('Brightbot 1.0', 'Bright Data', 'train'),
  c('ChatGLM-Spider', 'unknown', 'train'),
  c('Cotoyogi', 'ROIS', 'train'),
  c('CragCrawler', 'CragSoftware', 'train'),
  c('Crawlspace', 'Crawlspace', 'train'),
  c('Datenbank Crawler', 'Datenbank', 'train'),
  c('Echobot Bot', 'Echobox', 'train'),
  c('EchoboxBot', 'Echobox', 'train'),
  c('Factset_spyderbot', 'FactSet', 'train'),
  c('FirecrawlAgent', 'Firecrawl', 'train'),
  c('FriendlyCrawler', 'unknown', 'train'),
  c('ICC-Crawler', 'NICT', 'train'),
  c('imageSpider', 'unknown', 'train'),
  c('ISSCyberRiskCrawler', 'ISS-Corporate', 'train'),
  c('laion-huggingface-processor', 'unknown', 'train'),
  c('LAIONDownloader', 'LAION', 'train'),
  c('LCC', 'unknown', 'train'),
  c('Lightpanda', 'Lightpanda users', 'train'),
  c('Linguee Bot', 'Linguee', 'train'),
  c('MyCentralAIScraperBot', 'unknown', 'train'),
  c('NagetBot', 'Naget', 'train'),
  c('netEstate Imprint Crawler', 'netEstate', 'train'),
  c('newsai', 'unknown', 'train'),
  c('Panscient', 'Panscient', 'train'),
  c('panscient.com', 'Panscient', 'train'),
  c('Poseidon Research Crawler', 'Poseidon Research', 'train'),
  c('SBIntuitionsBot', 'SB Intuitions', 'train'),
  c('Scrapy', 'Zyte', 'train'),
  c('Sidetrade indexer bot', 'Sidetrade', 'train'),
  c('Spider', 'unknown', 'train'),
  c('Thinkbot', 'Thinkbot', 'train'),
  c('VelenPublicWebCrawler', 'Velen', 'train'),
  c('WARDBot', 'WEBSPARK', 'train'),
  c('Webzio-Extended', 'Webz.io', 'train'),
  c('YaK', 'Meltwater', 'train'),
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

/** Corpus variants of the bot-access checks (B1-B5) and of bot walls. */
import type { Variant } from '../types.js';
import { H, html, page, text } from './shared.js';

const B1_SRC =
  'RFC 9309 §2.2.1 (most specific user-agent group wins); vendor crawler docs (OpenAI "Overview of OpenAI Crawlers", Anthropic crawler help page); catalog §5';
const CONTENT_SIGNALS = 'contentsignals.org / draft-romm-aipref-contentsignals (Content-Signal: search, ai-input, ai-train = yes|no)';

/** A Cloudflare-style managed challenge on every path. */
const wall = {
  status: 403,
  headers: { ...H, 'cf-mitigated': 'challenge', server: 'cloudflare' },
  body: html('<h1>Just a moment...</h1><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>'),
};

export const botAccess: Variant[] = [
  {
    name: 'ai-crawlers-allowed-training-blocked',
    models: 'answer engines and user agents allowed, training crawlers (GPTBot, ClaudeBot, CCBot) blocked',
    site: () => ({
      '/': page(),
      '/robots.txt': text('User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nUser-agent: ClaudeBot\nUser-agent: CCBot\nDisallow: /\n'),
    }),
    expect: { B1: 'pass' },
    codes: { B1: 'B1/ok' },
    source: `${B1_SRC}; our decision docs/checks-bot-access-and-capabilities.md (blocking training is a policy choice)`,
  },
  {
    name: 'ai-crawlers-lowercase-tokens',
    models: 'answer-engine groups written in lower case (user-agent: oai-searchbot) beside a * group that disallows all',
    site: () => ({
      '/': page(),
      '/robots.txt': text(
        'User-agent: *\nDisallow: /\n\nuser-agent: oai-searchbot\nuser-agent: chatgpt-user\nuser-agent: claude-searchbot\nuser-agent: claude-user\nuser-agent: perplexitybot\nallow: /\n',
      ),
    }),
    expect: { B1: 'pass' },
    codes: { B1: 'B1/ok' },
    source:
      'RFC 9309 §2.2.1 ("Crawlers MUST use case-insensitive matching to find the group that matches the product token") and §2.2 (field names are case-insensitive)',
  },
  {
    name: 'ai-crawlers-all-blocked',
    models: 'every AI crawler and agent blocked, only classic search allowed',
    site: () => ({
      '/': page(),
      '/robots.txt': text('User-agent: Googlebot\nUser-agent: Bingbot\nAllow: /\n\nUser-agent: *\nDisallow: /\n'),
    }),
    expect: { B1: 'partial' },
    codes: { B1: 'B1/all-blocked' },
    source: B1_SRC,
  },
  {
    name: 'ai-crawlers-retired-tokens',
    models: 'robots.txt lets answer engines in but names Claude only by the retired anthropic-ai / Claude-Web tokens, while * disallows everything',
    site: () => ({
      '/': page(),
      '/robots.txt': text(
        'User-agent: anthropic-ai\nUser-agent: Claude-Web\nAllow: /\n\nUser-agent: OAI-SearchBot\nUser-agent: ChatGPT-User\nUser-agent: PerplexityBot\nAllow: /\n\nUser-agent: *\nDisallow: /\n',
      ),
    }),
    expect: { B1: 'partial' },
    codes: { B1: 'B1/retired-tokens' },
    source: 'Anthropic crawler help page (ClaudeBot, Claude-User, Claude-SearchBot; anthropic-ai and Claude-Web retired); RFC 9309 §2.2.1',
  },
  {
    name: 'ua-block',
    models: 'robots.txt allows GPTBot and ClaudeBot but the server answers their user agents 403',
    site: () => ({
      '/': (req, res) => {
        const ua = String(req.headers['user-agent'] ?? '');
        const refused = /GPTBot|ClaudeBot/i.test(ua);
        res.writeHead(refused ? 403 : 200, H);
        res.end(req.method === 'HEAD' ? undefined : refused ? 'Forbidden' : html(`<main><h1>Corpus Co</h1><p>Guides.</p></main>`));
      },
      '/robots.txt': text('User-agent: *\nAllow: /\n'),
    }),
    expect: { B1: 'partial' },
    source: 'issue 11 (robots.txt allows a crawler the server refuses: B1 at most partial); OpenAI/Anthropic crawler docs (user-agent tokens)',
  },
  {
    name: 'content-signal-valid',
    models: 'a Content-Signal line in the * group',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n') }),
    expect: { B2: 'pass' },
    codes: { B2: 'B2/ok' },
    source: CONTENT_SIGNALS,
  },
  {
    name: 'content-signal-cloudflare-managed-use',
    models:
      "Cloudflare's managed robots.txt: the Content Signals comment block defining use, then `Content-Signal: search=yes,ai-train=no,use=reference` in the * group",
    site: () => ({
      '/': page(),
      '/robots.txt': text(
        '# The content signals and their meanings are:\n# search: building a search index and providing search results.\n# ai-input: inputting content into one or more AI models.\n# ai-train: training or fine-tuning AI models.\n# use: how AI systems may consume the content (immediate, reference, or full).\n# BEGIN Cloudflare Managed content\nUser-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n# END Cloudflare Managed Content\n',
      ),
    }),
    expect: { B2: 'pass' },
    codes: { B2: 'B2/ok' },
    source:
      'Shape of Cloudflare\'s managed robots.txt as published by sites in the stored pages (e.g. api-evangelist/matchory well-known/matchory-robots.txt) and the Cloudflare changelog of 2026-08-31 ("the use directive of the Content Signals standard"); our decision: use is a Content Signal, no advisory calls it experimental',
  },
  {
    name: 'content-signal-use-only',
    models: 'a Content-Signal line whose only signal is use=reference',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: *\nContent-Signal: use=reference\nAllow: /\n') }),
    expect: { B2: 'pass' },
    codes: { B2: 'B2/ok' },
    source:
      'Cloudflare changelog 2026-08-31 (use: the maximum level at which content may be used) and the managed robots.txt comment ("if the website operator does not include a Content-Signal for a corresponding use, [it] neither grants nor restricts permission"); our decision: a stated signal (pass), B2/missing-keys names search, ai-input and ai-train as unstated',
  },
  {
    name: 'content-signal-invalid',
    models: 'a Content-Signal line with no valid key=yes|no pair',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: *\nContent-Signal: train=maybe, everything\nAllow: /\n') }),
    expect: { B2: 'partial' },
    codes: { B2: 'B2/invalid' },
    source: CONTENT_SIGNALS,
  },
  {
    name: 'content-signal-not-global',
    models: 'a Content-Signal line only in a GPTBot group, none for *',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: GPTBot\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: *\nAllow: /\n') }),
    expect: { B2: 'partial' },
    codes: { B2: 'B2/not-global' },
    source: `${CONTENT_SIGNALS} (signals apply to the crawlers of the group they sit in); our decision docs/check-codes.md B2/not-global`,
  },
  {
    name: 'content-usage-valid',
    models: 'an IETF AI-preferences Content-Usage line',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n') }),
    expect: { B5: 'pass', B2: 'fail' },
    codes: { B5: 'B5/ok', B2: 'B2/missing' },
    source:
      'IETF AIPREF drafts draft-ietf-aipref-vocab and the robots.txt attachment draft (Content-Usage: train-ai=y|n) [3P in the catalog: no consensus yet]; catalog B5',
  },
  {
    name: 'ai-crawlers-retired-tokens-asset-disallow',
    models:
      'own Allow: / groups for OAI-SearchBot and PerplexityBot, retired anthropic-ai / Claude-Web tokens, and a * group of Allow: / plus Disallow: /_next/ (build assets only)',
    site: () => ({
      '/': page(),
      '/robots.txt': text(
        'User-agent: OAI-SearchBot\nAllow: /\n\nUser-agent: PerplexityBot\nAllow: /\n\nUser-agent: anthropic-ai\nUser-agent: Claude-Web\nAllow: /\n\nUser-agent: *\nAllow: /\nDisallow: /_next/\n',
      ),
    }),
    expect: { B1: 'pass' },
    codes: { B1: 'B1/ok' },
    source:
      "Shape seen in a Next.js site's robots.txt in shared/realworld (issue 23 point 1); RFC 9309 §2.2.2 (longest match): Claude-SearchBot and Claude-User may fetch every page; our decision: the retired-token rule judges access to / and the scanned page",
  },
  {
    name: 'content-usage-header',
    models: 'the AI preference sent as a Content-Usage response header only (no robots.txt line), as the attachment draft allows',
    site: () => ({ '/': page('Corpus Co', '', { 'content-usage': 'train-ai=n, search=y' }), '/robots.txt': text('User-agent: *\nAllow: /\n') }),
    expect: { B5: 'pass' },
    codes: { B5: 'B5/ok' },
    source:
      'draft-ietf-aipref-attach-05 (Content-Usage header field, ietf-wg-aipref/drafts at 7ca0afc) and draft-ietf-aipref-vocab-08 (14 September 2026; the IETF archive copy www.ietf.org/archive/id/draft-ietf-aipref-vocab-08.txt/.xml, read 2026-11-29, and ietf-wg-aipref/drafts 008bd890, read 2026-11-25): RFC 9651 dictionary, labels train-ai, ai-use and search, tokens y/n',
  },
  {
    name: 'content-usage-header-not-tokens',
    models: 'a Content-Usage header with quoted and yes/no values ("n", yes): parses, but states no preference',
    site: () => ({ '/': page('Corpus Co', '', { 'content-usage': 'train-ai="n", search=yes' }), '/robots.txt': text('User-agent: *\nAllow: /\n') }),
    expect: { B5: 'fail' },
    codes: { B5: 'B5/header-invalid' },
    source:
      "draft-ietf-aipref-vocab-08 processing algorithm (values that are not the Tokens y or n leave the preference unknown); the yes/no spelling is Content-Signal's, seen mixed into Content-Usage in robots.txt files",
  },
  {
    name: 'content-usage-ai-use-only',
    models: 'a robots.txt Content-Usage line whose only label is ai-use (the AI Use category of vocab-08, section 4.2)',
    site: () => ({ '/': page(), '/robots.txt': text('User-agent: *\nContent-Usage: ai-use=n\nAllow: /\n') }),
    expect: { B5: 'pass', D1: 'pass' },
    codes: { B5: 'B5/ok', D1: 'D1/ok' },
    source:
      'draft-ietf-aipref-vocab-08 (14 September 2026; the IETF archive copy www.ietf.org/archive/id/draft-ietf-aipref-vocab-08.txt/.xml, read 2026-11-29, and ietf-wg-aipref/drafts 008bd890, read 2026-11-25), section 4.2 (AI Use, label ai-use) and "Usage Category Labels"; vocab-07 (tag draft-ietf-aipref-vocab-07 = 7ca0afc) had dropped it, -08 brings it back',
  },
  {
    name: 'content-usage-header-ai-use-only',
    models: 'a Content-Usage response header whose only label is ai-use',
    site: () => ({ '/': page('Corpus Co', '', { 'content-usage': 'ai-use=n' }), '/robots.txt': text('User-agent: *\nAllow: /\n') }),
    expect: { B5: 'pass' },
    codes: { B5: 'B5/ok' },
    source:
      'draft-ietf-aipref-vocab-08 (14 September 2026; the IETF archive copy www.ietf.org/archive/id/draft-ietf-aipref-vocab-08.txt/.xml, read 2026-11-29, and ietf-wg-aipref/drafts 008bd890, read 2026-11-25) section 4.2 (ai-use); draft-ietf-aipref-attach-05 (header field, ietf-wg-aipref/drafts at 7ca0afc)',
  },
  {
    name: 'content-usage-search-overrides',
    models: 'a header refusing training and AI use but allowing search: search applies to search applications whatever the other two say',
    site: () => ({ '/': page('Corpus Co', '', { 'content-usage': 'train-ai=n, ai-use=n, search=y' }), '/robots.txt': text('User-agent: *\nAllow: /\n') }),
    expect: { B5: 'pass' },
    codes: { B5: 'B5/ok' },
    source:
      'draft-ietf-aipref-vocab-08 (14 September 2026; the IETF archive copy www.ietf.org/archive/id/draft-ietf-aipref-vocab-08.txt/.xml, read 2026-11-29, and ietf-wg-aipref/drafts 008bd890, read 2026-11-25) section 4.3 (search overrides the other categories); our decision: pass, with the B5/search-overrides advisory saying so',
  },
  {
    name: 'content-usage-path-rules',
    models:
      "the attachment draft's robots.txt example shape: a * group with Disallow, a group-wide Content-Usage and a path-scoped one, then a second group for one crawler",
    site: () => ({
      '/': page(),
      '/robots.txt': text(
        'User-agent: *\nAllow: /\nDisallow: /private/\nContent-Usage: train-ai=n\nContent-Usage: /open-data/ train-ai=y\n\nUser-agent: CorpusBot\nAllow: /\nContent-Usage: train-ai=y\n',
      ),
    }),
    expect: { B5: 'pass', D1: 'pass' },
    codes: { B5: 'B5/ok', D1: 'D1/ok' },
    source:
      'Shape of the example robots.txt of draft-ietf-aipref-attach.md ("Example", ietf-wg-aipref/drafts at 7ca0afc): path up to the first SP/HTAB, then the statement; D1 passes (RFC 9309 lets crawlers ignore records they do not know) and names the Lighthouse robots-txt audit that flags the lines (core/audits/seo/robots-txt.js at 83f1c6fd0d)',
  },
  {
    name: 'content-signal-and-usage-disagree',
    models: 'Content-Signal ai-train=no in robots.txt and a Content-Usage header train-ai=y: both read, the disagreement said',
    site: () => ({
      '/': page('Corpus Co', '', { 'content-usage': 'train-ai=y' }),
      '/robots.txt': text('User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n'),
    }),
    expect: { B5: 'pass', B2: 'pass' },
    codes: { B5: 'B5/ok', B2: 'B2/ok' },
    source:
      'draft-ietf-aipref-vocab-08 "Combining Preferences" (the most restrictive applies); contentsignals.org; our decision: both pass, the disagreement is an advisory',
  },
  {
    name: 'web-bot-auth-directory',
    models: 'a Web Bot Auth key directory with one Ed25519 JWK',
    site: () => ({
      '/': page(),
      '/.well-known/http-message-signatures-directory': {
        headers: { 'content-type': 'application/http-message-signatures-directory+json' },
        // A key generated for the corpus (not the RFC 9421 test key); kid is its RFC 7638 thumbprint.
        body: JSON.stringify({
          keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'OftgBAZx-uEuZWgzhjgosNSP0-5fKvMicyj2B8zLh2k', kid: 'mrkvManMGgSdR6bhOMyQGGQqrLq_4PMktuu1DEkCJB4' }],
        }),
      },
    }),
    expect: { B3: 'pass' },
    codes: { B3: 'B3/ok' },
    source:
      "draft-ietf-webbotauth-httpsig-protocol §5.5 (editor's copy 2026-10-09, read 2026-11-25: JWKS at /.well-known/http-message-signatures-directory, kid = JWK thumbprint); RFC 7517 (JWK Set); RFC 8037 (OKP / Ed25519 keys)",
  },
  {
    name: 'web-bot-auth-jose-alg',
    models: "the draft's directory example shape (one Ed25519 JWK with kid, use, nbf, exp) carrying a JOSE alg member (Ed25519)",
    site: () => ({
      '/': page(),
      '/.well-known/http-message-signatures-directory': {
        headers: { 'content-type': 'application/http-message-signatures-directory+json', 'cache-control': 'max-age=86400' },
        // The corpus key of web-bot-auth-directory (not the RFC 9421 test key the draft's example uses).
        body: JSON.stringify({
          keys: [
            {
              kty: 'OKP',
              crv: 'Ed25519',
              kid: 'mrkvManMGgSdR6bhOMyQGGQqrLq_4PMktuu1DEkCJB4',
              x: 'OftgBAZx-uEuZWgzhjgosNSP0-5fKvMicyj2B8zLh2k',
              use: 'sig',
              alg: 'Ed25519',
              nbf: 1712793600,
              exp: 4102444800,
            },
          ],
        }),
      },
    }),
    expect: { B3: 'pass' },
    codes: { B3: 'B3/ok' },
    source:
      'draft-ietf-webbotauth-httpsig-protocol.md at be12662f (editor\'s copy heading -01), "Directory Format": "A JWK `alg` member, when present, follows Section 4.4 of JWK" (RFC 7517: a JOSE name; RFC 9864 Ed25519); its example shape (kid, use, nbf, exp) reproduced with our own key',
  },
  {
    name: 'web-bot-auth-test-key',
    models: "a Web Bot Auth directory publishing the RFC 9421 example Ed25519 key (the key of the draft's own examples, copied as is)",
    site: () => ({
      '/': page(),
      '/.well-known/http-message-signatures-directory': {
        headers: { 'content-type': 'application/http-message-signatures-directory+json' },
        body: JSON.stringify({
          keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs', kid: 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U' }],
        }),
      },
    }),
    expect: { B3: 'partial' },
    codes: { B3: 'B3/bad-keys' },
    source:
      'draft-ietf-webbotauth-httpsig-protocol §6.8 "Test and Demonstration Keys" (test keys MUST NOT be used in production; verifiers SHOULD reject them) and Appendix E (the RFC 9421 B.1.4 key)',
  },
  {
    name: 'web-bot-auth-absent',
    models: 'no key directory (a site that sends no signed bot traffic)',
    site: () => ({ '/': page() }),
    expect: { B3: 'info', B4: 'info' },
    codes: { B3: 'B3/missing', B4: 'B4/open' },
    source:
      'draft-meunier-webbotauth-httpsig-directory (only sites that send signed bot traffic publish one); catalog B3 (info when 404) and B4 (info); docs/check-codes.md B3/missing, B4/open',
  },
  {
    name: 'bot-challenge-everywhere',
    models: 'every request meets a Cloudflare challenge (403 + cf-mitigated: challenge)',
    site: () => ({ '*': wall }),
    expect: {},
    refused: 'blocked-by-challenge',
    source:
      'Cloudflare docs "cf-mitigated header" (challenge responses); catalog §2.4 (a wall is "could not be measured", never a fail); issue 11 (a scan that measured nothing is refused: CLI exit 3, API 422 scan-blocked)',
  },
  {
    name: 'challenge-on-page-only',
    models: 'the home page is challenged, robots.txt is served normally',
    site: () => ({ '/': wall, '/robots.txt': text('User-agent: *\nAllow: /\n') }),
    expect: { B4: 'info', D1: 'pass', C3: 'info' },
    codes: { B4: 'B4/challenged', D1: 'D1/ok', C3: 'C3/unmeasured' },
    source: 'Cloudflare docs "cf-mitigated header"; catalog §2.4 (partial walls are info per check)',
  },
];

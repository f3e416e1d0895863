/**
 * The two failures of bot protection that agent-docs-spec 0.6.0 (`bot-protection-interference`)
 * calls invisible, as one response shows them:
 * - a challenge interstitial served with a success status ("Just a moment...", a CAPTCHA page):
 *   the agent reads the wall as the page. Only the interstitial's own title, or a challenge
 *   provider's script on a short page, counts: Cloudflare injects /cdn-cgi/challenge-platform/
 *   scripts into ordinary pages too, so that path alone proves nothing.
 * - a tarpit: the status line and headers arrived, then the body stalled until the timeout.
 */
import type { FetchResult } from '../net/http.js';
import { type Wall, wallText } from './classify.js';

/** Titles of challenge pages (regular-expression alternatives). */
const INTERSTITIAL_TITLES = [
  String.raw`just a moment\.\.\.`,
  String.raw`attention required! \| cloudflare`,
  'checking your browser[^<]{0,60}',
  'ddos-guard',
  'verifying you are human[^<]{0,40}',
  'please wait while we verify[^<]{0,40}',
  'human verification',
  'access to this page has been denied',
];
const INTERSTITIAL_TITLE = new RegExp(String.raw`<title[^>]*>\s*(${INTERSTITIAL_TITLES.join('|')})\s*<\/title>`, 'i');
const PROVIDER_SCRIPTS = ['captcha-delivery.com', 'px-captcha', '_incapsula_resource', 'challenges.cloudflare.com/turnstile', 'awswaf.com'];
/** A challenge page is a shell: past this size a page that mentions a provider is a real page. */
const SHORT_PAGE_BYTES = 30_000;

/** Why a 2xx answer is a challenge interstitial, or null. */
export function challengeServedAsSuccess(res: FetchResult): string | null {
  const wall = successWall(res);
  return wall && wallText(wall);
}

/** A 2xx challenge interstitial as structure (its title, or the provider script on a short page), or null. */
export function successWall(res: FetchResult): Wall | null {
  if (res.error || res.status === null || res.status < 200 || res.status > 299) return null;
  const head = res.text.slice(0, 20_000);
  const title = INTERSTITIAL_TITLE.exec(head);
  if (title) return { kind: 'challenge-title', status: res.status, sign: title[1].trim() };
  if (res.body.length <= SHORT_PAGE_BYTES) {
    const lower = head.toLowerCase();
    const provider = PROVIDER_SCRIPTS.find((m) => lower.includes(m));
    if (provider) return { kind: 'challenge-script', status: res.status, sign: provider };
  }
  return null;
}

/** The headers came and the body did not finish before the timeout: a stalled (tarpitted) body. */
export function stalledBody(res: Pick<FetchResult, 'status' | 'error'>): boolean {
  return res.status !== null && res.error?.code === 'timeout';
}

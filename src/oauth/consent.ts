/**
 * The consent page: the account owner signs in with one of their API keys and approves (or
 * denies) the client. Everything the client chose (its name, its URIs) is escaped; the page cannot
 * be framed, and it is never cached.
 */
import { escapeHtml } from '../format/sanitize.js';

export interface ConsentView {
  clientName: string;
  clientUri: string | null;
  redirectUri: string;
  /** The validated authorization request, carried in hidden fields. */
  params: Record<string, string>;
  error?: string;
}

export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  // same-origin, not no-referrer: under no-referrer a browser sends "Origin: null" with the
  // consent form's POST, which the loopback host/origin guard refuses (403); the authorize URL
  // still never leaves this origin as a referrer.
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}code,.uri{font-family:ui-monospace,monospace;word-break:break-all}
.box{border:1px solid #ccc;border-radius:8px;padding:1rem 1.2rem;margin:1rem 0}
label{display:block;font-weight:600;margin:.8rem 0 .3rem}input[type=password]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
.err{color:#a00;font-weight:600}.row{display:flex;gap:.8rem;margin-top:1rem}button{font:inherit;\
padding:.5rem 1.2rem;border-radius:6px;border:1px solid #888;cursor:pointer}
button.ok{background:#1a5fd0;color:#fff;border-color:#1a5fd0}small{color:#555}`;

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function consentPage(v: ConsentView): string {
  const hidden = Object.entries(v.params)
    .map(([k, val]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(val)}">`)
    .join('\n');
  let redirectHost = v.redirectUri;
  try {
    const u = new URL(v.redirectUri);
    redirectHost = u.host ? `${u.protocol}//${u.host}` : u.protocol;
  } catch {
    // Validated before; keep the raw text.
  }
  return shell(
    'Authorize an MCP client · ai-ready',
    `<h1>Authorize <span>${escapeHtml(v.clientName)}</span></h1>
<div class="box">
<p><strong>${escapeHtml(v.clientName)}</strong> wants to use the ai-ready MCP server on your behalf. It will be able to:</p>
<ul><li>scan sites and save the reports in your account</li><li>read, change the visibility of and delete your reports</li>
<li>read your history and domain histories</li><li>create and delete monitors (scheduled scans and webhooks)</li></ul>
<p><small>After approval you are sent back to <span class="uri">${escapeHtml(redirectHost)}</span>\
.${v.clientUri ? ` Client site: <span class="uri">${escapeHtml(v.clientUri)}</span>.` : ''} The name above is \
chosen by the client itself: approve only if you started this connection.</small></p>
</div>
<form method="post" action="">
${hidden}
${v.error ? `<p class="err" role="alert">${escapeHtml(v.error)}</p>` : ''}
<label for="api_key">Sign in with one of your API keys</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" placeholder="air_..." >
<small>Create one with <code>ai-ready keys create --account &lt;name&gt;</code>. The key is only checked here; the client never sees it.</small>
<div class="row"><button class="ok" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></div>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return shell(`${title} · ai-ready`, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

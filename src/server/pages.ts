/**
 * Server-rendered pages: the home page (scan form + a small script reading the SSE stream), the
 * report page (the CLI's HTML renderer), problem pages, and their Markdown twins.
 */
import { FRESHNESS_SLOT, renderHtmlReport } from '../format/html.js';
import { renderMarkdown } from '../format/markdown.js';
import type { StoredReport } from '../store/index.js';
import { reportView } from '../service/index.js';
import { escapeHtml as e } from './respond.js';
import { PROBLEM_TYPES, type ProblemName } from './problems.js';
import { surfaces } from './discovery.js';
import type { RouteInfo } from './route-info.js';
import { badgeOf, domainPageUrl } from './history-links.js';

const PAGE_CSS = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328}
main{max-width:760px;margin:0 auto;padding:32px 20px}h1{font-size:28px}a{color:#0b5cad}
form{display:flex;gap:8px;margin:24px 0}input[type=text]{flex:1;font:inherit;padding:8px 10px;border:1px solid #aab;border-radius:8px}
button{font:inherit;padding:8px 16px;border-radius:8px;border:0;background:#0b5cad;color:#fff;cursor:pointer}
#progress{list-style:none;padding:0;font:13px/1.6 ui-monospace,monospace;max-height:320px;overflow:auto;overflow-wrap:anywhere}
#count{font-weight:600}a,p,li{overflow-wrap:anywhere}
.muted{color:#5f6b7a}.error{color:#c62828}code{background:#f3f4f6;padding:1px 4px;border-radius:4px}`;

/** Structured data about the service itself (a data block: CSP does not treat it as script). */
const SERVICE_JSON_LD = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'WebApplication',
  name: 'ai-ready',
  applicationCategory: 'DeveloperApplication',
  operatingSystem: 'Any',
  description: 'Audits a website for the standards AI agents rely on and gives a score, a grade, a level and exact fixes.',
  offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
});

export function layout(title: string, body: string, scripts: string[] = [], extraCss = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${e(title)}</title><link rel="alternate" type="text/markdown" href="">
<link rel="api-catalog" href="/.well-known/api-catalog"><link rel="describedby" href="/llms.txt">
<script type="application/ld+json">${SERVICE_JSON_LD}</script>
<style>${PAGE_CSS}${extraCss}</style></head>
<body><main>
<blockquote hidden>For agents: an overview of this service and its API is at /llms.txt;\
 this page is available as Markdown with Accept: text/markdown.</blockquote>
${body}
</main>${scripts.map((s) => `<script src="${e(s)}" defer></script>`).join('')}</body></html>`;
}

export function homeHtml(routes: readonly RouteInfo[]): string {
  return layout(
    'ai-ready: how ready is your site for AI agents?',
    `<h1>How ready is your site for AI agents?</h1>
<p>ai-ready checks robots.txt AI rules, sitemaps, llms.txt, Markdown negotiation, MCP server cards, agent \
skills, OAuth discovery and commerce protocols, then gives a score, a grade and exact fixes.</p>
<form id="scan" action="/api/public/v1/scan" method="get" toolname="scan_site" tooldescription="Scan a \
website for AI-agent readiness: returns a 0-100 score, a grade, a level and fix steps for each check.">
<input type="text" name="url" placeholder="https://your-site.com" required maxlength="2048" aria-label="Site URL">
<button type="submit">Scan</button></form>
<p class="muted"><label><input type="checkbox" id="fresh" name="fresh" value="1" form="scan">\
 Scan again now: skip the cached result (a site's result is reused for a few minutes;\
 a fresh scan counts toward your limit)</label></p>
<p id="status" class="muted" role="status"></p>
<p id="count" aria-live="polite" hidden></p>
<ul id="progress"></ul>
<h2>For agents and developers</h2>
<ul>${surfaces(routes)
      .filter((s) => s.path !== '/')
      .map((s) => `<li><a href="${e(s.path.replace('{id}', ''))}">${e(s.title)}</a>: ${e(s.note)}</li>`)
      .join('')}
<li><a href="/llms.txt">llms.txt</a>: an overview for language models</li></ul>`,
    ['/assets/home.js'],
  );
}

export function homeMarkdown(base: string, routes: readonly RouteInfo[]): string {
  return [
    '# ai-ready: how ready is your site for AI agents?',
    '',
    'ai-ready checks robots.txt AI rules, sitemaps, llms.txt, Markdown negotiation, MCP server cards, agent ' +
      'skills, OAuth discovery and commerce protocols, then gives a score, a grade and exact fixes.',
    '',
    '## Scan a site',
    '',
    '```sh',
    `curl '${base}/api/public/v1/scan?url=https://your-site.com'`,
    '```',
    '',
    '## Surfaces',
    '',
    ...surfaces(routes).map((s) => `- [${s.title}](${base}${s.path}): ${s.note}`),
    `- [llms.txt](${base}/llms.txt): an overview for language models`,
    '',
  ].join('\n');
}

/**
 * The home page script: POSTs to the SSE endpoint and shows the progress as a count of checks
 * done with the current step (each distinct line once, repeats counted), then opens the report;
 * a cached answer opens it with `?cached=1`, so the report page says how old it is. `/?url=…&fresh=1`
 * (the report page's "Scan again now") fills the form and starts a fresh scan at once.
 */
export const HOME_JS = `(() => {
  const form = document.getElementById('scan');
  const input = form.querySelector('input[name=url]');
  const fresh = document.getElementById('fresh');
  const status = document.getElementById('status');
  const count = document.getElementById('count');
  const list = document.getElementById('progress');
  let seen = new Map();
  const line = (text) => {
    const old = seen.get(text);
    if (old) { old.n++; old.li.dataset.repeats = String(old.n); old.li.textContent = text + ' (' + old.n + ' times)'; return; }
    const li = document.createElement('li'); li.textContent = text; list.appendChild(li); list.scrollTop = list.scrollHeight;
    seen.set(text, { li, n: 1 });
  };
  let done = 0, total = 0;
  const show = (step) => { count.hidden = false; count.textContent = (total ? done + ' of ' + total + ' \
checks done' : 'Starting') + (step ? ' · ' + step : ''); };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    list.textContent = ''; seen = new Map(); done = 0; total = 0; count.hidden = true;
    const url = input.value;
    const again = fresh.checked;
    status.className = 'muted';
    status.textContent = (again ? 'Scanning ' + url + ' again (fresh, not from the cache)...' : 'Scanning ' + url + '...');
    let res;
    try {
      res = await fetch('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json', accept: \
'text/event-stream' }, body: JSON.stringify(again ? { url, fresh: true } : { url }) });
    } catch { status.textContent = 'The service could not be reached.'; status.className = 'error'; return; }
    if (!res.ok || !res.body) {
      const p = await res.json().catch(() => ({}));
      status.textContent = p.detail || p.title || ('Error ' + res.status);
      status.className = 'error';
      return;
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      buf += value;
      let i;
      while ((i = buf.indexOf('\\n\\n')) >= 0) {
        const block = buf.slice(0, i); buf = buf.slice(i + 2);
        let type = 'message', data = '';
        for (const l of block.split('\\n')) {
          if (l.startsWith('event:')) type = l.slice(6).trim();
          else if (l.startsWith('data:')) data += l.slice(5).trim();
        }
        if (!data) continue;
        const d = JSON.parse(data);
        if (type === 'started') { total = d.checks || 0; show('fetching the site'); }
        else if (type === 'probe') { const t = d.method + ' ' + d.url + ' ->\
 ' + (d.status ?? d.error ?? 'error'); line(t); show('fetched ' + d.method + ' ' + d.url); }
        else if (type === 'check') { done = d.done; total = d.total; line(d.id + ' ' + d.name + ': ' + d.status); show('checked ' + d.id + ' ' + d.name); }
        else if (type === 'result') {
          status.textContent = d.cached
            ? 'Score ' + d.overallScore + '/100, grade ' + d.grade + ', from the cache (scanned ' + \
(d.scannedAt || '').replace('T', ' ').slice(0, 19) + ' UTC). Opening the report...'
            : 'Score ' + d.overallScore + '/100, grade ' + d.grade + '. Opening the report...';
          location.href = '/r/' + encodeURIComponent(d.shareId) + (d.cached ? '?cached=1' : '');
        } else if (type === 'error') { status.textContent = d.detail || d.title; status.className = 'error'; }
      }
    }
  });
  const q = new URLSearchParams(location.search);
  if (q.get('url')) input.value = q.get('url');
  if (q.get('fresh') === '1') fresh.checked = true;
  // "Scan again now" from a report page: start at once (a script, so link prefetchers never scan).
  if (q.get('url') && q.get('fresh') === '1') form.requestSubmit();
})();
`;

export function reportHtml(report: StoredReport, base: string): string {
  const view = reportView(report, base);
  return renderHtmlReport(view, {
    shareUrl: view.shareUrl,
    baseUrl: base,
    historyUrl: domainPageUrl(base, report.domain),
    freshnessSlot: true,
    ...(report.isPublic ? { badge: badgeOf(base, report) } : {}),
  });
}

/** "42 seconds", "3 minutes", "5 hours", "2 days": how long ago, in one unit. */
export function ageText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const [n, unit] =
    s < 90 ? [s, 'second'] : s < 90 * 60 ? [Math.round(s / 60), 'minute'] : s < 36 * 3600 ? [Math.round(s / 3600), 'hour'] : [Math.round(s / 86_400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * The report page's freshness note, made per request: how old the result is, whether the scan
 * that opened it was answered from the cache (`cached`: the home page says so), and a "scan
 * again" link that asks the home page for a fresh scan (`fresh=1`, within the caller's limits).
 */
export function freshnessHtml(report: StoredReport, opts: { cached: boolean; cacheTtlMs: number; now?: number }): string {
  const at = report.result.scannedAt ?? report.createdAt;
  const age = (opts.now ?? Date.now()) - (Date.parse(at) || Date.now());
  const when = `${e(at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ''))} UTC`;
  const ttl = ageText(opts.cacheTtlMs);
  const note = opts.cached
    ? `<p><strong>This is a cached result</strong>, from a scan made ${ageText(age)} ago (${when}): the ` +
      `service answers repeat requests for a site from its cache for ${ttl}.</p>`
    : `<p>Scanned ${ageText(age)} ago (${when}).</p>`;
  const rescan = `/?url=${encodeURIComponent(report.url)}&fresh=1`;
  return (
    `<div class="freshness" data-freshness ` +
    `data-age-seconds="${Math.max(0, Math.round(age / 1000))}"${opts.cached ? ' data-cached' : ''}>${note}<p>` +
    `<a href="${e(rescan)}" data-rescan>Scan again now</a> <span class="muted">for a fresh result;` +
    ` it counts toward your scan limit.</span></p></div>`
  );
}

/** A served report page: the cached body with its freshness note filled in. */
export function servedReportHtml(body: string, report: StoredReport, opts: { cached: boolean; cacheTtlMs: number }): string {
  return body.replace(FRESHNESS_SLOT, () => freshnessHtml(report, opts));
}

export function reportMarkdown(report: StoredReport, base: string): string {
  const view = reportView(report, base);
  return `${renderMarkdown([view])}\n\nShared report: ${view.shareUrl}\nScore history of ${report.domain}: ${domainPageUrl(base, report.domain)}\n`;
}

export function problemHtml(name: ProblemName, base: string): string {
  const t = PROBLEM_TYPES[name];
  return layout(
    `${t.title} (${name})`,
    `<h1>${e(t.title)}</h1>
<p><code>type: ${e(`${base}/problems/${name}`)}</code> · HTTP ${t.status}</p>
<p>${e(t.description)}</p>
<p class="muted">Errors under /api/public/v1/ are RFC 9457 problem documents (<code>\
application/problem+json</code>) with type, title, status, detail and instance. <a href="/">Home</a></p>`,
  );
}

export function problemMarkdown(name: ProblemName, base: string): string {
  const t = PROBLEM_TYPES[name];
  return `# ${t.title}\n\n\`type: ${base}/problems/${name}\` · HTTP ${t.status}\n\n${t.description}\n`;
}

export function notFoundHtml(): string {
  return layout('Not found', '<h1>Not found</h1><p>There is nothing at this address. <a href="/">Scan a site</a>.</p>');
}

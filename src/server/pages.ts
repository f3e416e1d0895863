/**
 * Server-rendered pages: the home page (scan form + a small script reading the SSE stream), the
 * report page (the CLI's HTML renderer), problem pages, and their Markdown twins.
 */
import { renderHtmlReport } from '../format/html.js';
import { renderMarkdown } from '../format/markdown.js';
import type { StoredReport } from '../store/index.js';
import { reportView } from '../service/index.js';
import { escapeHtml as e } from './respond.js';
import { PROBLEM_TYPES, type ProblemName } from './problems.js';
import { SURFACES } from './discovery.js';
import { badgeOf, domainPageUrl } from './history-links.js';

const PAGE_CSS = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328}
main{max-width:760px;margin:0 auto;padding:32px 20px}h1{font-size:28px}a{color:#0b5cad}
form{display:flex;gap:8px;margin:24px 0}input[type=text]{flex:1;font:inherit;padding:8px 10px;border:1px solid #aab;border-radius:8px}
button{font:inherit;padding:8px 16px;border-radius:8px;border:0;background:#0b5cad;color:#fff;cursor:pointer}
#progress{list-style:none;padding:0;font:13px/1.6 ui-monospace,monospace;max-height:320px;overflow:auto}
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
<blockquote hidden>For agents: an overview of this service and its API is at /llms.txt; this page is available as Markdown with Accept: text/markdown.</blockquote>
${body}
</main>${scripts.map((s) => `<script src="${e(s)}" defer></script>`).join('')}</body></html>`;
}

export function homeHtml(): string {
  return layout(
    'ai-ready: how ready is your site for AI agents?',
    `<h1>How ready is your site for AI agents?</h1>
<p>ai-ready checks robots.txt AI rules, sitemaps, llms.txt, Markdown negotiation, MCP server cards, agent skills, OAuth discovery and commerce protocols, then gives a score, a grade and exact fixes.</p>
<form id="scan" action="/api/public/v1/scan" method="get" toolname="scan_site" tooldescription="Scan a website for AI-agent readiness: returns a 0-100 score, a grade, a level and fix steps for each check.">
<input type="text" name="url" placeholder="https://your-site.com" required maxlength="2048" aria-label="Site URL">
<button type="submit">Scan</button></form>
<p id="status" class="muted" role="status"></p>
<ul id="progress"></ul>
<h2>For agents and developers</h2>
<ul>${SURFACES.filter((s) => s.path !== '/').map((s) => `<li><a href="${e(s.path.replace('{id}', ''))}">${e(s.title)}</a>: ${e(s.note)}</li>`).join('')}
<li><a href="/llms.txt">llms.txt</a>: an overview for language models</li></ul>`,
    ['/assets/home.js'],
  );
}

export function homeMarkdown(base: string): string {
  return [
    '# ai-ready: how ready is your site for AI agents?',
    '',
    'ai-ready checks robots.txt AI rules, sitemaps, llms.txt, Markdown negotiation, MCP server cards, agent skills, OAuth discovery and commerce protocols, then gives a score, a grade and exact fixes.',
    '',
    '## Scan a site',
    '',
    '```sh',
    `curl '${base}/api/public/v1/scan?url=https://your-site.com'`,
    '```',
    '',
    '## Surfaces',
    '',
    ...SURFACES.map((s) => `- [${s.title}](${base}${s.path}): ${s.note}`),
    `- [llms.txt](${base}/llms.txt): an overview for language models`,
    '',
  ].join('\n');
}

/** The home page script: POSTs to the SSE endpoint, shows progress, links to the report. */
export const HOME_JS = `(() => {
  const form = document.getElementById('scan');
  const status = document.getElementById('status');
  const list = document.getElementById('progress');
  const line = (text, cls) => { const li = document.createElement('li'); li.textContent = text; if (cls) li.className = cls; list.appendChild(li); list.scrollTop = list.scrollHeight; };
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    list.textContent = '';
    const url = new FormData(form).get('url');
    status.textContent = 'Scanning ' + url + '...';
    let res;
    try {
      res = await fetch('/api/scan', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ url }) });
    } catch { status.textContent = 'The service could not be reached.'; return; }
    if (!res.ok || !res.body) {
      const p = await res.json().catch(() => ({}));
      status.textContent = p.detail || p.title || ('Error ' + res.status);
      status.className = 'error';
      return;
    }
    status.className = 'muted';
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
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
        if (type === 'probe') line(d.method + ' ' + d.url + ' -> ' + (d.status ?? d.error ?? 'error'));
        else if (type === 'check') line('[' + d.done + '/' + d.total + '] ' + d.id + ' ' + d.name + ': ' + d.status);
        else if (type === 'result') {
          status.textContent = 'Score ' + d.overallScore + '/100, grade ' + d.grade + '. Opening the report...';
          location.href = '/r/' + encodeURIComponent(d.shareId);
        } else if (type === 'error') { status.textContent = d.detail || d.title; status.className = 'error'; }
      }
    }
  });
})();
`;

export function reportHtml(report: StoredReport, base: string): string {
  const view = reportView(report, base);
  return renderHtmlReport(view, { shareUrl: view.shareUrl, baseUrl: base, historyUrl: domainPageUrl(base, report.domain), ...(report.isPublic ? { badge: badgeOf(base, report) } : {}) });
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
<p class="muted">Errors under /api/public/v1/ are RFC 9457 problem documents (<code>application/problem+json</code>) with type, title, status, detail and instance. <a href="/">Home</a></p>`,
  );
}

export function problemMarkdown(name: ProblemName, base: string): string {
  const t = PROBLEM_TYPES[name];
  return `# ${t.title}\n\n\`type: ${base}/problems/${name}\` · HTTP ${t.status}\n\n${t.description}\n`;
}

export function notFoundHtml(): string {
  return layout('Not found', '<h1>Not found</h1><p>There is nothing at this address. <a href="/">Scan a site</a>.</p>');
}

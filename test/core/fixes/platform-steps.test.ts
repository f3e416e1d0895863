import { describe, expect, it } from 'vitest';
import {
  addHeaderSteps,
  pageHtmlStep,
  fixTarget,
  platformTargets,
  serveFileSteps,
  specStep,
  verifyStep,
  type ServeFileSpec,
} from '../../../src/core/fixes/platform-steps.js';
import { sh } from '../../../src/core/fixes/shell.js';
import { labelledIds } from '../../../src/core/fixes/platform-labels.js';
import { FINGERPRINTS } from '../../../src/core/fixes/platform-fingerprints.js';
import { ORIGIN } from '../../helpers/responses.js';
import type { PlatformPack } from '../../../src/core/fixes/platforms/types.js';
import { HOSTING_PRIORITY } from '../../../src/core/fixes/platforms/index.js';
import { phpHeaderCalls, phpNowdocBody, phpSingleQuoted, quotedAfter, renderLiquid, runModule, splitAt, xmlAttribute } from './snippet-runners.js';

// A host whose guidance applies to the sites it serves (platforms/index.ts): its target is a hosting, not a platform.
const HOSTING_IDS = new Set<string>(HOSTING_PRIORITY);
const fx = (id: string | null, hosting: string[] = []) =>
  id && HOSTING_IDS.has(id) ? { origin: ORIGIN, platform: null, hosting: [id, ...hosting] } : { origin: ORIGIN, platform: id, hosting };

/** Everything that breaks a naive snippet: quotes, backticks, ${, backslashes, heredoc markers, Liquid, $ and %. */
const HOSTILE = [
  'He said "hi" and \'bye\' \\ C:\\path\\',
  '`backtick` ${process.exit(1)} $HOME %{HTTP_HOST}e 100%',
  'EOT;',
  'AI_READY_EOT',
  '  AI_READY_EOT;',
  '{% endraw %}{{ settings.x }}{%- endraw -%}{% if a %}',
  '</script><?php echo 1; ?> \u2028 end',
  '',
].join('\n');

const HOSTILE_HEADER = 'Link: evil\r\nSet-Cookie: x=1 "q" \'s\' `b` ${x} $host %{X}e \\';

const API_CATALOG: ServeFileSpec = {
  path: '/.well-known/api-catalog',
  contentType: 'application/linkset+json; charset=utf-8',
  content: HOSTILE,
  lang: 'json',
  headers: { 'Access-Control-Allow-Origin': '*', 'X-Note': 'a "quoted" $value 50%' },
  source: 'site',
};
const LLMS: ServeFileSpec = { path: '/llms.txt', contentType: 'text/plain; charset=utf-8', content: HOSTILE, lang: 'markdown', source: 'site' };
const ROBOTS: ServeFileSpec = {
  path: '/robots.txt',
  contentType: 'text/plain; charset=utf-8',
  content: 'User-agent: *\nAllow: /\n',
  lang: 'text',
  source: 'site',
};

const codeOf = (steps: Array<{ code?: string }>) => steps.map((s) => s.code ?? '').join('\n');

describe('platformTargets and fixTarget', () => {
  it('lists every required platform and host, each with a display name', () => {
    const targets = platformTargets();
    const required = [
      'wordpress',
      'shopify',
      'wix',
      'squarespace',
      'webflow',
      'nextjs',
      'nuxt',
      'astro',
      'docusaurus',
      'cloudflare',
      'vercel',
      'netlify',
      'nginx',
      'apache',
      'express',
    ];
    expect(targets).toEqual(expect.arrayContaining(required));
    expect(new Set(targets).size).toBe(targets.length);
    for (const t of targets) expect(labelledIds(), t).toContain(t);
  });

  it('prefers the platform, then the hosting, and maps LiteSpeed onto Apache', () => {
    expect(fixTarget({ origin: ORIGIN, platform: 'wordpress', hosting: ['cloudflare'] })).toBe('wordpress');
    expect(fixTarget({ origin: ORIGIN, platform: null, hosting: ['cloudflare', 'express'] })).toBe('express');
    expect(fixTarget({ origin: ORIGIN, platform: null, hosting: ['litespeed'] })).toBe('apache');
    expect(fixTarget({ origin: ORIGIN, platform: null, hosting: [] })).toBe('generic');
  });

  it("orders the hosts by their packs' hostingRank: the host that holds the files before the CDN in front", () => {
    expect(HOSTING_PRIORITY.at(-1)).toBe('cloudflare');
    expect(fixTarget({ origin: ORIGIN, platform: null, hosting: ['cloudflare', 'nginx', 'vercel'] })).toBe('vercel');
    // A host without a rank (a CDN with no guidance of its own) gives no steps.
    expect(fixTarget({ origin: ORIGIN, platform: null, hosting: ['fastly'] })).toBe('generic');
  });

  it('falls back to the hosting for a detected platform without guidance of its own', () => {
    const steps = serveFileSteps({ origin: ORIGIN, platform: 'sveltekit', hosting: ['netlify'] }, LLMS);
    expect(codeOf(steps)).toContain('/llms.txt\n  Content-Type: text/plain; charset=utf-8');
  });
});

describe('every target yields its own snippet within the step budget', () => {
  const generic = serveFileSteps(fx(null), API_CATALOG);
  const genericHeader = addHeaderSteps(fx(null), { name: 'Link', value: '</x>; rel="y"', source: 'site' });
  const allDetected = [...FINGERPRINTS.map((f) => f.id), 'unknown', null];

  for (const target of platformTargets()) {
    it(target, () => {
      const serve = serveFileSteps(fx(target), API_CATALOG);
      expect(serve.length).toBeGreaterThanOrEqual(1);
      expect(serve.length).toBeLessThanOrEqual(2);
      expect(serve.at(-1)).not.toEqual(generic.at(-1));
      for (const s of serve) expect(s.title).not.toMatch(/undefined|\[object/);
      const header = addHeaderSteps(fx(target), { name: 'Link', value: '</x>; rel="y"', source: 'site' });
      expect(header).toHaveLength(1);
      expect(header[0]).not.toEqual(genericHeader[0]);
      expect(header[0].code).toContain('rel=');
    });
  }

  it('keeps the 1-2 / exactly-1 contract for every detectable platform and host combination', () => {
    for (const p of allDetected) {
      for (const hosting of [[], ['vercel'], ['netlify'], ['github-pages'], ['nginx'], ['cloudflare', 'express']]) {
        const where = `${p} ${hosting.join()}`;
        const serve = serveFileSteps({ origin: ORIGIN, platform: p, hosting }, API_CATALOG);
        expect(serve.length, where).toBeGreaterThanOrEqual(1);
        expect(serve.length, where).toBeLessThanOrEqual(2);
        expect(addHeaderSteps({ origin: ORIGIN, platform: p, hosting }, { name: 'Link', value: 'x', source: 'site' }), where).toHaveLength(1);
      }
    }
  });
});

describe('the operation behind the words (FixStep.publish)', () => {
  const op = {
    kind: 'file',
    path: API_CATALOG.path,
    contentType: API_CATALOG.contentType,
    content: API_CATALOG.content,
    headers: API_CATALOG.headers,
  } as const;
  const extra = { ...API_CATALOG, headers: { 'Access-Control-Allow-Origin': '*', 'Bad\r\nName': 'x\r\nInjected: 1' }, needs: ['apiBaseUrl' as const] };

  it('every platform and host attaches the same file operation, once, to the first step', () => {
    for (const t of [null, ...platformTargets()]) {
      const serve = serveFileSteps(fx(t), API_CATALOG);
      expect(serve[0].publish, String(t)).toEqual(op);
      expect(
        serve.filter((s) => s.publish),
        String(t),
      ).toHaveLength(1);
      const header = addHeaderSteps(fx(t), { name: 'Link', value: '</x>; rel="y"', path: '/docs', source: 'site' });
      expect(header[0].publish, String(t)).toEqual({ kind: 'header', name: 'Link', value: '</x>; rel="y"', path: '/docs' });
    }
  });

  it('carries the cleaned extra headers and the owner values the content needs', () => {
    const [step] = serveFileSteps(fx(null), extra);
    expect(step.publish).toEqual({ ...op, headers: { 'Access-Control-Allow-Origin': '*', BadName: 'x Injected: 1' } });
    expect(step.needs).toEqual(['apiBaseUrl']);
    expect(serveFileSteps(fx(null), LLMS)[0].publish).toEqual({ kind: 'file', path: '/llms.txt', contentType: 'text/plain; charset=utf-8', content: HOSTILE });
    expect(serveFileSteps(fx(null), API_CATALOG)[0].needs).toBeUndefined();
  });

  it('pageHtmlStep keeps the words and adds the page HTML operation, its path cleaned', () => {
    const step = pageHtmlStep(
      { title: 'Add the tag', code: '<link rel="describedby" href="/llms.txt">', lang: 'html' },
      { where: 'head', content: '<link rel="describedby" href="/llms.txt">', path: 'docs/a b', source: 'example', needs: ['siteName'] },
    );
    expect(step).toEqual({
      title: 'Add the tag',
      code: '<link rel="describedby" href="/llms.txt">',
      lang: 'html',
      publish: { kind: 'html', path: '/docs/ab', where: 'head', content: '<link rel="describedby" href="/llms.txt">' },
      source: 'example',
      needs: ['siteName'],
    });
  });
});

describe('JavaScript snippets run and return the exact content', () => {
  it('Cloudflare Worker', async () => {
    const steps = serveFileSteps(fx('cloudflare'), API_CATALOG);
    const worker = runModule(steps[1].code!).default;
    const res: Response = await worker.fetch(new Request(`${ORIGIN}/.well-known/api-catalog`));
    expect(await res.text()).toBe(HOSTILE);
    expect(res.headers.get('content-type')).toBe('application/linkset+json; charset=utf-8');
    expect(res.headers.get('x-note')).toBe('a "quoted" $value 50%');
  });

  it('the Worker fallback of hosted platforms (Shopify, Wix, Squarespace, Webflow, Framer)', async () => {
    for (const p of ['shopify', 'wix', 'squarespace', 'webflow', 'framer', 'hubspot']) {
      const steps = serveFileSteps(fx(p), API_CATALOG);
      const res: Response = await runModule(steps[1].code!).default.fetch(new Request(`${ORIGIN}/.well-known/api-catalog`));
      expect(await res.text(), p).toBe(HOSTILE);
    }
  });

  it('Next.js route handler for a plain path', async () => {
    const steps = serveFileSteps(fx('nextjs'), LLMS);
    expect(steps[1].code).toContain('// app/llms.txt/route.ts');
    const route = runModule(steps[1].code!);
    const res: Response = route.GET();
    expect(await res.text()).toBe(HOSTILE);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(route.dynamic).toBe('force-static');
  });

  it('Next.js: a .well-known route handler, with the tsconfig caveat for dot folders', async () => {
    const step = serveFileSteps(fx('nextjs'), API_CATALOG)[1];
    expect(step.code).toContain('// app/.well-known/api-catalog/route.ts');
    expect(step.body).toContain('"app/.well-known/**/*"');
    const res: Response = runModule(step.code!).GET();
    expect(await res.text()).toBe(HOSTILE);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(serveFileSteps(fx('nextjs'), LLMS)[1].body).not.toContain('tsconfig');
  });

  it('Nuxt server route and, for dot folders, an explicitly registered handler', () => {
    const headers: Record<string, string> = {};
    const globals = {
      defineEventHandler: (fn: unknown) => fn,
      setHeader: (_e: unknown, k: string, v: string) => (headers[k] = v),
      defineNuxtConfig: (c: unknown) => c,
    };
    const plain = serveFileSteps(fx('nuxt'), LLMS)[1].code!;
    expect(plain).toContain('// server/routes/llms.txt.ts');
    expect(runModule(plain, globals).default({})).toBe(HOSTILE);
    expect(headers['Content-Type']).toBe('text/plain; charset=utf-8');

    const dotted = serveFileSteps(fx('nuxt'), API_CATALOG)[1].code!;
    const [handler, config] = splitAt(dotted, '// nuxt.config.ts');
    expect(runModule(handler, globals).default({})).toBe(HOSTILE);
    expect(runModule(config, globals).default.serverHandlers).toEqual([
      { route: '/.well-known/api-catalog', handler: '~~/server/handlers/well-known-api-catalog.ts' },
    ]);
  });

  it('Express route and header middleware', () => {
    const routes: Record<string, Function> = {};
    const app = {
      get: (p: string, fn: Function) => (routes[p] = fn),
      use: (...args: unknown[]) => (routes[typeof args[0] === 'string' ? `use ${args[0]}` : 'use'] = args.at(-1) as Function),
    };
    const code = serveFileSteps(fx('express'), API_CATALOG)[1].code!;
    new Function('app', code)(app);
    let sent = '';
    const set: Record<string, string> = {};
    routes['/.well-known/api-catalog']({}, { set: (o: Record<string, string>) => Object.assign(set, o), send: (b: string) => (sent = b) });
    expect(sent).toBe(HOSTILE);
    expect(set['Content-Type']).toBe('application/linkset+json; charset=utf-8');

    const header = addHeaderSteps(fx('express'), { name: 'Link', value: HOSTILE_HEADER, source: 'site' })[0].code!;
    new Function('app', header)(app);
    const appended: string[][] = [];
    let nextCalled = false;
    routes.use({}, { append: (k: string, v: string) => appended.push([k, v]) }, () => (nextCalled = true));
    expect(appended).toEqual([['Link', 'Link: evil Set-Cookie: x=1 "q" \'s\' `b` ${x} $host %{X}e \\']]);
    expect(nextCalled).toBe(true);
  });

  it('next.config headers() and nuxt routeRules carry the header verbatim', async () => {
    const next = runModule(addHeaderSteps(fx('nextjs'), { name: 'Link', value: HOSTILE_HEADER, source: 'site' })[0].code!);
    const [rule] = await next.default.headers();
    expect(rule.source).toBe('/:path*');
    expect(rule.headers[0].value).toBe('Link: evil Set-Cookie: x=1 "q" \'s\' `b` ${x} $host %{X}e \\');
    const nuxt = runModule(addHeaderSteps(fx('nuxt'), { name: 'Link', value: 'a "b" `c`', path: '/docs', source: 'site' })[0].code!, {
      defineNuxtConfig: (c: unknown) => c,
    });
    expect(nuxt.default.routeRules).toEqual({ '/docs': { headers: { Link: 'a "b" `c`' } } });
  });
});

describe('other snippet languages keep hostile content intact', () => {
  it('WordPress: a nowdoc whose marker no content line can close, and clean PHP strings', () => {
    const code = serveFileSteps(fx('wordpress'), API_CATALOG)[1].code!;
    expect(phpNowdocBody(code)).toBe(HOSTILE);
    expect(code).toMatch(/<<<'AI_READY_EOT_\d+'/);
    expect(phpHeaderCalls(code)).toEqual([
      'Content-Type: application/linkset+json; charset=utf-8',
      'Access-Control-Allow-Origin: *',
      'X-Note: a "quoted" $value 50%',
    ]);
    const cmp = code.indexOf("!== '");
    expect(phpSingleQuoted(code, cmp + 4).value).toBe('/.well-known/api-catalog');
    // The same plugin serves WooCommerce sites.
    expect(serveFileSteps(fx('woocommerce'), API_CATALOG)[1].code).toBe(code);
  });

  it('WordPress: header() keeps quotes and backslashes, and CR/LF cannot inject a second header', () => {
    const code = addHeaderSteps(fx('wordpress'), { name: 'Link', value: HOSTILE_HEADER, source: 'site' })[0].code!;
    expect(phpHeaderCalls(code)).toEqual(['Link: Link: evil Set-Cookie: x=1 "q" \'s\' `b` ${x} $host %{X}e \\']);
    expect(code).toContain(', false);');
  });

  it('nginx: quotes and backslashes escaped, $ routed through a geo variable, charset kept in one token', () => {
    const both = serveFileSteps(fx('nginx'), { ...API_CATALOG, headers: { 'X-Both': `it's "x" \\` } })[1].code!;
    expect(quotedAfter(both, 'add_header X-Both ').value).toBe(`it's "x" \\`);
    const code = serveFileSteps(fx('nginx'), API_CATALOG)[1].code!;
    expect(quotedAfter(code, 'default_type ').value).toBe('application/linkset+json; charset=utf-8');
    const note = quotedAfter(code, 'add_header X-Note ');
    expect(note.value.replace(/\$\{dollar\}/g, '$')).toBe('a "quoted" $value 50%');
    expect(note.value).not.toMatch(/\$(?!\{dollar\})/);
    expect(code).toContain('geo $dollar { default "$"; }');
    expect(code).toContain('alias /var/www/site/.well-known/api-catalog;');

    const header = addHeaderSteps(fx('nginx'), { name: 'Link', value: '</.well-known/api-catalog>; rel="api-catalog"', source: 'site' })[0].code!;
    const link = quotedAfter(header, 'add_header Link ');
    expect(link.raw).toBe(`'</.well-known/api-catalog>; rel="api-catalog"'`);
    expect(link.value).toBe('</.well-known/api-catalog>; rel="api-catalog"');
    expect(header).not.toContain('geo $dollar');
  });

  it('Apache: %, quotes and backslashes escaped for mod_headers; ForceType gets a bare media type', () => {
    const code = serveFileSteps(fx('apache'), API_CATALOG)[1].code!;
    expect(code).toContain('ForceType application/linkset+json\n');
    expect(quotedAfter(code, 'Header always set Content-Type ').value).toBe('application/linkset+json; charset=utf-8');
    const note = quotedAfter(code, 'Header always set X-Note ').value;
    expect(note).toBe('a "quoted" $value 50%%');
    expect(note.replace(/%%/g, '')).not.toContain('%');

    const header = addHeaderSteps(fx('apache'), { name: 'Link', value: '</a%20b>; rel="x"', path: '/docs', source: 'site' })[0].code!;
    expect(quotedAfter(header, 'Header always append Link ').value).toBe('</a%%20b>; rel="x"');
    expect(header).toContain(`<If "%{REQUEST_URI} == '/docs'">`);
    // LiteSpeed reads the same .htaccess.
    expect(addHeaderSteps(fx('litespeed'), { name: 'Link', value: 'x', source: 'site' })[0].code).toContain('Header always append Link "x"');
  });

  it('Caddy: braces (placeholders) and quotes escaped', () => {
    const code = addHeaderSteps(fx('caddy'), { name: 'X-Test', value: 'a {host} "b" \\', source: 'site' })[0].code!;
    const q = quotedAfter(code, 'header X-Test ');
    expect(q.raw).toBe('"a \\{host\\} \\"b\\" \\\\"');
    expect(q.value).toBe('a {host} "b" \\');
  });

  it('IIS: web.config attributes are XML-escaped', () => {
    const code = serveFileSteps(fx('iis'), API_CATALOG)[1].code!;
    expect(xmlAttribute(code, 'mimeMap', 'mimeType')).toBe('application/linkset+json; charset=utf-8');
    expect(xmlAttribute(code, 'customHeaders add[name="X-Note"]', 'value')).toBe('a "quoted" $value 50%');
  });

  it('Shopify: robots.txt and llms.txt go to theme templates, with Liquid neutralised', () => {
    const robots = serveFileSteps(fx('shopify'), ROBOTS);
    expect(robots[1].title).toContain('templates/robots.txt.liquid');
    expect(renderLiquid(robots[1].code!)).toBe(ROBOTS.content);
    const llms = serveFileSteps(fx('shopify'), LLMS);
    expect(llms[1].title).toContain('templates/llms.txt.liquid');
    expect(renderLiquid(llms[1].code!)).toBe(HOSTILE);
  });

  it('vercel.json and _headers carry one-line header values (no CR/LF injection)', () => {
    const vercel = JSON.parse(addHeaderSteps(fx('vercel'), { name: 'Link', value: HOSTILE_HEADER, source: 'site' })[0].code!);
    expect(vercel.headers[0]).toEqual({ source: '/(.*)', headers: [{ key: 'Link', value: 'Link: evil Set-Cookie: x=1 "q" \'s\' `b` ${x} $host %{X}e \\' }] });
    const file = addHeaderSteps(fx('netlify'), { name: 'Bad\r\nName', value: HOSTILE_HEADER, source: 'site' })[0].code!;
    expect(file.split('\n').filter(Boolean)).toEqual(['/*', '  BadName: Link: evil Set-Cookie: x=1 "q" \'s\' `b` ${x} $host %{X}e \\']);
  });
});

describe('static site generators and static hosts', () => {
  const cases: Array<[string, string]> = [
    ['astro', 'public/.well-known/api-catalog'],
    ['starlight', 'public/.well-known/api-catalog'],
    ['docusaurus', 'static/.well-known/api-catalog'],
    ['gatsby', 'static/.well-known/api-catalog'],
    ['hugo', 'static/.well-known/api-catalog'],
    ['vitepress', 'docs/public/.well-known/api-catalog'],
    ['mkdocs', 'docs/.well-known/api-catalog'],
    ['jekyll', '.well-known/api-catalog'],
    ['eleventy', 'public/.well-known/api-catalog'],
  ];
  for (const [platform, file] of cases) {
    it(`${platform} puts the file in ${file} and sets the type at the host`, () => {
      const steps = serveFileSteps(fx(platform, ['netlify']), API_CATALOG);
      expect(steps[0].title).toBe(`Add ${file}`);
      expect(steps[0].code).toBe(HOSTILE);
      expect(steps[1].code).toContain('/.well-known/api-catalog\n  Content-Type: application/linkset+json; charset=utf-8\n  Access-Control-Allow-Origin: *');
    });
  }

  it('tells Jekyll, MkDocs and Eleventy how to publish dot folders', () => {
    expect(serveFileSteps(fx('jekyll'), API_CATALOG)[0].body).toContain('include: [".well-known"]');
    expect(serveFileSteps(fx('mkdocs'), API_CATALOG)[0].body).toContain('exclude_docs: "!.well-known/"');
    expect(serveFileSteps(fx('eleventy'), API_CATALOG)[0].body).toContain(
      'addPassthroughCopy({ "public/.well-known/api-catalog": ".well-known/api-catalog" })',
    );
    expect(serveFileSteps(fx('hugo'), LLMS)[0].body).not.toContain('include:');
  });

  it('uses vercel.json on Vercel and warns that GitHub Pages cannot set types', () => {
    const onVercel = serveFileSteps(fx('astro', ['vercel']), API_CATALOG);
    expect(JSON.parse(onVercel[1].code!).headers[0].source).toBe('/.well-known/api-catalog');
    const onPages = serveFileSteps(fx('hugo', ['github-pages']), API_CATALOG);
    expect(onPages[1].title).toBe('GitHub Pages cannot set its headers');
    expect(addHeaderSteps(fx('github-pages'), { name: 'Link', value: 'x', source: 'site' })[0].title).toContain('GitHub Pages cannot set response headers');
  });
});

describe('managed files and platform notes', () => {
  it('points WordPress robots.txt at the SEO plugins and Squarespace at its Crawlers setting', () => {
    expect(serveFileSteps(fx('wordpress'), ROBOTS)[0].body).toContain('Yoast SEO → Tools → File editor');
    expect(serveFileSteps(fx('squarespace'), ROBOTS)[0].body).toContain('Settings → Crawlers');
    expect(serveFileSteps(fx('wix'), ROBOTS)[0].body).toContain('Robots.txt Editor');
    expect(serveFileSteps(fx('wordpress'), API_CATALOG)[0].body).not.toContain('Yoast');
  });

  it('sends PHP apps to the web root and server config they run on', () => {
    expect(serveFileSteps(fx('drupal', ['nginx']), API_CATALOG)[1].code).toContain('alias /var/www/site/web/.well-known/api-catalog;');
    expect(serveFileSteps(fx('magento', ['apache']), API_CATALOG)[1].body).toContain('/var/www/site/pub/.well-known/api-catalog');
    expect(addHeaderSteps(fx('joomla'), { name: 'Link', value: 'x', source: 'site' })[0].code).toContain('Header always append Link "x"');
  });
});

describe('verifyStep and specStep', () => {
  it('build the closing steps', () => {
    expect(verifyStep(sh`curl -sI ${'https://x/'}`, 'Expect 200')).toEqual({ title: 'Verify', body: 'Expect 200', code: "curl -sI 'https://x/'", lang: 'sh' });
    expect(specStep(['https://a', 'https://b'])).toEqual({ title: 'Read the spec', body: 'https://a\nhttps://b' });
  });
});

describe('platform packs', () => {
  it("a host in front of the site adds its own way to any platform's steps (Cloudflare: managed robots.txt, Markdown for Agents first)", async () => {
    const { robotsLinesSteps } = await import('../../../src/core/checks/bot_access/robots-fix.js');
    const { managedRobotsStep } = await import('../../../src/core/fixes/platforms/cloudflare.js');
    const rules = { purpose: 'ai-crawlers' as const, groups: [{ userAgents: ['GPTBot'], allow: ['/'] }] };
    const managed = managedRobotsStep('ai-crawlers');
    expect(managed.body).toMatch(/AI Crawl Control/);
    for (const platform of ['wordpress', 'hugo', null]) {
      const behind = robotsLinesSteps({ origin: ORIGIN, platform, hosting: ['cloudflare'] }, rules, { source: 'site' });
      const bare = robotsLinesSteps({ origin: ORIGIN, platform, hosting: [] }, rules, { source: 'site' });
      expect(behind.slice(0, -1)).toEqual(bare);
      expect(behind.at(-1)).toEqual(managed);
    }
    // Squarespace offers it already: behind Cloudflare it is not said twice.
    const squarespace = robotsLinesSteps({ origin: ORIGIN, platform: 'squarespace', hosting: ['cloudflare'] }, rules, { source: 'site' });
    expect(squarespace.filter((st) => st.body === managed.body)).toHaveLength(1);
    expect(robotsLinesSteps({ origin: ORIGIN, platform: null, hosting: ['vercel'] }, rules, { source: 'site' }).some((st) => st.body === managed.body)).toBe(
      false,
    );
    const { c1MarkdownNegotiation } = await import('../../../src/core/checks/content/c1-markdown-negotiation.js');
    const c1 = (platform: string, hosting: string[]) => c1MarkdownNegotiation.fixGuide({ origin: ORIGIN, platform, hosting }).map((st) => st.title);
    expect(c1('nextjs', ['cloudflare'])[0]).toMatch(/Markdown for Agents/);
    expect(c1('nextjs', [])[0]).not.toMatch(/Markdown for Agents/);
  });

  it('B4 behind Cloudflare names its bot management in place of the neutral WAF step', async () => {
    const { b4AutomatedAccess } = await import('../../../src/core/checks/bot_access/b4-automated-access.js');
    const behind = b4AutomatedAccess.fixGuide({ origin: ORIGIN, platform: 'wordpress', hosting: ['cloudflare'] });
    const bare = b4AutomatedAccess.fixGuide({ origin: ORIGIN, platform: 'wordpress', hosting: ['nginx'] });
    expect(behind[0].title).toBe('Allow verified bots and signed agents in Cloudflare');
    expect(bare[0].title).toBe('Let verified agents through your bot protection');
    expect(behind.slice(1)).toEqual(bare.slice(1));
  });

  it('each pack names itself and says how the detector knows it (platforms a fingerprint, hosts their signals)', async () => {
    const { PLATFORMS, HOSTS } = await import('../../../src/core/fixes/platforms/index.js');
    const { platformLabel } = await import('../../../src/core/fixes/platform-labels.js');
    for (const p of Object.values(PLATFORMS) as PlatformPack[]) {
      expect(p.fingerprint?.signals.length, p.id).toBeGreaterThan(0);
      expect(p.hostSignals, p.id).toBeUndefined();
      expect(platformLabel(p.id)).toBe(p.label);
    }
    for (const h of Object.values(HOSTS) as PlatformPack[]) {
      expect(h.hostSignals?.length, h.id).toBeGreaterThan(0);
      expect(h.fingerprint, h.id).toBeUndefined();
      expect(platformLabel(h.id)).toBe(h.label);
    }
  });

  it('registers every pack module under its own id, and only ids the detector knows', async () => {
    const { readdirSync } = await import('node:fs');
    const { PLATFORM_PACKS, FOLDERS } = await import('../../../src/core/fixes/platforms/index.js');
    const { FINGERPRINTS, HOSTING_FINGERPRINTS } = await import('../../../src/core/fixes/platform-fingerprints.js');
    const known = new Set<string>([...FINGERPRINTS.map((f) => f.id), ...HOSTING_FINGERPRINTS.map((h) => h.id)]);
    const modules = readdirSync(new URL('../../../src/core/fixes/platforms/', import.meta.url))
      .filter((f) => f.endsWith('.ts') && !['index.ts', 'types.ts', 'shared.ts', 'shared-hooks.ts', 'project-shape.ts', 'config-values.ts'].includes(f))
      .map((f) => f.replace(/\.ts$/, ''));
    // A folder pack (a plain static folder) is a project kind, not a platform the detector reports.
    expect([...Object.keys(PLATFORM_PACKS), ...Object.keys(FOLDERS)].sort()).toEqual(modules.sort());
    for (const [id, pack] of Object.entries(PLATFORM_PACKS)) {
      expect(pack!.id).toBe(id);
      expect(known.has(id), `${id} is a detected platform or host`).toBe(true);
    }
  });
});

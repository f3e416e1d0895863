/**
 * The merges `ai-ready fix` writes with never remove a line the owner wrote and, applied twice,
 * change nothing the second time. Bounded property tests over generated files, plus the owner's
 * files as people write them (groups, comments, links, no trailing newline).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { extendLinkList, mergeJsonValue, mergeRobots } from '../../../../src/core/fixes/project/merge-text.js';
import { writeRules, type HeaderRule, type HeadersPlace } from '../../../../src/core/fixes/project/headers-place.js';
import { robotsLinesOf, robotsLinesText, type RobotsRecord, type RobotsRules } from '../../../../src/core/fixes/robots-rules.js';

const GUIDE_ROBOTS = `User-agent: *
Content-Signal: search=yes, ai-input=yes, ai-train=no
Allow: /

# Answer engines and user-requested fetches: allowed
User-agent: OAI-SearchBot
User-agent: ChatGPT-User
Allow: /

# Model training: decide explicitly
User-agent: GPTBot
User-agent: CCBot
Disallow: /

Sitemap: https://acme.test/sitemap.xml
`;

const OWNER_ROBOTS = `# Acme robots, kept by the web team
User-agent: *
Disallow: /admin
Disallow: /cart   # checkout pages

User-agent: GPTBot
Disallow: /private
Sitemap: https://acme.test/old-sitemap.xml`;

const OWNER_LLMS = `# Acme

> Widgets, made in Lyon.

Some notes the owner wrote.

## Docs
- [Guide](https://acme.test/guide.md): how to start
- [FAQ](https://acme.test/faq.md)`;

const GUIDE_LLMS = `# Example Co

> Example Co sells things.

## Docs
- [Guide](https://acme.test/guide.md): how to start
- [Pricing](https://acme.test/pricing.md): prices

## Optional
- [Blog](https://acme.test/blog/): news`;

const lines = (t: string) =>
  t
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const keepsEvery = (before: string, after: string) => {
  const have = lines(after);
  return lines(before).filter((l) => !have.includes(l));
};

/** Which agents a robots.txt group names, for each agent line: the group's rules (RFC 9309 groups merged by agent). */
function rulesFor(robots: string, agent: string): string[] {
  const out: string[] = [];
  let agents: string[] = [];
  let lastAgent = false;
  for (const raw of robots.split('\n')) {
    const l = raw.replace(/#.*/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(l);
    if (!m) continue;
    if (m[1].toLowerCase() === 'user-agent') {
      agents = lastAgent ? [...agents, m[2].toLowerCase()] : [m[2].toLowerCase()];
      lastAgent = true;
      continue;
    }
    lastAgent = false;
    if (agents.includes(agent.toLowerCase()) && m[1].toLowerCase() !== 'sitemap') out.push(`${m[1].toLowerCase()}: ${m[2]}`);
  }
  return out;
}

describe('mergeRobots', () => {
  it("keeps the owner's every line, puts rules in the owner's group, and does not touch a group the owner wrote for a bot", () => {
    const { text, conflicts } = mergeRobots(OWNER_ROBOTS, GUIDE_ROBOTS);
    expect(keepsEvery(OWNER_ROBOTS, text)).toEqual([]);
    expect(rulesFor(text, '*')).toEqual(expect.arrayContaining(['disallow: /admin', 'content-signal: search=yes, ai-input=yes, ai-train=no']));
    // The owner decided what GPTBot may do: the guide's training group does not add "Disallow: /" to it.
    expect(rulesFor(text, 'GPTBot')).toEqual(['disallow: /private']);
    expect(conflicts.join(' ')).toMatch(/GPTBot/);
    expect(rulesFor(text, 'CCBot')).toEqual(['disallow: /']);
    expect(text).toContain('Sitemap: https://acme.test/sitemap.xml');
    expect(mergeRobots(text, GUIDE_ROBOTS).text).toBe(text);
  });

  it('puts a line the guide wrote outside any group before the first group, never into the last one', () => {
    const { text } = mergeRobots(OWNER_ROBOTS, 'Content-Signal: search=yes\n\nUser-agent: CCBot\nDisallow: /\n');
    expect(text.split('\n')[0]).toBe('Content-Signal: search=yes');
    expect(rulesFor(text, 'CCBot')).toEqual(['disallow: /']);
    expect(mergeRobots(text, 'Content-Signal: search=yes\n\nUser-agent: CCBot\nDisallow: /\n').text).toBe(text);
  });

  it('is idempotent on an empty file', () => {
    const once = mergeRobots('', GUIDE_ROBOTS).text;
    expect(mergeRobots(once, GUIDE_ROBOTS).text).toBe(once);
  });

  const agent = fc.constantFrom('*', 'GPTBot', 'ClaudeBot', 'CCBot', 'Googlebot');
  const rule = fc.tuple(fc.constantFrom('Allow', 'Disallow', 'Content-Signal', 'Crawl-delay'), fc.constantFrom('/', '/a', '/b/', 'search=yes', '10'));
  const group = fc.tuple(
    fc.array(agent, { minLength: 1, maxLength: 2 }),
    fc.array(rule, { maxLength: 3 }),
    fc.option(fc.constantFrom('# note', '# another note')),
  );
  const robots = fc
    .tuple(fc.array(group, { maxLength: 4 }), fc.option(fc.constant('Sitemap: https://acme.test/s.xml')), fc.boolean())
    .map(([gs, sitemap, newline]) => {
      const text = [
        ...gs.map(([as, rs, c]) => [...(c ? [c] : []), ...as.map((a) => `User-agent: ${a}`), ...rs.map(([k, v]) => `${k}: ${v}`)].join('\n')),
        ...(sitemap ? [sitemap] : []),
      ].join('\n\n');
      return newline ? `${text}\n` : text;
    });

  it('never removes a line and is idempotent (generated files)', () => {
    fc.assert(
      fc.property(robots, robots, (owner, add) => {
        const once = mergeRobots(owner, add).text;
        expect(keepsEvery(owner, once)).toEqual([]);
        expect(mergeRobots(once, add).text).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});

describe('mergeRobots from the structure a guide publishes', () => {
  const agent = fc.constantFrom('*', 'GPTBot', 'ClaudeBot', 'CCBot');
  const path = fc.constantFrom('/', '/a', '/b/');
  const rules: fc.Arbitrary<RobotsRules> = fc.record({
    purpose: fc.constant('ai-crawlers' as const),
    groups: fc.array(
      fc
        .record({
          comment: fc.option(fc.constantFrom('AI crawlers', 'Training'), { nil: undefined }),
          userAgents: fc.array(agent, { minLength: 1, maxLength: 2 }),
          records: fc.option(fc.constant<RobotsRecord[]>([{ field: 'Content-Signal', value: { search: 'yes', 'ai-train': 'no' } }]), { nil: undefined }),
          allow: fc.option(fc.array(path, { maxLength: 2 }), { nil: undefined }),
          disallow: fc.option(fc.array(path, { maxLength: 2 }), { nil: undefined }),
        })
        // A group with no rule joins the next group's agents in robots.txt text (RFC 9309): rules never hold one.
        .filter((g) => !!(g.records?.length || g.allow?.length || g.disallow?.length)),
      { maxLength: 3 },
    ),
    sitemaps: fc.option(fc.constant([{ url: 'https://acme.test/s.xml' }]), { nil: undefined }),
  });

  it('merges the structure exactly as its text: one parser reads the owner file and the guide text', () => {
    fc.assert(
      fc.property(rules, fc.constantFrom(OWNER_ROBOTS, OWNER_ROBOTS.replace(/\n/g, '\r\n'), ''), (r, owner) => {
        expect(mergeRobots(owner, robotsLinesOf(r))).toEqual(mergeRobots(owner, robotsLinesText(r)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('extendLinkList', () => {
  it("keeps the owner's H1, notes and links; adds new links under their section", () => {
    const { text } = extendLinkList(OWNER_LLMS, GUIDE_LLMS);
    expect(keepsEvery(OWNER_LLMS, text)).toEqual([]);
    expect(text.split('\n')[0]).toBe('# Acme');
    expect(text).not.toContain('Example Co');
    expect(text.indexOf('pricing.md')).toBeGreaterThan(text.indexOf('faq.md'));
    expect(text.indexOf('pricing.md')).toBeLessThan(text.indexOf('## Optional'));
    expect(extendLinkList(text, GUIDE_LLMS).text).toBe(text);
  });

  const link = fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.constantFrom('', ': why')).map(([p, note]) => `- [${p}](https://acme.test/${p}.md)${note}`);
  const section = fc.tuple(fc.constantFrom('## Docs', '## Optional', '## API'), fc.array(link, { maxLength: 3 }));
  const llms = fc
    .tuple(fc.option(fc.constantFrom('# Acme', '# Other')), fc.option(fc.constant('> summary')), fc.array(section, { maxLength: 3 }), fc.boolean())
    .map(([h1, quote, ss, nl]) => {
      const t = [h1, quote, ...ss.map(([h, ls]) => [h, ...ls].join('\n'))].filter((x): x is string => !!x).join('\n\n');
      return nl ? `${t}\n` : t;
    });

  it('keeps every line and is idempotent (generated files)', () => {
    fc.assert(
      fc.property(llms, llms, (owner, add) => {
        const once = extendLinkList(owner, add).text;
        expect(keepsEvery(owner, once)).toEqual([]);
        expect(extendLinkList(once, add).text).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});

describe('mergeJsonValue', () => {
  /** Every scalar of a JSON value with its path. */
  function scalars(v: unknown, path = '$', out: Array<[string, unknown]> = []): Array<[string, unknown]> {
    if (Array.isArray(v)) v.forEach((x, i) => scalars(x, `${path}[${i}]`, out));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) scalars(x, `${path}.${k}`, out);
    else out.push([path, v]);
    return out;
  }
  const json = fc.jsonValue({ maxDepth: 3 });

  it('keeps every scalar the owner set, and merging again changes nothing', () => {
    fc.assert(
      fc.property(json, json, (owner, add) => {
        const merged = mergeJsonValue(owner, add);
        // Existing scalars stay where they were (arrays only grow at the end).
        const after = new Map(scalars(merged).map(([p, v]) => [p, JSON.stringify(v)]));
        for (const [p, v] of scalars(owner)) expect(after.get(p)).toBe(JSON.stringify(v));
        expect(JSON.stringify(mergeJsonValue(merged, add))).toBe(JSON.stringify(merged));
      }),
      { numRuns: 300 },
    );
  });
});

describe('writeRules (headers)', () => {
  const places: HeadersPlace[] = [
    { host: 'netlify', file: 'public/_headers', format: 'headers-text', why: '' },
    { host: 'netlify', file: 'netlify.toml', format: 'netlify-toml', why: '' },
    { host: 'vercel', file: 'vercel.json', format: 'vercel-json', why: '' },
  ];
  const rule = fc.record({
    path: fc.constantFrom('/', '/llms.txt', '/.well-known/api-catalog'),
    name: fc.constantFrom('Link', 'Content-Type', 'Access-Control-Allow-Origin'),
    value: fc.constantFrom('</llms.txt>; rel="describedby"', 'application/json', '*'),
  });
  it('is idempotent and keeps every line of the file (generated rules)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...places), fc.array(rule, { maxLength: 4 }), fc.array(rule, { maxLength: 4 }), (place, first, second) => {
        const a = writeRules(place, null, first as HeaderRule[]).text;
        const b = writeRules(place, a || null, second as HeaderRule[]).text;
        expect(keepsEvery(a, b)).toEqual([]);
        expect(writeRules(place, b || null, second as HeaderRule[]).text).toBe(b);
        expect(writeRules(place, b || null, first as HeaderRule[]).text).toBe(b);
      }),
      { numRuns: 200 },
    );
  });
  it('adds to an owner _headers with no trailing newline and keeps its lines', () => {
    const owner = '/*\n  X-Frame-Options: DENY\n\n/assets/*\n  Cache-Control: max-age=31536000';
    const out = writeRules(places[0], owner, [{ path: '/', name: 'Link', value: '</llms.txt>; rel="describedby"' }]).text;
    expect(keepsEvery(owner, out)).toEqual([]);
    expect(out).toContain('/*\n  X-Frame-Options: DENY\n  Link: </llms.txt>; rel="describedby"\n');
  });
});

/**
 * Merges that never remove a line the owner wrote: robots.txt rules into the group they belong
 * to, llms.txt links into their section, JSON documents key by key. Each returns the new text and
 * the conflicts it would not guess (a value the owner set differently).
 */
import type { RobotsLines } from '../../schema.js';
import { parseRobotsText } from '../../gather/robots.js';

export interface Merged {
  text: string;
  conflicts: string[];
}

const norm = (line: string) => line.trim().replace(/\s+/g, ' ').toLowerCase();

interface OwnerGroup {
  agents: string[];
  /** Index of the group's last line in the file. */
  end: number;
  /** Its rules, normalised ("disallow: /a"). */
  lines: Set<string>;
}

const FIELD = /^([A-Za-z-]+)\s*:\s*(.*)$/;
const fieldOf = (line: string) => FIELD.exec(line.replace(/#.*/, '').trim());

/** The owner's groups, read by the scan's robots parser (gather/robots.ts). */
function ownerGroups(lines: string[]): OwnerGroup[] {
  return parseRobotsText(lines.join('\n')).groups.map((g) => ({
    agents: g.agents.map((a) => a.toLowerCase()),
    end: g.lastLine - 1,
    lines: new Set([...g.rules, ...g.extras].map((r) => norm(`${r.field}: ${r.value}`))),
  }));
}

const sameAgents = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

interface WantedGroup {
  comments: string[];
  agents: string[];
  rules: string[];
}

/** The lines to add, as groups (each with the comments just above it) and lines outside any group. */
interface Wanted {
  groups: WantedGroup[];
  loose: string[];
}

const unique = (agents: string[]) => agents.filter((a, i) => agents.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i);

/** Structure a guide published (FixOperation `lines`.robots) as the lines it adds; a pending Sitemap line waits. */
function wantedOfStructure(robots: RobotsLines): Wanted {
  return {
    groups: robots.groups.map((g) => ({
      comments: g.comment ? [`# ${g.comment}`] : [],
      agents: unique(g.userAgents),
      rules: [
        ...(g.records ?? []).map((r) => `${r.field}: ${r.value}`),
        ...(g.allow ?? []).map((p) => `Allow: ${p}`),
        ...(g.disallow ?? []).map((p) => `Disallow: ${p}`),
      ],
    })),
    loose: (robots.sitemaps ?? []).filter((m) => !m.pending).map((m) => `Sitemap: ${m.url}`),
  };
}

/** Text to add, read by the same parser as the owner's file; each line kept as written. */
function wantedOfText(add: string): Wanted {
  const lines = add.split(/\r\n|\r|\n/);
  const raw = (line: number) => lines[line - 1].trim();
  const parsed = parseRobotsText(add);
  return {
    groups: parsed.groups.map((g) => ({
      comments: g.comments,
      agents: unique(g.agents),
      rules: [...g.rules, ...g.extras].sort((a, b) => a.line - b.line).map((r) => raw(r.line)),
    })),
    loose: [...parsed.orphans, ...parsed.sitemapRecords].sort((a, b) => a.line - b.line).map((r) => raw(r.line)),
  };
}

/** A rule the group already decides otherwise: the other of Allow/Disallow on the same path, or another value of the same non-path field. */
function contradicts(group: OwnerGroup, rule: string): string | null {
  const m = fieldOf(rule);
  if (!m) return null;
  const field = m[1].toLowerCase();
  const value = m[2].trim();
  for (const have of group.lines) {
    const h = FIELD.exec(have)!;
    const [hf, hv] = [h[1], h[2].trim()];
    if ((field === 'allow' || field === 'disallow') && (hf === 'allow' || hf === 'disallow')) {
      if (hf !== field && hv === value.toLowerCase()) return have;
    } else if (hf === field && hv !== value.toLowerCase()) return have;
  }
  return null;
}

/**
 * Adds robots.txt lines without changing what the owner decided: a rule goes into the owner's
 * group for exactly the same user agents unless that group already says otherwise (reported); an
 * agent the owner already has rules for is left to the owner's group (reported when the fix
 * would have said more); other agents get a new group at the end, as do missing Sitemap lines.
 */
export function mergeRobots(existing: string, add: string | RobotsLines): Merged {
  // The owner's line endings are kept (CRLF stays CRLF); a BOM stays on the first line.
  const eol = existing.includes('\r\n') ? '\r\n' : '\n';
  let out = existing.trim() ? existing.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n') : [];
  const conflicts: string[] = [];
  const { groups: wanted, loose } = typeof add === 'string' ? wantedOfText(add) : wantedOfStructure(add);
  const appendBlock = (block: string[]) => {
    out = [...out, ...(out.length ? [''] : []), ...block];
  };
  for (const w of wanted) {
    const groups = ownerGroups(out);
    const agentsLower = w.agents.map((a) => a.toLowerCase());
    const same = groups.find((g) => sameAgents([...new Set(g.agents)], agentsLower));
    if (same) {
      const fresh: string[] = [];
      for (const r of w.rules) {
        if (same.lines.has(norm(r.replace(/#.*/, ''))) || fresh.some((f) => norm(f) === norm(r))) continue;
        // `Allow: /` only closes a new group (a record alone would join the next group's agents):
        // the owner's group is already closed, and allowing everything is the default anyway.
        if (/^allow\s*:\s*\/\s*$/i.test(r)) continue;
        const against = contradicts(same, r);
        if (against) conflicts.push(`robots.txt: your group for ${w.agents.join(', ')} has "${against}"; the fix would add "${r}" (kept yours)`);
        else fresh.push(r);
      }
      if (fresh.length) out.splice(same.end + 1, 0, ...fresh);
      continue;
    }
    const free: string[] = [];
    for (const a of w.agents) {
      const theirs = groups.filter((g) => g.agents.includes(a.toLowerCase()));
      if (!theirs.length) {
        free.push(a);
        continue;
      }
      const missing = w.rules.filter((r) => !theirs.some((g) => g.lines.has(norm(r.replace(/#.*/, '')))));
      if (missing.length)
        conflicts.push(`robots.txt: you already have rules for ${a}; the fix would add ${missing.map((r) => `"${r}"`).join(', ')} for it (kept yours)`);
    }
    if (free.length) appendBlock([...w.comments, ...free.map((a) => `User-agent: ${a}`), ...w.rules]);
  }
  const have = new Set(out.map(norm));
  const fresh = [...new Set(loose.filter((l) => !have.has(norm(l))))];
  const isSitemap = (l: string) => /^sitemap\s*:/i.test(l);
  // Sitemap lines belong to no group: at the end. Other lines outside a group go first, where the
  // guide put them: at the end they would join the last group.
  const head = fresh.filter((l) => !isSitemap(l));
  if (head.length) out = [...head, ...(out.length ? [''] : []), ...out];
  const tail = fresh.filter(isSitemap);
  if (tail.length) appendBlock(tail);
  return { text: out.length ? `${out.join(eol)}${eol}` : '', conflicts };
}

/** For each line, whether it is inside (or is a fence line of) a fenced code block (``` or ~~~, CommonMark: closed by a fence at least as long). */
export function fenced(lines: string[]): boolean[] {
  return fenceState(lines).inFence;
}

function fenceState(lines: string[]): { inFence: boolean[]; openAtEnd: boolean } {
  let open: { char: string; len: number } | null = null;
  const inFence = lines.map((l) => {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(l);
    if (!open) {
      if (m) open = { char: m[1][0], len: m[1].length };
      return open !== null;
    }
    if (m && m[1][0] === open.char && m[1].length >= open.len && /^ {0,3}[`~]+\s*$/.test(l)) open = null;
    return true;
  });
  return { inFence, openAtEnd: open !== null };
}

interface MdSection {
  heading: string;
  lines: string[];
}

const linkUrl = (line: string) => /\]\(([^)\s]+)/.exec(line)?.[1] ?? null;

/** Extends an llms.txt (or any Markdown link list): links whose URL is new go under their H2, a missing H1 and new sections are added; nothing is removed. */
export function extendLinkList(existing: string, add: string): Merged {
  const text = existing.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const lines = text ? text.split('\n') : [];
  const known = new Set(lines.map(linkUrl).filter((u): u is string => !!u));
  const ours = add.replace(/\r\n?/g, '\n').split('\n');
  const sections: MdSection[] = [];
  let h1: string | null = null;
  const intro: string[] = [];
  for (const l of ours) {
    if (/^# /.test(l)) h1 = l;
    else if (/^## /.test(l)) sections.push({ heading: l, lines: [] });
    else if (sections.length) sections[sections.length - 1].lines.push(l);
    else intro.push(l);
  }
  const out = [...lines];
  // A code block left open at the end would swallow anything appended: nothing is added.
  if (fenceState(lines).openAtEnd)
    return { text: existing, conflicts: ['llms.txt ends inside an unclosed code block: kept as it is; close the block and run fix again'] };
  if (h1 && !lines.some((l, i) => /^# /.test(l) && !fenced(lines)[i])) {
    // The H1 must come first (llms.txt: "an H1 with the name of the project or site").
    out.unshift(h1, '', ...intro.filter((l) => l.trim()), ...(intro.some((l) => l.trim()) ? [''] : []));
  }
  for (const s of sections) {
    const newLinks = s.lines.filter((l) => {
      const u = linkUrl(l);
      return u && !known.has(u);
    });
    if (!newLinks.length) continue;
    // Headings inside a fenced code block are code, not sections: never matched, never inserted into.
    const inFence = fenced(out);
    const at = out.findIndex((l, i) => !inFence[i] && norm(l) === norm(s.heading));
    if (at === -1) {
      out.push('', s.heading, '', ...newLinks);
      continue;
    }
    let end = at + 1;
    while (end < out.length && (inFence[end] || !/^#{1,2} /.test(out[end]))) end++;
    while (end > at + 1 && !out[end - 1].trim()) end--;
    out.splice(end, 0, ...newLinks);
  }
  return { text: `${out.join('\n').replace(/^\n+/, '').replace(/\n+$/, '')}\n`, conflicts: [] };
}

// JSON merges edit the owner's text in place: ./merge-json.ts.
export { mergeJsonText } from './merge-json.js';
import { identity } from './merge-json.js';

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON merged without overwriting: objects key by key, arrays extended by items not there yet, a different scalar kept and reported. */
export function mergeJsonValue(into: unknown, add: unknown, path = '$', conflicts: string[] = []): unknown {
  if (Array.isArray(into) && Array.isArray(add)) {
    const out = [...into];
    for (const item of add) {
      const at = out.findIndex((x) => identity(x) === identity(item));
      if (at === -1) out.push(item);
      else out[at] = mergeJsonValue(out[at], item, `${path}[${at}]`, conflicts);
    }
    return out;
  }
  if (isPlain(into) && isPlain(add)) {
    const out: Record<string, unknown> = { ...into };
    for (const [k, v] of Object.entries(add)) out[k] = Object.hasOwn(out, k) ? mergeJsonValue(out[k], v, `${path}.${k}`, conflicts) : v;
    return out;
  }
  if (JSON.stringify(into) !== JSON.stringify(add))
    conflicts.push(`${path} is ${JSON.stringify(into).slice(0, 80)}; the fix would set ${JSON.stringify(add).slice(0, 80)} (kept yours)`);
  return into;
}

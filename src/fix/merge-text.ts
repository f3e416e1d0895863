/**
 * Merges that never remove a line the owner wrote: robots.txt rules into the group they belong
 * to, llms.txt links into their section, JSON documents key by key. Each returns the new text and
 * the conflicts it would not guess (a value the owner set differently).
 */

export interface Merged {
  text: string;
  conflicts: string[];
}

const norm = (line: string) => line.trim().replace(/\s+/g, ' ').toLowerCase();

interface RobotsGroup {
  agents: string[];
  /** Index of the group's last line in the file. */
  end: number;
  lines: Set<string>;
}

/** The groups of a robots.txt (RFC 9309 §2.1: consecutive user-agent lines start a group). */
function robotsGroups(lines: string[]): RobotsGroup[] {
  const groups: RobotsGroup[] = [];
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  lines.forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) return;
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) return;
    const field = m[1].toLowerCase();
    if (field === 'user-agent') {
      if (!lastWasAgent || !current) groups.push((current = { agents: [], end: i, lines: new Set() }));
      current.agents.push(m[2].trim().toLowerCase());
      current.end = i;
      lastWasAgent = true;
      return;
    }
    lastWasAgent = false;
    if (field === 'sitemap') return; // not part of any group
    if (current) {
      current.lines.add(norm(line));
      current.end = i;
    }
  });
  return groups;
}

const sameAgents = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Adds robots.txt lines: each rule into the existing group of the same user agents, new groups and Sitemap lines at the end. */
export function mergeRobots(existing: string, add: string): Merged {
  const lines = existing.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  const have = existing.trim() ? lines : [];
  const wanted = add.replace(/\r\n?/g, '\n').split('\n');
  const inserts = new Map<number, string[]>();
  const appended: string[] = [];
  const groups = robotsGroups(have);
  const allLines = new Set(have.map(norm));
  // Walk the wanted text group by group.
  let agents: string[] = [];
  let block: string[] = [];
  let inAgents = false;
  const flush = () => {
    if (!agents.length) return;
    const target = groups.find((g) => sameAgents(g.agents, agents));
    const rules = block.filter((l) => l.trim() && !l.trim().startsWith('#'));
    if (target) {
      const missing = rules.filter((l) => !target.lines.has(norm(l)));
      if (missing.length) inserts.set(target.end, [...(inserts.get(target.end) ?? []), ...missing]);
    } else if (rules.length || agents.length) {
      appended.push('', ...agents.map((a) => `User-agent: ${a}`), ...block.filter((l) => l.trim()));
    }
    agents = [];
    block = [];
  };
  for (const raw of wanted) {
    const line = raw.trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line.replace(/#.*/, '').trim());
    if (m && m[1].toLowerCase() === 'user-agent') {
      if (!inAgents) flush();
      agents.push(m[2].trim());
      inAgents = true;
      continue;
    }
    inAgents = false;
    if (m && m[1].toLowerCase() === 'sitemap') {
      if (!allLines.has(norm(line))) appended.push(line);
      continue;
    }
    if (!agents.length) {
      // A comment or a line outside any group: kept only when new.
      if (line && !allLines.has(norm(line))) appended.push(line);
      continue;
    }
    block.push(line);
  }
  flush();
  const out: string[] = [];
  have.forEach((l, i) => {
    out.push(l);
    for (const x of inserts.get(i) ?? []) out.push(x);
  });
  // Agents in `flush` were pushed as typed; keep the appended part tidy.
  const tail = appended.join('\n').replace(/^\n+/, '');
  const text = [out.join('\n'), tail].filter(Boolean).join(out.length ? '\n\n' : '');
  return { text: text ? `${text}\n` : '', conflicts: [] };
}

interface MdSection {
  heading: string;
  lines: string[];
}

const linkUrl = (line: string) => /\]\(([^)\s]+)/.exec(line)?.[1] ?? null;

/** Extends an llms.txt (or any Markdown link list): links whose URL is new go under their H2, a missing H1 and new sections are added; nothing is removed. */
export function extendLinkList(existing: string, add: string): Merged {
  const text = existing.replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const lines = text.split('\n');
  const known = new Set(lines.map(linkUrl).filter((u): u is string => !!u));
  const ours = add.replace(/\r\n?/g, '\n').split('\n');
  const sections: MdSection[] = [];
  let h1: string | null = null;
  let intro: string[] = [];
  for (const l of ours) {
    if (/^# /.test(l)) h1 = l;
    else if (/^## /.test(l)) sections.push({ heading: l, lines: [] });
    else if (sections.length) sections[sections.length - 1].lines.push(l);
    else intro.push(l);
  }
  const out = [...lines];
  if (h1 && !lines.some((l) => /^# /.test(l))) {
    // The H1 must come first (llms.txt: "an H1 with the name of the project or site").
    out.unshift(h1, '', ...intro.filter((l) => l.trim()), ...(intro.some((l) => l.trim()) ? [''] : []));
  }
  for (const s of sections) {
    const newLinks = s.lines.filter((l) => {
      const u = linkUrl(l);
      return u && !known.has(u);
    });
    if (!newLinks.length) continue;
    const at = out.findIndex((l) => norm(l) === norm(s.heading));
    if (at === -1) {
      out.push('', s.heading, '', ...newLinks);
      continue;
    }
    let end = at + 1;
    while (end < out.length && !/^#{1,2} /.test(out[end])) end++;
    while (end > at + 1 && !out[end - 1].trim()) end--;
    out.splice(end, 0, ...newLinks);
  }
  return { text: `${out.join('\n').replace(/^\n+/, '')}\n`, conflicts: [] };
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The identity of an array item: its identifier, url, href or name, else the item itself. */
function identity(v: unknown): string {
  if (isPlain(v)) for (const k of ['identifier', 'id', 'url', 'href', 'anchor', 'name']) if (typeof v[k] === 'string') return `${k}:${v[k]}`;
  return JSON.stringify(v);
}

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
    for (const [k, v] of Object.entries(add)) out[k] = k in out ? mergeJsonValue(out[k], v, `${path}.${k}`, conflicts) : v;
    return out;
  }
  if (JSON.stringify(into) !== JSON.stringify(add)) conflicts.push(`${path} is ${JSON.stringify(into).slice(0, 80)}; the fix would set ${JSON.stringify(add).slice(0, 80)} (kept yours)`);
  return into;
}

export function mergeJsonText(existing: string, add: string): Merged {
  let doc: unknown;
  try {
    doc = JSON.parse(existing);
  } catch {
    return { text: existing, conflicts: ['the file is not valid JSON: fix it first, then run fix again'] };
  }
  const conflicts: string[] = [];
  const merged = mergeJsonValue(doc, JSON.parse(add), '$', conflicts);
  const text = JSON.stringify(merged, null, 2) + '\n';
  // Unchanged documents keep the owner's formatting.
  return { text: JSON.stringify(merged) === JSON.stringify(doc) ? existing : text, conflicts };
}

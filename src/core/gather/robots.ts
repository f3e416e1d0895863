/**
 * robots.txt, fetched once per scan and shared by D1, D2, B1, B2 and B5. Access matching is
 * robots-parser's (RFC 9309 semantics); the record split below keeps what it ignores
 * (group membership of Content-Signal / Content-Usage lines, unparseable lines).
 */
import robotsParser from 'robots-parser';
import type { FetchResult } from '../net/http.js';
import { isFound, isOk, isSoft404 } from './classify.js';

export const ROBOTS_MAX_BYTES = 512 * 1024;
/** How robots.txt is requested (one constant for the gather and the declared request). */
export const ROBOTS_OPTIONS = { accept: 'text/plain,*/*;q=0.1', maxBytes: ROBOTS_MAX_BYTES };
/** robots.txt as checks declare it (meta.requests) and GatherContext.robots() fetches it. */
export const ROBOTS_REQUEST = { path: '/robots.txt', options: ROBOTS_OPTIONS };

export interface RobotsRecord {
  field: string;
  value: string;
  line: number;
}

export interface RobotsGroup {
  /** User-agent values of the group, as written. */
  agents: string[];
  /** allow/disallow lines. */
  rules: RobotsRecord[];
  /** Any other field inside the group (content-signal, content-usage, crawl-delay, ...). */
  extras: RobotsRecord[];
  /** The comment lines right above its first User-agent line, as written. */
  comments: string[];
  /** The 1-based line of its last User-agent, rule or record line. */
  lastLine: number;
}

/** robots.txt text read as records: what parseRobots and the fix writer's merge share (one parser). */
export interface RobotsText {
  groups: RobotsGroup[];
  /** Absolute Sitemap URLs (global records). */
  sitemaps: string[];
  /** Every Sitemap line, valid or not. */
  sitemapRecords: RobotsRecord[];
  /** Records outside any group other than sitemap (e.g. a Content-Signal line before any User-agent). */
  orphans: RobotsRecord[];
  totalLines: number;
  invalidLines: number;
}

export interface RobotsArtifact {
  probe: FetchResult;
  /** 2xx, not a soft 404, non-empty. */
  found: boolean;
  soft404: boolean;
  text: string;
  groups: RobotsGroup[];
  /** Absolute Sitemap URLs (global records). */
  sitemaps: string[];
  /** Records outside any group other than sitemap (e.g. a Content-Signal line before any User-agent). */
  orphans: RobotsRecord[];
  totalLines: number;
  invalidLines: number;
  /** Whether `path` may be fetched by `agent`, per RFC 9309 group selection. */
  isAllowed(path: string, agent: string): boolean;
}

const KNOWN_FIELDS = new Set([
  'user-agent',
  'allow',
  'disallow',
  'sitemap',
  'crawl-delay',
  'host',
  'content-signal',
  'content-usage',
  'clean-param',
  'request-rate',
  'visit-time',
  'noindex',
  // The AI catalog's pointer (Lighthouse's agentic gatherer reads it first; A10).
  'agentmap',
]);

export function parseRobots(probe: FetchResult, origin: string): RobotsArtifact {
  const found = isFound(probe) || (isOk(probe) && !isSoft404(probe) && probe.body.length > 0);
  const text = found ? probe.text : '';
  const { groups, sitemaps, orphans, totalLines, invalidLines } = parseRobotsText(text, origin);
  const parser = found ? robotsParser(new URL('/robots.txt', origin).href, text) : null;
  return {
    probe,
    found,
    soft404: isSoft404(probe),
    text,
    groups,
    sitemaps,
    orphans,
    totalLines,
    invalidLines,
    isAllowed(path: string, agent: string): boolean {
      if (!parser) return true;
      return parser.isAllowed(new URL(path, origin).href, agent) ?? true;
    },
  };
}

/** The records of robots.txt text (RFC 9309 §2.1 groups); Sitemap URLs resolved against `origin`. */
export function parseRobotsText(text: string, origin = 'http://robots.invalid'): RobotsText {
  const groups: RobotsGroup[] = [];
  const sitemapRecords: RobotsRecord[] = [];
  let comments: string[] = [];
  const sitemaps: string[] = [];
  const orphans: RobotsRecord[] = [];
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  let totalLines = 0;
  let invalidLines = 0;
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    if (/^\s*#/.test(raw)) comments.push(raw.trim());
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    totalLines++;
    const m = line.match(/^([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*)$/);
    if (!m) {
      invalidLines++;
      return;
    }
    const field = m[1].toLowerCase();
    const value = m[2].trim();
    const rec = { field, value, line: i + 1 };
    if (!KNOWN_FIELDS.has(field)) invalidLines++;
    const above = comments;
    comments = [];
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], extras: [], comments: above, lastLine: i + 1 };
        groups.push(current);
      }
      current.agents.push(value);
      current.lastLine = i + 1;
      lastWasAgent = true;
      return;
    }
    lastWasAgent = false;
    if (field === 'sitemap') {
      sitemapRecords.push(rec);
      // Only http(s) locations are sitemaps a crawler (or this scan) can fetch.
      const url = URL.canParse(value, origin) ? new URL(value, origin) : null;
      if (url && (url.protocol === 'http:' || url.protocol === 'https:')) sitemaps.push(url.href);
      else invalidLines++;
      return;
    }
    if (!current) {
      orphans.push(rec);
      return;
    }
    if (field === 'allow' || field === 'disallow') current.rules.push(rec);
    else current.extras.push(rec);
    current.lastLine = i + 1;
  });
  return { groups, sitemaps: [...new Set(sitemaps)], sitemapRecords, orphans, totalLines, invalidLines };
}

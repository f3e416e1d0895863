/**
 * A fix plan: what each failing check's guide publishes (FixStep.publish), turned into changes to
 * the project's own files. Every change is computed in memory first, check by check, so the plan
 * can be shown as a diff (dry run) and written only with --write. Nothing the owner wrote is
 * removed: files are merged (robots.txt by group, llms.txt by link, JSON key by key), a value the
 * owner set differently is kept and reported, and a step that needs the owner's own data (an
 * endpoint, a contact) is not written: the plan names the value instead. Only values observed on
 * the site or given by the owner are written (FixStep.source `site` or `owner`): an example, or a
 * step that does not say where its values come from, is never written.
 */
import { posix } from 'node:path';
import type { CheckResult, FixOperation, PublishedValue, ScanResult, ValueSource } from '../../schema.js';
import { OWNER_VALUES, isOwnerValue, type OwnerValues } from '../owner-values.js';
import { shapeOf, type Framework } from './frameworks.js';
import { PLATFORMS } from '../platforms/index.js';
import type { PlanFinish } from '../platforms/project-shape.js';
import { headersPlace, printedRules, writeRules, type HeaderHostChoice, type HeaderRule, type HeadersPlace } from './headers-place.js';
import { mergeByKind, mergeKindOf, type MergeKind } from './merge-table.js';
import { robotsSource } from './robots-source.js';
import { htmlFilesUnder, PathRefused, readContained, staticFileFor } from './project-files.js';

export interface FileChange {
  /** Project-relative path, '/'-separated. */
  file: string;
  before: string | null;
  after: string;
  /** How the file merges when the project has it (merge-table.ts): what was done, or what would be. */
  merge: MergeKind;
}

export interface NeededValue {
  value: string;
  description: string;
  /** The step that needs it. */
  step: string;
  /** The owner gave it (--set or ai-ready.fix.json), but this guide does not take it yet: still not written. */
  givenButUnused?: boolean;
}

export interface CheckPlan {
  id: string;
  name: string;
  status: CheckResult['status'];
  code?: string;
  changes: FileChange[];
  needs: NeededValue[];
  /** Steps written nowhere: HTML for a framework's layout, headers with no host file, a builder's settings. */
  manual: Array<{ title: string; text: string }>;
  conflicts: string[];
  /** Steps whose content is an example (FixStep.source `example`): shown by `ai-ready explain`, never written. */
  examples: string[];
  /** The steps planned for writing, each with where its values come from (`site` or `owner`) and, value by value, what it publishes. */
  sources: Array<{ step: string; source: 'site' | 'owner'; values?: PublishedValue[] }>;
}

/** How many values a plan publishes, by where each comes from. */
export type ValueCounts = Record<ValueSource, number>;

/**
 * The values the plan writes, by source: those of the steps planned for writing in checks that
 * change a file (FixStep.values), a value repeated across files counted once (the site's name in
 * llms.txt, llms-full.txt and the JSON-LD is one value). `example` stays 0: no written step carries one.
 */
export function valueCounts(plan: FixPlan): ValueCounts {
  const counts: ValueCounts = { site: 0, owner: 0, example: 0 };
  const seen = new Set<string>();
  for (const c of plan.checks) {
    if (!c.changes.length) continue;
    for (const s of c.sources)
      for (const v of s.values ?? []) {
        const key = `${v.source}\0${v.name}\0${v.value ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        counts[v.source]++;
      }
  }
  return counts;
}

export interface FixPlan {
  url: string;
  framework: Framework;
  headers: HeadersPlace | null;
  checks: CheckPlan[];
  /** Every file the plan writes: its text before (null: new) and after. */
  files: FileChange[];
  /** Failing checks whose guide has only examples and asks nothing of the owner: not offered (nothing true to write). */
  notOffered: Array<{ id: string; name: string }>;
}

export interface PlanOptions {
  /** The project folder; null: an empty project, nothing read from disk (the MCP form). */
  dir: string | null;
  framework: Framework;
  host?: HeaderHostChoice;
  /** Only these checks: check ids, or dimension names (every check of that dimension). */
  only?: string[];
  /** The owner's values (also handed to the guides by the scan): here only to say which a guide did not take. */
  ownerValues?: OwnerValues;
}

/** What a static host sends for a file of this extension (Netlify, Vercel, Cloudflare Pages, GitHub Pages agree on these). */
const EXTENSION_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.md': 'text/markdown',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
};
const baseType = (t: string) => t.split(';')[0].trim().toLowerCase();

/** Files in memory over the project on disk; every read goes through the contained access of project-files.ts. */
class ProjectFiles {
  readonly original = new Map<string, string | null>();
  readonly current = new Map<string, string>();
  readonly merges = new Map<string, MergeKind>();
  constructor(
    private readonly dir: string | null,
    private readonly staticDir: string | null,
  ) {}

  /** The file's text (null: absent); a PathRefused for a path outside the static folder, a symlink or a special file. */
  read(file: string): string | null {
    if (this.current.has(file)) return this.current.get(file)!;
    if (!this.original.has(file)) this.original.set(file, this.dir === null ? null : readContained(this.dir, file, this.staticDir));
    return this.original.get(file)!;
  }

  /** Sets the file's new text; `merge` is how it merges into the owner's file (merge-table.ts). */
  write(file: string, text: string, merge: MergeKind): void {
    this.read(file);
    this.current.set(file, text);
    if (!this.merges.has(file)) this.merges.set(file, merge);
  }

  change(file: string, before: string | null, after: string): FileChange {
    return { file, before, after, merge: this.merges.get(file) ?? 'refuse' };
  }

  snapshot(): Map<string, string | null> {
    return new Map([...this.current.keys()].map((f) => [f, this.read(f)]));
  }

  changes(): FileChange[] {
    return [...this.current].filter(([f, t]) => this.original.get(f) !== t).map(([file, after]) => this.change(file, this.original.get(file) ?? null, after));
  }

  exists(file: string): boolean {
    try {
      return this.read(file) !== null;
    } catch (e) {
      if (e instanceof PathRefused) return false;
      throw e;
    }
  }

  htmlFiles(dir: string): string[] {
    return this.dir === null ? [] : htmlFilesUnder(this.dir, dir, this.staticDir);
  }
}

const describeOp = (op: FixOperation): string =>
  op.kind === 'file'
    ? `publish ${op.path}`
    : op.kind === 'header'
      ? `send ${op.name} on ${op.path === '/' ? 'every page' : op.path}`
      : op.kind === 'lines'
        ? `add lines to ${op.path}`
        : op.kind === 'merge'
          ? `merge into ${op.path}`
          : `add HTML to the ${op.where} of ${op.path}`;

/** The checks a fix addresses, most valuable first (the report's own fix order: weight left on the table). */
function failing(result: PlanInput, only?: string[]): PlanCheck[] {
  return (
    result.checks
      .filter((c) => (c.status === 'fail' || c.status === 'partial') && c.fixGuide?.length)
      .filter((c) => !only?.length || only.includes(c.id) || (c.dimension !== undefined && only.includes(c.dimension)))
      .sort((a, b) => b.weight - b.earned - (a.weight - a.earned))
      // Link headers point at files other guides publish: planned last, when those files are known.
      .sort((a, b) => Number(linksOut(a)) - Number(linksOut(b)))
  );
}

const linksOut = (c: PlanCheck) =>
  (c.fixGuide ?? []).some(
    (s) => (s.publish?.kind === 'header' && s.publish.name.toLowerCase() === 'link') || (s.publish?.kind === 'html' && /<link\b/i.test(s.publish.content)),
  );

/** Paths on the scanned origin that answered 2xx during the scan (a Link header may point at them). */
function servedPaths(result: PlanInput): Set<string> {
  const origin = new URL(result.url).origin;
  const out = new Set<string>();
  for (const c of result.checks)
    for (const p of c.probes ?? []) {
      if (p.status === null || p.status === undefined || p.status < 200 || p.status >= 300) continue;
      try {
        const u = new URL(p.url);
        if (u.origin === origin) out.add(u.pathname);
      } catch {
        // a probe URL that does not parse names nothing
      }
    }
  return out;
}

/** What a plan reads of a scan: the URL, the checks with their guides, the hosting seen. */
export type PlanCheck = Pick<CheckResult, 'id' | 'name' | 'status' | 'code' | 'weight' | 'earned' | 'fixGuide'> &
  Partial<Pick<CheckResult, 'probes' | 'dimension'>>;
export type PlanInput = Pick<ScanResult, 'url'> & { checks: PlanCheck[] } & { platform?: Pick<NonNullable<ScanResult['platform']>, 'hosting'> };

export function planFixes(result: PlanInput, o: PlanOptions): FixPlan {
  const { framework } = o;
  const staticDir = framework.staticDir;
  const files = new ProjectFiles(o.dir, staticDir);
  const headers = staticDir === null ? null : headersPlace(o.dir, staticDir, result.platform?.hosting ?? [], o.host);
  // A URL path's file in the static folder: a path that would leave it is refused (PathRefused), never normalised.
  const at = (urlPath: string) => staticFileFor(staticDir ?? '.', urlPath);
  const checks: CheckPlan[] = [];
  const notOffered: FixPlan['notOffered'] = [];
  const served = servedPaths(result);

  for (const c of failing(result, o.only)) {
    const plan: CheckPlan = {
      id: c.id,
      name: c.name,
      status: c.status,
      code: c.code,
      changes: [],
      needs: [],
      manual: [],
      conflicts: [],
      examples: [],
      sources: [],
    };
    checks.push(plan);
    if (staticDir === null) {
      plan.manual.push({
        title: `${framework.label} publishes through its admin, not project files`,
        text: `Follow the guide: ai-ready explain ${c.id} --platform ${framework.id}`,
      });
      continue;
    }
    const before = files.snapshot();
    const rules: HeaderRule[] = [];
    for (const step of c.fixGuide ?? []) {
      const needs = (step.needs ?? []).filter(isOwnerValue);
      if (needs.length) {
        for (const n of needs)
          if (!plan.needs.some((x) => x.value === n))
            plan.needs.push({ value: n, description: OWNER_VALUES[n], step: step.title, ...(o.ownerValues?.[n] ? { givenButUnused: true } : {}) });
        continue;
      }
      const op = step.publish;
      if (!op) continue;
      // Only what is true of the owner's site is written: an example stays in the guide.
      if (step.source !== 'site' && step.source !== 'owner') {
        plan.examples.push(step.title);
        continue;
      }
      // A site step holding an example value is an example too: nothing of it is written.
      if (step.values?.some((v) => v.source === 'example')) {
        plan.examples.push(step.title);
        continue;
      }
      plan.sources.push({ step: step.title, source: step.source, ...(step.values?.length ? { values: step.values } : {}) });
      refusedAsConflict(plan, () => applyOperation(op, { files, at, framework, rules, plan, origin: new URL(result.url).origin, served }));
    }
    if (!(c.fixGuide ?? []).some((s) => s.publish || s.needs?.length)) {
      // The guide changes how the server answers or how pages are built: nothing a file can hold.
      plan.manual.push({
        title: 'No file to write: this fix changes how your site is built or served',
        text: `ai-ready explain ${c.id}${framework.id in PLATFORMS ? ` --platform ${framework.id}` : ''}`,
      });
    }
    if (rules.length) {
      if (headers?.file) {
        const file = headers.file;
        refusedAsConflict(plan, () => {
          const out = writeRules(headers, files.read(file), rules);
          if (out.text !== (files.read(file) ?? '')) files.write(file, out.text, 'header-rules');
          plan.conflicts.push(...out.conflicts);
        });
      } else plan.manual.push({ title: 'Add these response headers at your host or server (not written: no host file)', text: printedRules(rules) });
    }
    plan.changes = [...files.current]
      .filter(([f, t]) => (before.has(f) ? before.get(f) : files.original.get(f)) !== t)
      .map(([file, after]) => files.change(file, before.has(file) ? before.get(file)! : (files.original.get(file) ?? null), after));
    if (plan.examples.length && !plan.changes.length && !plan.needs.length && !plan.manual.length && !plan.conflicts.length) {
      // Nothing of the owner's to write and nothing to ask: the check is not offered as a fix.
      checks.pop();
      notOffered.push({ id: c.id, name: c.name });
    }
  }
  const finish = shapeOf(framework.id)?.finishPlan;
  const first = checks.find((c) => c.changes.length);
  if (finish && first) refusedAsConflict(first, () => finish(planFinish(files, checks)));
  return { url: result.url, framework, headers, checks, files: files.changes(), notOffered };
}

/** Runs one change; a path refused by the contained file access becomes the check's conflict, nothing read or written. */
function refusedAsConflict(plan: CheckPlan, change: () => void): void {
  try {
    change();
  } catch (e) {
    if (!(e instanceof PathRefused)) throw e;
    plan.conflicts.push(`${e.message}`);
  }
}

/** What a project shape's finishPlan sees of the plan: the files, and the check that changed a file. */
function planFinish(files: ProjectFiles, checks: CheckPlan[]): PlanFinish {
  const ownerOf = (cause: string) => checks.find((c) => c.changes.some((ch) => ch.file === cause)) ?? checks[0];
  return {
    changedFiles: () => files.changes().map((c) => c.file),
    exists: (rel) => files.exists(rel),
    read: (rel) => files.read(rel),
    writeConfig(rel, text, cause) {
      const before = files.read(rel);
      files.write(rel, text, 'config-include');
      ownerOf(cause).changes.push(files.change(rel, before, text));
    },
    conflict: (cause, text) => ownerOf(cause).conflicts.push(text),
    manual: (cause, step) => ownerOf(cause).manual.push(step),
  };
}

interface ApplyContext {
  origin: string;
  /** Paths that answered 2xx in the scan. */
  served: Set<string>;
  files: ProjectFiles;
  at: (urlPath: string) => string;
  framework: Framework;
  rules: HeaderRule[];
  plan: CheckPlan;
}

function applyOperation(op: FixOperation, x: ApplyContext): void {
  const { files, plan } = x;
  if ((op.kind === 'lines' || op.kind === 'file') && /^\/robots\.txt$/i.test(op.path)) {
    // Never a second robots.txt beside the owner's real source (app/robots.ts, a module, a root file passed through).
    const source = robotsSource(x.framework, (f) => (files.exists(f) ? files.read(f) : null));
    if (source.kind === 'manual') {
      plan.manual.push({ title: `Your robots.txt comes from ${source.where}`, text: op.content });
      return;
    }
    if (source.kind === 'file') {
      const had = files.read(source.file) ?? '';
      const merged = mergeByKind('robots-groups', had, op.content, op.kind === 'lines' ? op.robots : undefined)!;
      plan.conflicts.push(...merged.conflicts);
      if (merged.text !== had) files.write(source.file, merged.text, 'robots-groups');
      return;
    }
  }
  switch (op.kind) {
    case 'file': {
      const file = x.at(op.path);
      const had = files.read(file);
      const ext = posix.extname(op.path).toLowerCase();
      if (EXTENSION_TYPES[ext] !== baseType(op.contentType)) x.rules.push({ path: op.path, name: 'Content-Type', value: op.contentType });
      for (const [name, value] of Object.entries(op.headers ?? {})) x.rules.push({ path: op.path, name, value });
      // Written with a final newline (editors and linters expect one); compared without it.
      const content = op.content.endsWith('\n') ? op.content : `${op.content}\n`;
      const kind = mergeKindOf(op.path, op.content);
      if (had === null) return files.write(file, content, kind);
      if (had.replace(/\n+$/, '') === op.content.replace(/\n+$/, '')) return;
      const merged = mergeByKind(kind, had, op.content);
      if (merged) {
        plan.conflicts.push(...merged.conflicts);
        if (merged.text !== had) files.write(file, merged.text, kind);
        return;
      }
      plan.conflicts.push(`${file} exists with other content: kept as it is. What the check wants there: ai-ready explain ${plan.id}`);
      return;
    }
    case 'lines': {
      const file = x.at(op.path);
      const had = files.read(file) ?? '';
      const kind: MergeKind = /robots\.txt$/i.test(op.path) ? 'robots-groups' : 'append-lines';
      const merged = mergeByKind(kind, had, op.content, op.robots)!;
      plan.conflicts.push(...merged.conflicts);
      if (merged.text !== had) files.write(file, merged.text, kind);
      return;
    }
    case 'merge': {
      const file = x.at(op.path);
      const had = files.read(file);
      if (had === null) return files.write(file, JSON.stringify(JSON.parse(op.content), null, 2) + '\n', 'json-keys');
      const out = mergeByKind('json-keys', had, op.content)!;
      plan.conflicts.push(...out.conflicts);
      if (out.text !== had) files.write(file, out.text, 'json-keys');
      return;
    }
    case 'header': {
      const missing = op.name.toLowerCase() === 'link' ? missingTargets(op.value, x) : [];
      if (missing.length) {
        // A link to a file that neither the site nor this plan publishes would send agents to a 404.
        plan.manual.push({
          title: `Not written: the ${op.name} header points at ${missing.join(', ')}, which the site does not serve yet`,
          text: `Publish ${missing.join(', ')} first (its own check names the values it needs), then run fix again.`,
        });
        return;
      }
      x.rules.push({ path: op.path, name: op.name, value: op.value });
      return;
    }
    case 'html': {
      const missing = missingTargets(op.content, x, /\bhref\s*=\s*["']([^"']*)["']/gi);
      if (missing.length) {
        plan.manual.push({
          title: `Not written: the HTML points at ${missing.join(', ')}, which the site does not serve yet`,
          text: `Publish ${missing.join(', ')} first (its own check names the values it needs), then run fix again.`,
        });
        return;
      }
      if (!shapeOf(x.framework.id)?.writesPages) {
        plan.manual.push({
          // One place, true for this element: the <body> is edited in the layout template, not where the <head> is.
          title:
            `Add to the <${op.where}> of ${op.path === '/' ? 'every page' : op.path} ` +
            `in ${(op.where === 'body' ? x.framework.bodyFile : x.framework.headFile) ?? 'your layout'}`,
          text: op.content,
        });
        return;
      }
      const pages =
        op.path === '/'
          ? files.htmlFiles(x.framework.staticDir ?? '.')
          : [`${op.path.replace(/\/$/, '')}/index.html`, `${op.path.replace(/\/$/, '')}.html`]
              .map((p) => x.at(p))
              .filter((f) => files.exists(f))
              .slice(0, 1);
      if (!pages.length) plan.manual.push({ title: `Add to the <${op.where}> of ${op.path} (no such page in the project)`, text: op.content });
      for (const page of pages) {
        const html = files.read(page)!;
        if (html.includes(op.content.trim())) continue;
        const out = op.where === 'head' ? insertBefore(html, /<\/head\s*>/i, op.content) : insertAfter(html, /<body[^>]*>/i, op.content);
        if (out === null) plan.conflicts.push(`${page} has no <${op.where}> to add to: ${describeOp(op)} by hand`);
        else files.write(page, out, 'html-insert');
      }
      return;
    }
  }
}

/** The same-origin targets (Link header `<…>`, or HTML `href`) that neither the scan saw answer nor the plan writes. */
function missingTargets(value: string, x: ApplyContext, pattern: RegExp = /<([^>]*)>/g): string[] {
  const out: string[] = [];
  for (const m of value.matchAll(pattern)) {
    let u: URL;
    try {
      u = new URL(m[1], x.origin);
    } catch {
      continue;
    }
    if (u.origin !== x.origin) continue;
    if (!x.served.has(u.pathname) && !publishedHere(u.pathname, x)) out.push(u.pathname);
  }
  return out;
}

/** Whether the project (or this plan) holds the file a URL path names; a path that could not be a project file does not. */
function publishedHere(urlPath: string, x: ApplyContext): boolean {
  try {
    return x.files.exists(x.at(urlPath));
  } catch (e) {
    if (e instanceof PathRefused) return false;
    throw e;
  }
}

function insertBefore(html: string, pattern: RegExp, content: string): string | null {
  const m = pattern.exec(html);
  return m ? `${html.slice(0, m.index)}${content}\n${html.slice(m.index)}` : null;
}

function insertAfter(html: string, pattern: RegExp, content: string): string | null {
  const m = pattern.exec(html);
  return m ? `${html.slice(0, m.index + m[0].length)}\n${content}${html.slice(m.index + m[0].length)}` : null;
}

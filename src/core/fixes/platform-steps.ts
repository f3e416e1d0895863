/**
 * Platform-aware building blocks for fix guides. Most fixes are "serve this file at this path
 * with this content type" or "add this response header": each platform's way to do them lives in
 * its pack (./platforms/<id>.ts, catalog §6.5), and every check's fix guide composes these.
 *
 * Contract relied on by the checks: `serveFileSteps` returns 1-2 steps and `addHeaderSteps`
 * exactly 1, so a guide of serve + header + verify + spec stays within 6 steps.
 */
import type { FixOperation, FixStep, PublishedValue, ValueSource } from '../schema.js';
import type { FixContext } from './fix-context.js';
import type { ShellCommand } from './shell.js';
import { headerValue } from './escape.js';
import type { OwnerValue } from './owner-values.js';
import { HOSTING_FINGERPRINTS } from './platform-fingerprints.js';
import { HOSTING_PRIORITY, PACKS, PLATFORM_PACKS } from './platforms/index.js';
import { cleanHeader, cleanPath, fileHeaders } from './platforms/shared.js';
import type { HeaderSpec, HostHooks, HostNotes, PlatformHooks, PlatformPack, ServeFileSpec } from './platforms/types.js';

export type { HeaderSpec, ServeFileSpec } from './platforms/types.js';

/** Hosts that take another host's instructions (LiteSpeed reads Apache .htaccess). */
const HOSTING_ALIAS: Record<string, string> = { litespeed: 'apache' };

/** Ids with specific guidance (platforms, then hosting/servers), for `ai-ready explain --platform`. */
export function platformTargets(): string[] {
  return Object.entries(PLATFORM_PACKS)
    .filter(([, p]) => p.serveFile)
    .map(([id]) => id);
}

/** The platform (or hosting) whose instructions apply, most specific first. */
export function fixTarget(fx: FixContext): string {
  if (fx.platform && fx.platform !== 'unknown') return fx.platform;
  return hostingTarget(fx);
}

function hostingTarget(fx: FixContext): string {
  for (const h of HOSTING_PRIORITY) if (fx.hosting.includes(h)) return HOSTING_ALIAS[h] ?? h;
  return 'generic';
}

const HOSTING_IDS = new Set<string>(HOSTING_FINGERPRINTS.map((h) => h.id));

/** The pack of `id` in the context's registry (the project's unless a test passes its own). */
function packFor(fx: FixContext, id: string): PlatformPack | undefined {
  return (fx.packs ?? PACKS).packFor(id);
}

/** The pack whose instructions for `op` apply: the platform's, else (SvelteKit, Remix...) the hosting's; none: generic. */
function guidancePack(fx: FixContext, op: 'serveFile' | 'addHeader'): PlatformPack | undefined {
  const t = fixTarget(fx);
  const own = HOSTING_IDS.has(t) && t === fx.platform ? undefined : packFor(fx, t);
  if (own?.[op] || t !== fx.platform) return own;
  return packFor(fx, hostingTarget(fx));
}

/** The platform's (or, with none detected, the hosting's) hook for a check's guide; checks keep the neutral default. */
export function platformHook<K extends keyof PlatformHooks>(fx: FixContext, hook: K): PlatformHooks[K] | undefined {
  return packFor(fx, fixTarget(fx))?.hooks?.[hook];
}

/** The note each host detected in front of the site declares for `key`, in detection order. */
export function hostNotes<K extends keyof HostNotes>(fx: FixContext, key: K): Array<NonNullable<HostNotes[K]>> {
  return fx.hosting.flatMap((h) => packFor(fx, h)?.hostNotes?.[key] ?? []) as Array<NonNullable<HostNotes[K]>>;
}

/** The platform's steps for a check, passed through the hook of each host detected in front of the site. */
export function throughHosts<K extends keyof HostHooks>(fx: FixContext, hook: K, steps: FixStep[], arg: Parameters<NonNullable<HostHooks[K]>>[2]): FixStep[] {
  let out = steps;
  for (const h of fx.hosting) {
    const apply = packFor(fx, h)?.hostHooks?.[hook] as ((fx: FixContext, steps: FixStep[], arg: unknown) => FixStep[]) | undefined;
    if (apply) out = apply(fx, out, arg);
  }
  return out;
}

/** Where a published operation's values come from, and the owner's values it still lacks. */
export interface PublishOrigin {
  /** `site` (observed on the site or its project), `owner` (given by the owner) or `example` (a sample: shown, never written by `fix`). */
  source: ValueSource;
  needs?: OwnerValue[];
  /** The values the operation carries, each with its own source (the site's name, a page's title, the owner's Content-Signal). */
  values?: PublishedValue[];
}

/**
 * The steps with `op` attached to the first (the step that shows what to publish), where its values
 * come from, and the owner's values it needs. Every helper here that tells the owner to publish
 * something goes through this, so `ai-ready fix` and the guide-proof test read the same operation
 * whatever the platform's words; `source` is required so no guide can publish a sample unmarked.
 */
export function withPublish(steps: FixStep[], op: FixOperation, origin: PublishOrigin): FixStep[] {
  if (!steps.length) return steps;
  const [first, ...rest] = steps;
  const { source, needs, values } = origin;
  return [{ ...first, publish: op, source, ...(needs?.length ? { needs: [...needs] } : {}), ...(values?.length ? { values: [...values] } : {}) }, ...rest];
}

/** A step that adds HTML to a page (a <script type="application/ld+json">, <link> tags), with the operation. */
export function pageHtmlStep(step: FixStep, html: { where: 'head' | 'body'; content: string; path?: string } & PublishOrigin): FixStep {
  const op: FixOperation = { kind: 'html', path: cleanPath(html.path ?? '/'), where: html.where, content: html.content };
  return withPublish([step], op, { source: html.source, needs: html.needs, values: html.values })[0];
}

/** Steps (1-2) that publish `spec.content` at `spec.path` on the detected platform. */
export function serveFileSteps(fx: FixContext, spec: ServeFileSpec): FixStep[] {
  const path = cleanPath(spec.path);
  const pack = guidancePack(fx, 'serveFile');
  const note = pack?.managedFiles?.[path.toLowerCase()] ?? null;
  const headers = fileHeaders(spec);
  const { 'Content-Type': contentType, ...extra } = headers;
  const op: FixOperation = { kind: 'file', path, contentType, content: spec.content, ...(Object.keys(extra).length ? { headers: extra } : {}) };
  const create: FixStep = {
    title: `Create ${path}`,
    body: note ? `${note}\nContent to publish at ${path}:` : `Content to publish at ${path}:`,
    code: spec.content,
    lang: spec.lang,
  };
  if (pack?.serveFile) return withPublish(pack.serveFile({ fx, label: pack.label, spec, path, file: path.replace(/^\//, ''), headers, create }), op, spec);
  return withPublish(
    [
      {
        ...create,
        title: `Publish ${path}`,
        body: `${note ? note + '\n' : ''}Create this file so that ${path} answers 200 with Content-Type: ${headerValue(spec.contentType)}.`,
      },
    ],
    op,
    spec,
  );
}

/** Steps (exactly 1) that add a response header on the detected platform. */
export function addHeaderSteps(fx: FixContext, h: HeaderSpec): FixStep[] {
  const { name, value, path } = cleanHeader(h);
  const all = path === '/';
  const pack = guidancePack(fx, 'addHeader');
  const op: FixOperation = { kind: 'header', name, value, path };
  if (pack?.addHeader) return withPublish(pack.addHeader({ fx, label: pack.label, spec: h, name, value, path, all }), op, h);
  return withPublish(
    [
      {
        title: `Add the ${name} response header`,
        body: `Send it on ${all ? 'every HTML page (at least the home page)' : path}:`,
        code: `${name}: ${value}`,
        lang: 'http',
      },
    ],
    op,
    h,
  );
}

/** Final step of most guides: how to confirm the fix from a terminal. The command is built with `sh` (./shell.ts): every site value in it quoted. */
export function verifyStep(command: ShellCommand, expect: string): FixStep {
  return { title: 'Verify', body: expect, code: command, lang: 'sh' };
}

/** Where the spec lives, as a last step. */
export function specStep(urls: string[]): FixStep {
  return { title: 'Read the spec', body: urls.join('\n') };
}

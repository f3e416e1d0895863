/**
 * Why a page could not be rendered (or read once rendered), as a kind with its values: the rendered
 * hooks put it in their advisories' data as fields under a prefix (`failure`, `failureMs`, ...), and
 * `{failure:renderFailure}` (checks/messages.ts) renders the phrase people read. A message of the
 * browser or its driver (`net::ERR_…`, a launch error) is quoted verbatim in `<prefix>Message`.
 */
type Data = Readonly<Record<string, string | number | undefined>>;

export type RenderFailure =
  /** The scan's deadline came before the page's turn. */
  | { kind: 'deadline' }
  /** Rendering took longer than the page's budget. */
  | { kind: 'timeout'; ms: number }
  /** The memory watchdog stopped the page's renderer. */
  | { kind: 'renderer-stopped'; rssMb: number; limitMb: number }
  | { kind: 'renderer-crashed' }
  /** The browser's or its driver's own message, as it came (a launch error, a navigation error). */
  | { kind: 'browser'; message: string }
  /** The rendered page gave no HTML to compare with the served one. */
  | { kind: 'no-html' }
  /** Nothing said why. */
  | { kind: 'unrendered' };

/** The phrase for a failure (the rendered page's `error` and the report's warnings say it too). */
export function renderFailureText(f: RenderFailure): string {
  switch (f.kind) {
    case 'deadline':
      return 'the scan deadline was reached before the page was rendered';
    case 'timeout':
      return `rendering the page took longer than ${f.ms} ms`;
    case 'renderer-stopped':
      return `the page's renderer was stopped at ${f.rssMb} MB, above the ${f.limitMb} MB a renderer may use`;
    case 'renderer-crashed':
      return "the page's renderer crashed";
    case 'browser':
      return f.message;
    case 'no-html':
      return 'no HTML to compare';
    case 'unrendered':
      return 'the page could not be rendered';
  }
}

/** The failure of a rendered page: its own, or, for a page built before failures had kinds, its error quoted. */
export function failureOf(page: { failure?: RenderFailure; error?: string }): RenderFailure {
  return page.failure ?? (page.error ? { kind: 'browser', message: page.error } : { kind: 'unrendered' });
}

/** The failure's fields under `prefix`: `<prefix>` the kind, then its values. */
export function renderFailureData(f: RenderFailure, prefix = 'failure'): Record<string, string | number> {
  const out: Record<string, string | number> = { [prefix]: f.kind };
  if (f.kind === 'timeout') out[`${prefix}Ms`] = f.ms;
  if (f.kind === 'renderer-stopped') Object.assign(out, { [`${prefix}RssMb`]: f.rssMb, [`${prefix}LimitMb`]: f.limitMb });
  if (f.kind === 'browser') out[`${prefix}Message`] = f.message;
  return out;
}

/** The key under `prefix` that quotes the browser's message. */
export function renderFailureQuoted(prefix = 'failure'): string[] {
  return [`${prefix}Message`];
}

const KINDS = new Set(['deadline', 'timeout', 'renderer-stopped', 'renderer-crashed', 'browser', 'no-html', 'unrendered']);

/** The phrase from the fields under `prefix`; null when there are none. */
export function renderRenderFailure(data: Data, prefix: string): string | null {
  const kind = data[prefix];
  if (typeof kind !== 'string' || !KINDS.has(kind)) return null;
  const at = (k: string) => data[`${prefix}${k}`];
  return renderFailureText({
    kind,
    ms: Number(at('Ms')),
    rssMb: Number(at('RssMb')),
    limitMb: Number(at('LimitMb')),
    message: String(at('Message') ?? ''),
  } as RenderFailure);
}

/**
 * A list of probes as template data: the probe fields of each under the prefixes `<name>1`,
 * `<name>2`, ... (gather/probe-facts.ts), and an optional token per probe (`<name>1Tag`: what the
 * check read the answer as, such as `found` or `soft-404`). `{name:probes}` renders the lines.
 */
import type { FetchResult } from '../net/http.js';
import { probeData, renderProbe } from './probe-facts.js';

type Data = Readonly<Record<string, string | number | undefined>>;

/** One probe of the list, with the token the check tags it with. */
export interface ListedProbe {
  probe: FetchResult;
  tag?: string;
}

/** The flat fields of `items` under `name1`, `name2`, ... (paths relative to `origin`). */
export function probeListData(items: readonly ListedProbe[], origin: string | undefined, name: string): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  items.forEach((item, i) => {
    Object.assign(out, probeData(item.probe, origin, `${name}${i + 1}`));
    if (item.tag !== undefined) out[`${name}${i + 1}Tag`] = item.tag;
  });
  return out;
}

/** The probe lines of the list under `name`, each with its tag in parentheses; null when it is empty. */
export function renderProbeList(data: Data, name: string): string | null {
  const lines: string[] = [];
  for (let i = 1; ; i++) {
    const line = renderProbe(data, `${name}${i}`);
    if (line === null) break;
    const tag = data[`${name}${i}Tag`];
    lines.push(tag === undefined ? line : `${line} (${tag})`);
  }
  return lines.length ? lines.join('; ') : null;
}

/** The URLs of a run: arguments, then --input (a file or "-" for stdin, one URL a line). */
import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** One target as given, and where: `urls.txt:7` (a file's line), `stdin:3`, or `argument 2`. */
export interface GivenTarget {
  url: string;
  where: string;
}

/** Blank lines and lines starting with # are ignored; each URL keeps its line number. */
export function parseUrlList(text: string, source = 'stdin'): GivenTarget[] {
  return text
    .split(/\r?\n/)
    .map((l, i) => ({ url: l.trim(), where: `${source}:${i + 1}` }))
    .filter((t) => t.url && !t.url.startsWith('#'));
}

/**
 * Whether a target without a scheme can name a site: a dot (example.com), a port or IPv6 literal
 * (a colon), or `localhost`. A bare word (`scan not a url` unquoted gives three) is refused before
 * any DNS lookup; a single-label host on a LAN is reached with its scheme (http://intranet/).
 */
export function looksLikeSite(target: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return true;
  const host = target.split(/[/?#]/)[0];
  return host.includes('.') || host.includes(':') || host.startsWith('[') || host.toLowerCase() === 'localhost';
}

export async function collectTargets(args: string[], input: string | undefined, stdin?: NodeJS.ReadableStream): Promise<GivenTarget[]> {
  const urls: GivenTarget[] = args.map((url, i) => ({ url, where: `argument ${i + 1}` }));
  if (input !== undefined) {
    let text: string;
    // process.stdin is touched only here: opening it loads Node's stream machinery (~15 ms).
    if (input === '-') text = await readStdin(stdin ?? process.stdin);
    else {
      try {
        text = readFileSync(input, 'utf8');
      } catch (e) {
        throw new UsageError(`cannot read --input ${input}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    urls.push(...parseUrlList(text, input === '-' ? 'stdin' : input));
  }
  // The same site twice would be scanned twice and counted twice in the summary.
  const seen = new Set<string>();
  return urls.filter((t) => !seen.has(t.url) && seen.add(t.url));
}

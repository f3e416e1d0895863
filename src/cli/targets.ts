/** The URLs of a run: arguments, then --input (a file or "-" for stdin, one URL a line). */
import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Blank lines and lines starting with # are ignored. */
export function parseUrlList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

export async function collectTargets(args: string[], input: string | undefined, stdin?: NodeJS.ReadableStream): Promise<string[]> {
  const urls = [...args];
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
    urls.push(...parseUrlList(text));
  }
  // The same site twice would be scanned twice and counted twice in the summary.
  return [...new Set(urls)];
}

/**
 * Word wrapping of the terminal report to the terminal's width, through wrap-ansi (the library
 * ink uses): lines break between words, colours survive the break, and a continued line keeps
 * its indentation (a hanging indent after a list marker) so the report's layout stays readable.
 * Code lines of fix steps (`│ `) are never wrapped: a broken command could not be copied.
 */
import wrapAnsi from 'wrap-ansi';
import { stripVTControlCharacters } from 'node:util';

/** A list marker at the start of a line: "1. ", "✓ ", "⚠ ", "- ". */
const MARKER = /^(?:\d+\.|[✓◐✗–i⚠•-]) /;

/** Wraps each line to `width` columns; words longer than a line stay whole (URLs, paths). */
export function wrapLines(lines: string[], width: number): string[] {
  if (!width || width < 20) return lines;
  return lines.flatMap((line) => {
    const plain = stripVTControlCharacters(line);
    if (plain.length <= width || /^\s*│ /.test(plain)) return [line];
    const indent = plain.length - plain.trimStart().length;
    const marker = MARKER.exec(plain.slice(indent))?.[0].length ?? 0;
    const hang = Math.min(indent + marker, Math.floor(width / 2));
    // Continued lines start after the hanging indent; wrap-ansi re-opens the colours on each line.
    const wrapped = wrapAnsi(line, width - hang, { hard: false, trim: false, wordWrap: true }).split('\n');
    return wrapped.map((l, i) => (i === 0 ? l.trimEnd() : ' '.repeat(hang) + l.replace(/^((?:\u001b\[[0-9;]*m)*) +/, '$1').trimEnd()));
  });
}

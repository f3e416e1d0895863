/** A 3-row block font for the score and grade, so the verdict reads at a glance in a terminal. */
const GLYPHS: Record<string, [string, string, string]> = {
  '0': ['█▀█', '█ █', '▀▀▀'],
  '1': ['▄█ ', ' █ ', '▀▀▀'],
  '2': ['▀▀█', '█▀▀', '▀▀▀'],
  '3': ['▀▀█', ' ▀█', '▀▀▀'],
  '4': ['█ █', '▀▀█', '  ▀'],
  '5': ['█▀▀', '▀▀█', '▀▀▀'],
  '6': ['█▀▀', '█▀█', '▀▀▀'],
  '7': ['▀▀█', '  █', '  ▀'],
  '8': ['█▀█', '█▀█', '▀▀▀'],
  '9': ['█▀█', '▀▀█', '▀▀▀'],
  A: ['▄▀▄', '█▀█', '▀ ▀'],
  B: ['█▀▄', '█▀▄', '▀▀ '],
  C: ['█▀▀', '█  ', '▀▀▀'],
  D: ['█▀▄', '█ █', '▀▀ '],
  F: ['█▀▀', '█▀ ', '▀  '],
  ' ': ['  ', '  ', '  '],
};

/** Three lines spelling `text` (digits, A-D, F, spaces); unknown characters are skipped. */
export function bigText(text: string): [string, string, string] {
  const glyphs = [...text.toUpperCase()].map((ch) => GLYPHS[ch]).filter(Boolean);
  return [0, 1, 2].map((row) => glyphs.map((g) => g[row]).join(' ')) as [string, string, string];
}

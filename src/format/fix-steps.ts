/**
 * Fix steps (a check's ordered FixStep list) rendered for each medium: terminal/plain text,
 * markdown and HTML. The reports, `ai-ready explain`, JUnit, SARIF help, the agent-skills files
 * and MCP text summaries all render steps through here, so a step reads the same everywhere and
 * code blocks are fenced safely once.
 */
import { inlineMarkdownHtml } from './inline-markdown.js';
import type { FixStep } from '../core/schema.js';
import { escapeHtml as e, oneLine, stripControl } from './sanitize.js';
import { wrapCode } from './wrap.js';

export interface TextStepStyle {
  /** Spaces before the step number; body and code lines are indented 3 more. */
  indent?: number;
  /** Emphasis of the title (chalk's bold in a terminal). */
  title?: (s: string) => string;
  /** Colour of code lines (chalk's cyan in a terminal). */
  code?: (s: string) => string;
  /**
   * Terminal style: code blocks between fence lines (```sh … ```, coloured by `fence`) without the
   * `│` gutter, so selecting the lines copies only the code, each line split at `width` columns
   * where it can be split cleanly (wrapCode; 0 = never). Off: a `│` gutter marks each code line.
   */
  fenced?: { width: number; fence?: (s: string) => string };
}

const same = (s: string) => s;

/** The words above a step's code when its values are an example (FixStep.source): `ai-ready fix` never writes it. */
export const EXAMPLE_LABEL = 'Example (replace with your own):';

const isExample = (s: FixStep) => s.source === 'example' && !!s.code;

/** Numbered steps as lines of text; code lines are marked with a bar so they stand apart. */
export function fixStepsText(steps: FixStep[], style: TextStepStyle = {}): string[] {
  const pad = ' '.repeat(style.indent ?? 0);
  const inner = pad + '   ';
  const title = style.title ?? same;
  const code = style.code ?? same;
  return steps.flatMap((s, i) => {
    const lines = [`${pad}${i + 1}. ${title(oneLine(s.title))}`];
    if (s.body) for (const l of stripControl(s.body).split('\n')) lines.push(`${inner}${l}`);
    if (!s.code) return lines;
    if (isExample(s)) lines.push(`${inner}${EXAMPLE_LABEL}`);
    const codeLines = stripControl(s.code).replace(/\n$/, '').split('\n');
    if (style.fenced) {
      const fence = style.fenced.fence ?? same;
      const lang = (s.lang ?? '').replace(/[^\w+-]/g, '');
      // Longer than any backtick run in the code, as in codeFence: no code line can close it.
      const ticks = '`'.repeat(Math.max(2, ...(s.code.match(/`+/g) ?? []).map((m) => m.length)) + 1);
      lines.push(fence(`${inner}${ticks}${lang}`));
      for (const l of codeLines) for (const part of wrapCode(inner + l, style.fenced.width, lang)) lines.push(code(part));
      lines.push(fence(`${inner}${ticks}`));
    } else for (const l of codeLines) lines.push(code(`${inner}│ ${l}`));
    return lines;
  });
}

/**
 * A fenced code block that no backtick run inside the code can close early: the fence is one
 * backtick longer than the longest run (at least three).
 */
export function codeFence(code: string, lang?: string): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((m) => m.length));
  const f = '`'.repeat(longest + 1);
  return `${f}${(lang ?? '').replace(/[^\w+-]/g, '')}\n${stripControl(code).replace(/\n$/, '')}\n${f}`;
}

export interface MarkdownStepOptions {
  /**
   * Inline text treatment of titles and bodies. Default: control characters removed, markdown
   * kept (for text ai-ready wrote itself); reports pass an escaper for text that may quote a site.
   */
  inline?: (s: string) => string;
}

/** A numbered markdown list; code blocks are indented under their step so the list continues. */
export function fixStepsMarkdown(steps: FixStep[], opts: MarkdownStepOptions = {}): string[] {
  const inline = opts.inline ?? ((s: string) => stripControl(s));
  return steps.flatMap((s, i) => {
    const out = [`${i + 1}. **${inline(s.title)}**${s.body ? ` ${inline(s.body)}` : ''}${isExample(s) ? ` *${EXAMPLE_LABEL}*` : ''}`];
    if (s.code)
      out.push(
        '',
        codeFence(s.code, s.lang)
          .split('\n')
          .map((l) => `   ${l}`)
          .join('\n'),
        '',
      );
    return out;
  });
}

/** An HTML ordered list; titles and bodies are inline Markdown (code spans, links), escaped. */
export function fixStepsHtml(steps: FixStep[]): string {
  const items = steps.map(
    (s) =>
      `<li><strong>${inlineMarkdownHtml(s.title)}</strong>` +
      (s.body ? `<div>${inlineMarkdownHtml(s.body)}</div>` : '') +
      (isExample(s) ? `<div class="example"><em>${EXAMPLE_LABEL}</em></div>` : '') +
      (s.code ? `<pre><code${s.lang ? ` data-lang="${e(s.lang)}"` : ''}>${e(s.code)}</code></pre>` : '') +
      `</li>`,
  );
  return `<ol>${items.join('')}</ol>`;
}

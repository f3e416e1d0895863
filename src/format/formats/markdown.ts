/** Markdown (a PR comment): the sticky-comment marker, a section per site, a table of every site. */
import type { FormatModule, RenderOptions } from '../format-module.js';
import { MARKDOWN_MARKER, mdText, renderMarkdown, renderMarkdownSection } from '../markdown.js';

export const markdownFormat: FormatModule = {
  document: (results, o) => renderMarkdown(results, { comparisonFor: o.comparisonFor }),
  stream: (o: RenderOptions) => {
    const rows: string[] = [];
    return {
      add(r) {
        const head = rows.length ? '' : `${MARKDOWN_MARKER}\n\n## AI readiness\n\n`;
        rows.push(`| ${mdText(r.url)} | ${r.overallScore} | ${r.grade ?? '-'} | ${r.level} ${mdText(r.levelName)} |`);
        return head + renderMarkdownSection(r, { headingLevel: 3, comparison: o.comparisonFor?.(r) }) + '\n';
      },
      end: () => (rows.length ? ['### All sites', '', '| URL | Score | Grade | Level |', '| --- | ---: | :---: | --- |', ...rows, ''].join('\n') : ''),
    };
  },
};

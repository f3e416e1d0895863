import { describe, expect, it } from 'vitest';
import { classifyMarkdown, markdownTwinPath, markdownTwinPaths } from '../../../src/core/gather/markdown.js';
import { notFound, text } from '../../helpers/responses.js';
import { MD, html, md } from '../checks/content/markdown-pages.js';

describe('markdown helpers', () => {
  it('classifies answers to a Markdown request', () => {
    expect(classifyMarkdown(md())).toBe('markdown');
    expect(classifyMarkdown(text('/', MD, 'text/plain'))).toBe('markdown-wrong-type');
    expect(classifyMarkdown(text('/', MD, 'text/x-markdown'))).toBe('markdown-wrong-type');
    expect(classifyMarkdown(html())).toBe('html');
    expect(classifyMarkdown(text('/', '<!DOCTYPE html><div id="root"></div>', 'text/markdown'))).toBe('html');
    expect(classifyMarkdown(text('/', '<div id="root"></div>', 'text/plain'))).toBe('html');
    expect(classifyMarkdown(text('/', '<p align="center"><img src="logo.png"></p>\n\n# Project\n', 'text/markdown'))).toBe('markdown');
    expect(classifyMarkdown(text('/', '', 'text/markdown'))).toBe('empty');
    expect(classifyMarkdown(notFound('/'))).toBe('error');
  });
  it('derives .md twin paths', () => {
    expect(markdownTwinPath('/')).toBe('/index.md');
    expect(markdownTwinPath('/docs/')).toBe('/docs/index.md');
    expect(markdownTwinPath('/docs/intro')).toBe('/docs/intro.md');
    expect(markdownTwinPath('/a.md')).toBeNull();
    expect(markdownTwinPaths('/')).toEqual(['/index.md', '/index.html.md']);
    expect(markdownTwinPaths('/docs/page.html')).toEqual(['/docs/page.html.md', '/docs/page.md']);
    expect(markdownTwinPaths('/docs/intro')).toEqual(['/docs/intro.md']);
  });
});

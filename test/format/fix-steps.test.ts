import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codeFence, fixStepsHtml, fixStepsMarkdown, fixStepsText } from '../../src/format/fix-steps.js';

const steps = [
  { title: 'Serve the file', body: 'Put it at the root.', code: 'a\n```\nb\n', lang: 'md' },
  { title: 'Verify', code: 'curl -sI https://x.test/', lang: 'sh' },
];

describe('fix-step rendering', () => {
  it('fences code with more backticks than any run inside it', () => {
    expect(codeFence('x ``` y', 'md')).toBe('````md\nx ``` y\n````');
    expect(codeFence('plain')).toBe('```\nplain\n```');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('`', 'a', '\n', ' ') }), (code) => {
        const lines = codeFence(code).split('\n');
        const fence = lines[0];
        // Only the last line may close the block (a closing fence is at least as long as the opening one).
        const inner = lines.slice(1, -1);
        expect(inner.some((l) => /^\s*`+\s*$/.test(l) && l.trim().length >= fence.length)).toBe(false);
        expect(lines.at(-1)).toBe(fence);
      }),
      { numRuns: 200 },
    );
  });

  it('renders the same steps as text, markdown and HTML', () => {
    expect(fixStepsText(steps, { indent: 2 })).toEqual([
      '  1. Serve the file',
      '     Put it at the root.',
      '     │ a',
      '     │ ```',
      '     │ b',
      '  2. Verify',
      '     │ curl -sI https://x.test/',
    ]);
    const md = fixStepsMarkdown(steps).join('\n');
    expect(md).toContain('1. **Serve the file** Put it at the root.');
    expect(md).toContain('   ````md\n   a\n   ```\n   b\n   ````');
    expect(fixStepsMarkdown([{ title: 'a_b' }], { inline: (s) => s.replace(/_/g, '\\_') })).toEqual(['1. **a\\_b**']);
    expect(fixStepsHtml([{ title: '<b>', code: '<script>' }])).toBe('<ol><li><strong>&lt;b&gt;</strong><pre><code>&lt;script&gt;</code></pre></li></ol>');
  });

  it('strips terminal escapes from text output', () => {
    expect(fixStepsText([{ title: 'x\u001b[31mred', body: 'b\u0007' }]).join('\n')).not.toMatch(/[\u001b\u0007]/);
  });
});

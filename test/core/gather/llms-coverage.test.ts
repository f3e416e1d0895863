import { describe, expect, it } from 'vitest';
import { llmsCoverage } from '../../../src/core/gather/llms-coverage.js';
import { ORIGIN } from '../../helpers/responses.js';

describe('llms-full.txt coverage', () => {
  it('counts pages, not the llms*.txt files or machine resources an llms.txt also lists', () => {
    const links = ['/guide.md', '/llms-full.txt', '/docs/llms.txt', '/openapi.json', '/api/v1/scan', '/.well-known/api-catalog', '/spec.yaml', '/logo.png'].map(
      (url, i) => ({ name: `Link ${i}`, url, section: 'Docs' }),
    );
    const c = llmsCoverage(links, '# Site\n\n## Link 0\n\nThe guide.\n', `${ORIGIN}/llms.txt`);
    expect(c).toEqual({ listed: 1, held: 1, missing: [] });
  });
  it('finds a page by its path on a non-link line, with or without its extension, and percent-encoded or not', () => {
    const links = [
      { name: 'Intro', url: `${ORIGIN}/docs/%E4%BB%8B%E7%BB%8D.md`, section: 'Docs' },
      { name: 'Setup', url: '/setup.html', section: 'Docs' },
    ];
    const full = '# Site\n\nSource: https://elsewhere.test/docs/介绍\n\ntext\n\nurl: /setup\n';
    expect(llmsCoverage(links, full, `${ORIGIN}/llms.txt`)).toEqual({ listed: 2, held: 2, missing: [] });
    expect(llmsCoverage(links, '- [Intro](/docs/介绍.md)\n- [Setup](/setup.html)\n', `${ORIGIN}/llms.txt`).held).toBe(0);
  });
});

import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { countWords, readableText } from '../../../src/core/gather/readable-text.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('readableText', () => {
  it('counts words between elements and skips scripts, styles, nav, footer, svg, template and hidden nodes', () => {
    const $ = load(
      `<body><nav>${words(50)}</nav><p>one</p><p>two</p><script>var a = "x y z";</script><style>p{}</style><svg><text>s v g</text></svg><template>t t</template><div hidden>h h h</div><footer>${words(30)}</footer></body>`,
    );
    expect(readableText($)).toMatchObject({ words: 2, sample: 'one two' });
  });
  it('does not mutate the shared DOM', () => {
    const $ = load('<body><nav>menu</nav><p>text</p></body>');
    readableText($);
    expect($('nav').length).toBe(1);
  });
  it('detects empty app roots and "enable JavaScript" messages', () => {
    const r = readableText(
      load('<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/app.js"></script></body>'),
    );
    expect(r).toMatchObject({ words: 0, emptyAppRoots: ['#root'], jsRequiredMessage: true });
    expect(readableText(load(`<body><div id="__next"><main>${words(10)}</main></div></body>`)).emptyAppRoots).toEqual([]);
  });
  it('counts CJK text without spaces', () => {
    expect(countWords('日本語のテキストです')).toBe(5);
    expect(countWords('hello, world! — 42')).toBe(3);
  });
  it('survives deep nesting', () => {
    const deep = '<div>'.repeat(5000) + 'deep text' + '</div>'.repeat(5000);
    expect(readableText(load(`<body>${deep}</body>`)).words).toBe(2);
  });
});

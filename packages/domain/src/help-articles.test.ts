import { describe, expect, it } from 'vitest';
import { snippetSegments } from './help.ts';
import { parseHelpArticleFile } from './help-articles.ts';

describe('a help article file', () => {
  it('reads the front matter (list or inline routes, quoted values) and the body', () => {
    expect(
      parseHelpArticleFile(
        '---\nslug: a-b\ntitle: "Title: with colon"\nsummary: Short\nroutes:\n  - /x/:id\n  - /y\n---\n\n# Body\n',
      ),
    ).toEqual({
      slug: 'a-b',
      title: 'Title: with colon',
      summary: 'Short',
      routes: ['/x/:id', '/y'],
      body: '# Body',
    });
    expect(
      parseHelpArticleFile('---\nslug: c\ntitle: T\nsummary: S\nroutes: [/a, /b]\n---\nText').routes,
    ).toEqual(['/a', '/b']);
  });

  it('refuses a file without front matter, a bad slug or a missing field', () => {
    expect(() => parseHelpArticleFile('# no front matter')).toThrow(/front matter/);
    expect(() => parseHelpArticleFile('---\nslug: Bad Slug\ntitle: T\nsummary: S\n---\n')).toThrow(/slug/);
    expect(() => parseHelpArticleFile('---\nslug: ok\nsummary: S\n---\n')).toThrow(/title/);
    expect(() =>
      parseHelpArticleFile('---\nslug: ok\ntitle: T\nsummary: S\nroutes:\n  - relative\n---\n'),
    ).toThrow(/start with/);
  });
});

describe('a search snippet', () => {
  it('splits into text pieces with the matches marked, entities read back as text', () => {
    expect(snippetSegments('a &lt;b&gt; <mark>device</mark> &amp; more')).toEqual([
      { text: 'a <b> ', isMatch: false },
      { text: 'device', isMatch: true },
      { text: ' & more', isMatch: false },
    ]);
  });
});

/**
 * Equivalent mutants:
 * - the `$` of the front matter pattern and of the fence and table separator lines: the part before it is a greedy
 *   `[\s\S]*` or `.*`, which reaches the end of the text or of the line anyway.
 * - `colon > 0` made `colon >= 0` in the front matter: a line starting with a colon gives the field named '', which
 *   nothing reads.
 */
import { anchorOf, pageTitleOf, parseArticle, plainTextOf, sectionsOf, wordCountsOf } from './knowledge-text';

describe('knowledge texts', () => {
  it('reads an article: its front matter and its Markdown', () => {
    const article = parseArticle(
      '---\ntitle: Renew a domain\ncategory: renewing\nkeywords: renewal, expiry\n---\nBody',
    );
    expect(article).toEqual({
      title: 'Renew a domain',
      category: 'renewing',
      keywords: 'renewal, expiry',
      markdown: 'Body',
    });
    expect(parseArticle('no front matter')).toBeUndefined();
    expect(parseArticle('---\ncategory: x\n---\nno title')).toBeUndefined();
  });

  it('keeps the words of Markdown and drops its marks', () =>
    expect(
      plainTextOf(
        '## Steps\n\n1. Send `POST /dns` to **our** [API](https://x.example).\n- a _b_ c\n\n| a | b |\n|---|---|',
      ),
    ).toBe('Steps\n\nSend POST /dns to our API.\na b c\n\n a b'));

  it('cuts a page at its second-level headings, not inside code', () => {
    const sections = sectionsOf('# Page\nIntro\n## First part\nOne\n```\n## not a heading\n```\n## Second\nTwo');
    expect(sections.map(({ heading, anchor }) => [heading, anchor])).toEqual([
      ['', ''],
      ['First part', 'first-part'],
      ['Second', 'second'],
    ]);
    expect(sections[1].markdown).toContain('## not a heading');
    expect(pageTitleOf('intro\n# The title\n## x')).toBe('The title');
  });

  it('writes anchors as GitHub does', () => expect(anchorOf('DNSSEC: on & off (2.0)')).toBe('dnssec-on--off-20'));

  it('counts words of three letters or more, lowercased', () =>
    expect([...wordCountsOf(['DNS records, dns', 'an MX record'])]).toEqual([
      ['dns', 2],
      ['records', 1],
      ['record', 1],
    ]));

  it('reads front matter written on Windows, trimmed, skipping lines that are no field', () => {
    expect(parseArticle('---\r\ntitle:  Renew \r\nno field here\r\n: no name\r\n---\r\nBody\r\nmore')).toEqual({
      title: 'Renew',
      category: '',
      keywords: '',
      markdown: 'Body\r\nmore',
    });
    expect(parseArticle('---\ntitle:\n---\nno title')).toBeUndefined();
    expect(parseArticle('intro\n---\ntitle: x\n---\nbody')).toBeUndefined();
    expect(parseArticle('---\ntitle: a: b\n---\n')).toMatchObject({ title: 'a: b', markdown: '' });
  });

  it.each([
    ['```ts\nconst a = 1;\n```', 'const a = 1;'],
    ['see ![the diagram](d.png) and [docs](https://x.example/a_(b))', 'see the diagram and docs)'],
    ['`a` and `b`', 'a and b'],
    [
      '# One\n   ### Three\n###### Six\n####### Seven\n    # indented code',
      'One\nThree\nSix\n####### Seven\n # indented code',
    ],
    ['#tag', '#tag'],
    ['- a\n* b\n+ c\n  12. d\n-e', 'a\nb\nc\nd\n-e'],
    ['| a | b |\n| :--- | ---: |\n|---|', 'a b'],
    ['**bold** __strong__ *em* _under_ snake_case', 'bold strong em under snake_case'],
    ['a \t  b', 'a b'],
    ['a\n\n\n\nb', 'a\n\nb'],
    ['  a  ', 'a'],
  ])('reads %j as %j', (markdown, text) => expect(plainTextOf(markdown)).toBe(text));

  it('cuts at headings with closing marks, on Windows lines too, and not at deeper ones', () => {
    expect(sectionsOf('## First ##  \r\none\r\n### Deeper\r\n##Tight\r\n## Second\r\n')).toEqual([
      { heading: 'First', anchor: 'first', markdown: 'one\n### Deeper\n##Tight' },
      { heading: 'Second', anchor: 'second', markdown: '' },
    ]);
    expect(sectionsOf('  \n## Only\nx')).toEqual([{ heading: 'Only', anchor: 'only', markdown: 'x' }]);
    expect(sectionsOf('lead\n```\ncode\n```\n## After\ny')).toEqual([
      { heading: '', anchor: '', markdown: 'lead\n```\ncode\n```' },
      { heading: 'After', anchor: 'after', markdown: 'y' },
    ]);
  });

  it('titles a page by its first top heading', () => {
    expect(pageTitleOf('# First  \n# Second')).toBe('First');
    expect(pageTitleOf('## Only a section')).toBeUndefined();
    expect(pageTitleOf('#Tight')).toBeUndefined();
  });

  it('writes anchors of any script, each space a hyphen', () =>
    expect(anchorOf('  Grüße  aus Köln-Süd 2 ')).toBe('grüße--aus-köln-süd-2'));

  it('counts words of any script up to 40 letters', () =>
    expect([...wordCountsOf(['Straße ab 123 x', 'é'.repeat(41), `${'b'.repeat(40)} straße`])]).toEqual([
      ['straße', 2],
      ['123', 1],
      ['b'.repeat(40), 1],
    ]));

  it('drops only marks that stand where Markdown reads them, however many spaces follow them', () => {
    expect(plainTextOf('Say ```not a fence\n##  Two spaces\n-  item\n1.   first')).toBe(
      'Say `not a fence\nTwo spaces\nitem\nfirst',
    );
    expect(plainTextOf('pros --- cons\n  |---|---|\n--- | ---\na|b')).toBe('pros --- cons\n\na b');
    expect(parseArticle('---\ntitle: Real\ntitleX\n---\nBody')?.title).toBe('Real');
  });

  it('cuts at a heading after a line that only mentions a fence, however many spaces follow its marks', () => {
    expect(sectionsOf('Say ```x\n##   Spaced\none\ntwo')).toEqual([
      { heading: '', anchor: '', markdown: 'Say ```x' },
      { heading: 'Spaced', anchor: 'spaced', markdown: 'one\ntwo' },
    ]);
    expect(pageTitleOf('#   Spaced title')).toBe('Spaced title');
    expect(wordCountsOf(['a b', ''])).toEqual(new Map());
  });
});

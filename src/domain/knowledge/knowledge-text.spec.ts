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
});

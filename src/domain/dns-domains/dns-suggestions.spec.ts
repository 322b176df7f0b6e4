import { parseLabel } from '../shared/names';
import { DNS_IDEAS, suggestDnsNames } from './dns-suggestions';

// Equivalent mutant: DNS_IDEAS's `knownEndings: []` → `["Stryker was here"]`: the last part of a query is compared
// lowercased, and that ending has capitals (the endings asked for are the ones stripped).

const names = (queries: string[], endings: string[], limit = 40) =>
  suggestDnsNames(queries, endings, limit).map(({ name }) => name);

describe('DNS name ideas', () => {
  it('start with the words joined, then hyphenated, under every ending before the next idea', () =>
    expect(names(['coffee shop'], ['com', 'net'], 4)).toEqual([
      'coffeeshop.com',
      'coffeeshop.net',
      'coffee-shop.com',
      'coffee-shop.net',
    ]));

  it('offer prefixes, suffixes and related words in place of the query words', () => {
    const ideas = names(['coffee shop'], ['com']);
    expect(ideas).toEqual(expect.arrayContaining(['getcoffeeshop.com', 'coffeeshophq.com']));
    expect(ideas).toEqual(expect.arrayContaining(['cafeshop.com', 'brewshop.com', 'coffeestore.com']));
    expect(ideas.indexOf('coffeeshophq.com')).toBeLessThan(ideas.indexOf('cafeshop.com'));
  });

  it('strip the ending of a query given as a full name, and take IDNs as their A-label', () => {
    expect(names(['coffee.com'], ['com'], 1)).toEqual(['coffee.com']);
    expect(names(['straße'], ['com'], 1)).toEqual(['xn--strae-oqa.com']);
  });

  it('never offer more than asked, nor anything without a valid ending', () => {
    expect(names(['travel'], ['com', 'io'], 3)).toHaveLength(3);
    expect(names(['travel'], ['-bad-'], 3)).toEqual([]);
  });

  it('offer every related word it knows in place of its word, each a label of its own', () => {
    for (const [word, related] of DNS_IDEAS.relatedWords!) {
      expect([word, related.length > 0]).toEqual([word, true]);
      const ideas = names([word], ['com'], 100);
      for (const other of related) {
        expect(parseLabel(other)).toMatchObject({ ok: true, label: other });
        expect([word, ideas]).toEqual([word, expect.arrayContaining([`${other}.com`])]);
      }
    }
  });

  it('put each of its prefixes before the words, and each of its suffixes after them', () => {
    expect(names(['zqv'], ['com'], 100)).toEqual([
      'zqv.com',
      ...DNS_IDEAS.prefixes.map((prefix) => `${prefix}zqv.com`),
      ...DNS_IDEAS.suffixes.map((suffix) => `zqv${suffix}.com`),
      'zqvs.com',
      'zqv1.com',
      'zqv2.com',
      'zqv3.com',
    ]);
  });
});

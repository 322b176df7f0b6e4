import { suggestDnsNames } from './dns-suggestions';

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
});

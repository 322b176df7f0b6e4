import { listedStatusOf } from './availability';
import { parseWeb3Label, parseWeb3Name } from './names';
import { COMMON_ENDINGS, suggestLabels, suggestNames, wordsOf } from './suggestions';

// The equivalent mutants of the rules behind these suggestions are named in shared/name-ideas.spec.ts.

describe('wordsOf', () => {
  it.each([
    ['coffee shop', ['coffee', 'shop']],
    ['coffee-shop_now', ['coffee', 'shop', 'now']],
    ['CoffeeShop', ['coffee', 'shop']],
    ['NFTMarket', ['nft', 'market']],
    ['web3Wallet', ['web3', 'wallet']],
    ['coffee.shop', ['coffee', 'shop']],
    ['coffee.crypto', ['coffee']],
    ['Café.crypto', ['café']],
    ['xn--caf-dma.x', ['café']],
    ['crypto', ['crypto']],
    [' !! ', []],
  ])('%j → %j', (query, words) => expect(wordsOf(query)).toEqual(words));

  it('strips the caller’s own endings too', () => expect(wordsOf('coffee.brew', ['brew'])).toEqual(['coffee']));

  it('strips only the last part, and only an ending', () => {
    expect(wordsOf('coffee.shop.crypto')).toEqual(['coffee', 'shop']);
    expect(wordsOf('crypto.coffee')).toEqual(['crypto', 'coffee']);
  });

  it('trims the query before it looks for an ending', () => {
    expect(wordsOf(' coffee.crypto ')).toEqual(['coffee']);
    expect(wordsOf(' xn--caf-dma.x ')).toEqual(['café']);
  });

  it('strips every common ending: each is a label in the form query parts are compared in', () => {
    for (const ending of COMMON_ENDINGS) {
      expect(parseWeb3Label(ending)).toMatchObject({ ok: true, label: ending });
      expect(wordsOf(`coffee.${ending}`)).toEqual(['coffee']);
    }
  });
});

describe('suggestLabels', () => {
  it('puts the joined words first, then the hyphenated, then prefixes and suffixes', () =>
    expect(suggestLabels(['coffee shop'], 12)).toEqual([
      'coffeeshop',
      'coffee-shop',
      'getcoffeeshop',
      'mycoffeeshop',
      'thecoffeeshop',
      'trycoffeeshop',
      'coffeeshophq',
      'coffeeshopapp',
      'coffeeshopdao',
      'coffeeshoplabs',
      'coffeeshopxyz',
      'coffeeshoponchain',
    ]));

  it('goes on with the other number, the word without vowels and digits', () =>
    expect(suggestLabels(['coffee shop'], 100).slice(12)).toEqual([
      'coffeeshops',
      'cffshp',
      'coffeeshop1',
      'coffeeshop2',
      'coffeeshop3',
    ]));

  it('turns plurals into singulars and back', () => {
    expect(suggestLabels(['cats'], 100)).toContain('cat');
    expect(suggestLabels(['cat'], 100)).toContain('cats');
    expect(suggestLabels(['boss'], 100)).toContain('bosses');
  });

  it('drops vowels only while four characters remain', () => {
    expect(suggestLabels(['market'], 100)).toContain('mrkt');
    expect(suggestLabels(['boat'], 100)).not.toContain('bt');
  });

  it('merges several queries tier by tier', () =>
    expect(suggestLabels(['coffee shop', 'tea'], 4)).toEqual(['coffeeshop', 'tea', 'coffee-shop', 'getcoffeeshop']));

  it('suggests IDNs as A-labels', () => expect(suggestLabels(['Café'], 2)).toEqual(['xn--caf-dma', 'xn--getcaf-gva']));

  it('never repeats a label', () => {
    const labels = suggestLabels(['coffee shop', 'CoffeeShop', 'coffee-shop.crypto'], 100);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.slice(0, 2)).toEqual(['coffeeshop', 'coffee-shop']);
  });

  it('offers only valid labels that are on no list', () => {
    const labels = suggestLabels(['google', 'admin', 'a'.repeat(62), 'x y-', '--', 'null', 'coffee'], 500);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      expect(parseWeb3Label(label)).toMatchObject({ ok: true, label });
      expect(listedStatusOf(label)).toBeUndefined();
    }
    expect(labels).not.toContain('google');
    expect(labels).toContain('mygoogle'); // not itself a brand on the list
    expect(labels.every((label) => label.length <= 63)).toBe(true);
  });

  it('is deterministic', () =>
    expect(suggestLabels(['coffee shop', 'Tea Time'], 40)).toEqual(suggestLabels(['coffee shop', 'Tea Time'], 40)));

  it('respects the limit', () => {
    expect(suggestLabels(['coffee shop'], 3)).toHaveLength(3);
    expect(suggestLabels(['coffee shop'], 0)).toEqual([]);
    expect(suggestLabels(['coffee shop'], -1)).toEqual([]);
    expect(suggestLabels([], 10)).toEqual([]);
    expect(suggestLabels(['...'], 10)).toEqual([]);
  });
});

describe('suggestNames', () => {
  const suggested = (...args: Parameters<typeof suggestNames>) => suggestNames(...args).map((name) => name.name);

  it('interleaves the endings, best label first', () =>
    expect(suggested(['coffee shop'], ['crypto', '.X', 'crypto'], 5)).toEqual([
      'coffeeshop.crypto',
      'coffeeshop.x',
      'coffee-shop.crypto',
      'coffee-shop.x',
      'getcoffeeshop.crypto',
    ]));

  it('strips any of the given endings from a full-name query', () =>
    expect(suggested(['coffee.brew'], ['brew'], 1)).toEqual(['coffee.brew']));

  it('gives names parsed as parseWeb3Name parses them, in A-label form with their Unicode form', () => {
    const names = suggestNames(['Café', 'tea'], ['crypto', 'wallet'], 20);
    expect(names).toHaveLength(20);
    for (const name of names) expect(parseWeb3Name(name.name, ['crypto', 'wallet'])).toEqual({ ok: true, ...name });
    expect(names.map((name) => name.unicode)).toContain('café.crypto');
  });

  it('takes endings with spaces around them and a leading dot', () =>
    expect(suggested(['coffee'], [' .x '], 1)).toEqual(['coffee.x']));

  it('skips invalid endings without taking room from the valid ones', () => {
    expect(suggested(['coffee shop'], ['crypto', '-bad-', 'a.b'], 4)).toEqual([
      'coffeeshop.crypto',
      'coffee-shop.crypto',
      'getcoffeeshop.crypto',
      'mycoffeeshop.crypto',
    ]);
    expect(suggested(['coffee'], ['a.b'], 5)).toEqual([]);
  });

  it('gives nothing without a valid ending or room', () => {
    expect(suggestNames(['coffee'], [], 5)).toEqual([]);
    expect(suggestNames(['coffee'], ['-bad-'], 5)).toEqual([]);
    expect(suggestNames(['coffee'], ['crypto'], 0)).toEqual([]);
  });
});

import { NameIdeaVocabulary, suggestLabels, suggestNames, wordsOf } from './name-ideas';

// Equivalent mutants, each giving the same ideas:
// - wordsOf: `toLowerCase()` → `toUpperCase()` before `toUnicode` (the IDNA mapping lowercases anyway);
//   `parts.at(-1)?.` → `.` and `last !== undefined` → `true` (a split always has a last part);
//   `/[\s_-]+/` → `/[\s_-]/` (the empty words between two separators are filtered out).
// - tiersOf: `words.length > 1` → `>= 1` or `true`, `plain !== joined` → `true`, and their `[]` → `["Stryker was
//   here"]`: the extra candidate is the joined label again (dropped as a repeat) or not a valid label (dropped as
//   invalid).
// - suggestLabels: `tier < tierCount` → `<=` and `tiers[tier] ?? []` → `?? ["Stryker was here"]`: the extra tier is
//   empty, the extra candidate invalid.
// - suggestNames: the early `return []` for no valid ending or no room (its four mutants) and `limit / tlds.length` →
//   `limit * tlds.length`: without the shortcut, or with more labels, the loop still adds the same first `limit` names.

const vocabulary: NameIdeaVocabulary = {
  prefixes: ['get'],
  suffixes: ['hq'],
  knownEndings: ['shop'],
  relatedWords: new Map([
    ['tea', ['chai', 'brew']],
    ['house', ['home']],
  ]),
};
const anything = () => true;

describe('name ideas', () => {
  it('split a query into words, dropping a known ending', () => {
    expect(wordsOf('TeaHouse.shop', vocabulary.knownEndings)).toEqual(['tea', 'house']);
    expect(wordsOf('tea_house now', [])).toEqual(['tea', 'house', 'now']);
  });

  it('join the words, hyphenate them, and add the vocabulary’s prefixes and suffixes', () =>
    expect(suggestLabels(['tea house'], 4, vocabulary, anything)).toEqual([
      'teahouse',
      'tea-house',
      'getteahouse',
      'teahousehq',
    ]));

  it('put each related word in place of its word, then try the other number and digits', () =>
    expect(suggestLabels(['tea house'], 100, vocabulary, anything).slice(4)).toEqual([
      'chaihouse',
      'brewhouse',
      'teahome',
      'teahouses',
      'teahouse1',
      'teahouse2',
      'teahouse3',
    ]));

  it('turn a plural into its singular, and a word ending in a hiss into its plural with -es', () => {
    const ideas = (query: string) => suggestLabels([query], 100, { ...vocabulary, relatedWords: undefined }, anything);
    expect(ideas('cats')).toContain('cat');
    for (const [word, plural] of [
      ['box', 'boxes'],
      ['class', 'classes'],
      ['church', 'churches'],
      ['wish', 'wishes'],
    ]) {
      expect(ideas(word)).toContain(plural);
    }
  });

  it('drop the vowels after the first letter while four letters remain', () => {
    expect(suggestLabels(['market'], 100, vocabulary, anything)).toContain('mrkt');
    expect(suggestLabels(['teahouse'], 100, vocabulary, anything)).not.toContain('ths');
  });

  it('keep only the labels the caller accepts, up to the limit', () => {
    expect(suggestLabels(['tea house'], 3, vocabulary, (label) => !label.includes('-'))).toEqual([
      'teahouse',
      'getteahouse',
      'teahousehq',
    ]);
    expect(suggestLabels(['tea house'], 0, vocabulary, anything)).toEqual([]);
  });

  it('give each label under every ending before the next label, up to the limit', () =>
    expect(
      suggestNames(['tea'], ['com', '.net', 'com', '-bad-'], 3, vocabulary, anything).map(({ name }) => name),
    ).toEqual(['tea.com', 'tea.net', 'gettea.com']));

  it('strip an ending asked for from a query given as a full name', () =>
    expect(suggestNames(['tea.io'], ['io'], 1, vocabulary, anything).map(({ name }) => name)).toEqual(['tea.io']));
});

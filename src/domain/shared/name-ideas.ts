import { toUnicode } from 'tr46';
import { LABEL_DOTS, parseLabel, parseSecondLevelName, SecondLevelName } from './names';

/**
 * Label ideas for the suggestion routes of surfaces C and D. Pure and deterministic: the caller pairs them with
 * endings, looks up availability and keeps the available ones, so this side may offer more than it needs.
 */

/** The words a surface adds around a query, and the endings it strips from a query given as a full name. */
export interface NameIdeaVocabulary {
  readonly prefixes: readonly string[];
  readonly suffixes: readonly string[];
  /** Endings stripped from a query given as a full name (`coffee.crypto` → `coffee`), besides the caller's own. */
  readonly knownEndings: readonly string[];
  /** Words that may stand in for a word of the query (`coffee` → `cafe`, `brew`). */
  readonly relatedWords?: ReadonlyMap<string, readonly string[]>;
}

/** The query with one of its words replaced by a related word, for every word and every related word. */
const withRelatedWords = (words: readonly string[], related: ReadonlyMap<string, readonly string[]>): string[] =>
  words.flatMap((word, index) =>
    (related.get(word) ?? []).map((other) => words.map((each, at) => (at === index ? other : each)).join('')),
  );

const DIGITS = ['1', '2', '3'];

/** Words of a query: split on spaces, dots, hyphens and underscores, and where camel case changes. */
export const wordsOf = (query: string, knownEndings: readonly string[]): string[] => {
  // an A-label would otherwise split at its `xn--` into meaningless pieces
  const text = /xn--/i.test(query) ? toUnicode(query.trim().toLowerCase()).domain : query.trim();
  const parts = text.split(LABEL_DOTS);
  const last = parts.at(-1)?.toLowerCase();
  if (parts.length > 1 && last !== undefined && knownEndings.includes(last)) parts.pop();
  return parts
    .join(' ')
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2') // coffeeShop, web3Wallet
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2') // NFTMarket
    .toLowerCase()
    .split(/[\s_-]+/u)
    .map((word) => word.replace(/[^\p{L}\p{N}\p{M}]/gu, ''))
    .filter((word) => word !== '');
};

const otherNumber = (word: string): string => {
  if (/(ss|x|ch|sh)$/.test(word)) return `${word}es`;
  if (word.endsWith('s')) return word.slice(0, -1);
  return `${word}s`;
};

// the first letter stays so that the result still reads as the word (`cffshp`, not `ffshp` for `offshop`)
const withoutVowels = (word: string): string => word.slice(0, 1) + word.slice(1).replace(/[aeiou]/g, '');

/** Variants of one query, in tiers from most to least relevant; tiers of all queries are merged in turn. */
const tiersOf = (words: readonly string[], vocabulary: NameIdeaVocabulary): string[][] => {
  if (words.length === 0) return [];
  const joined = words.join('');
  const plain = withoutVowels(joined);
  return [
    [joined],
    words.length > 1 ? [words.join('-')] : [],
    vocabulary.prefixes.map((prefix) => prefix + joined),
    vocabulary.suffixes.map((suffix) => joined + suffix),
    withRelatedWords(words, vocabulary.relatedWords ?? new Map()),
    [otherNumber(joined)],
    [...plain].length >= 4 && plain !== joined ? [plain] : [],
    DIGITS.map((digit) => joined + digit),
  ];
};

/** Up to `limit` A-labels built from the queries that parse as labels and that `accept` lets through. */
export const suggestLabels = (
  queries: readonly string[],
  limit: number,
  vocabulary: NameIdeaVocabulary,
  accept: (label: string) => boolean,
): string[] => {
  const perQuery = queries.map((query) => tiersOf(wordsOf(query, vocabulary.knownEndings), vocabulary));
  const tierCount = Math.max(0, ...perQuery.map((tiers) => tiers.length));
  const labels = new Set<string>();
  for (let tier = 0; tier < tierCount; tier += 1) {
    for (const tiers of perQuery) {
      for (const candidate of tiers[tier] ?? []) {
        if (labels.size >= limit) return [...labels];
        const parsed = parseLabel(candidate);
        if (parsed.ok && accept(parsed.label)) labels.add(parsed.label);
      }
    }
  }
  return [...labels];
};

/**
 * Full names `label.tld`, the best label under every ending before the next label, so that a short list still
 * shows each ending. Endings are normalized like labels (a leading dot dropped); invalid ones are skipped.
 */
export const suggestNames = (
  queries: readonly string[],
  endings: readonly string[],
  limit: number,
  vocabulary: NameIdeaVocabulary,
  accept: (label: string) => boolean,
): SecondLevelName[] => {
  const parsedEndings = endings.map((ending) => parseLabel(ending.trim().replace(/^\./, '')));
  const tlds = [...new Set(parsedEndings.flatMap((parsed) => (parsed.ok ? [parsed.label] : [])))];
  if (tlds.length === 0 || limit <= 0) return [];
  const known = { ...vocabulary, knownEndings: [...tlds, ...vocabulary.knownEndings] };
  const labels = suggestLabels(queries, Math.ceil(limit / tlds.length), known, accept);
  const names: SecondLevelName[] = [];
  for (const label of labels) {
    for (const tld of tlds) {
      const parsed = parseSecondLevelName(`${label}.${tld}`, tlds);
      if (parsed.ok && names.length < limit) names.push(parsed);
    }
  }
  return names;
};

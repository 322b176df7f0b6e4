import { toUnicode } from 'tr46';
import { listedStatusOf } from './availability';
import { parseWeb3Label, parseWeb3Name, Web3Name } from './names';

/**
 * Label ideas for `GET /suggestions/domains` (`decisions.md` §3). Pure and deterministic: the caller pairs them
 * with endings, looks up availability and keeps the available ones, so this side may offer more than it needs.
 */

/** Endings stripped from a query given as a full name (`coffee.crypto` → `coffee`), besides the caller's own. */
export const COMMON_ENDINGS: readonly string[] = [
  'crypto',
  'wallet',
  'nft',
  'x',
  'dao',
  'blockchain',
  'bitcoin',
  '888',
  'zil',
  'polygon',
  'eth',
  'com',
  'xyz',
];

const PREFIXES = ['get', 'my', 'the', 'try'];
const SUFFIXES = ['hq', 'app', 'dao', 'labs', 'xyz', 'onchain'];
const DIGITS = ['1', '2', '3'];
const DOTS = /[.。．｡]/u;

/** Words of a query: split on spaces, dots, hyphens and underscores, and where camel case changes. */
export const wordsOf = (query: string, knownEndings: readonly string[] = COMMON_ENDINGS): string[] => {
  // an A-label would otherwise split at its `xn--` into meaningless pieces
  const text = /xn--/i.test(query) ? toUnicode(query.trim().toLowerCase()).domain : query.trim();
  const parts = text.split(DOTS);
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
const tiersOf = (words: readonly string[]): string[][] => {
  if (words.length === 0) return [];
  const joined = words.join('');
  const plain = withoutVowels(joined);
  return [
    [joined],
    words.length > 1 ? [words.join('-')] : [],
    PREFIXES.map((prefix) => prefix + joined),
    SUFFIXES.map((suffix) => joined + suffix),
    [otherNumber(joined)],
    [...plain].length >= 4 && plain !== joined ? [plain] : [],
    DIGITS.map((digit) => joined + digit),
  ];
};

/** A-labels that can be offered: valid per names.ts and on none of the reserved, protected or disallowed lists. */
const claimable = (candidate: string): string | undefined => {
  const parsed = parseWeb3Label(candidate);
  return parsed.ok && listedStatusOf(parsed.label) === undefined ? parsed.label : undefined;
};

export const suggestLabels = (
  queries: readonly string[],
  limit: number,
  knownEndings: readonly string[] = COMMON_ENDINGS,
): string[] => {
  const perQuery = queries.map((query) => tiersOf(wordsOf(query, knownEndings)));
  const tierCount = Math.max(0, ...perQuery.map((tiers) => tiers.length));
  const labels = new Set<string>();
  for (let tier = 0; tier < tierCount; tier += 1) {
    for (const tiers of perQuery) {
      for (const candidate of tiers[tier] ?? []) {
        if (labels.size >= limit) return [...labels];
        const label = claimable(candidate);
        if (label !== undefined) labels.add(label);
      }
    }
  }
  return [...labels];
};

/**
 * Full names `label.tld`, the best label under every ending before the next label, so that a short list still
 * shows each ending. Endings are normalized like labels (a leading dot dropped); invalid ones are skipped.
 */
export const suggestNames = (queries: readonly string[], endings: readonly string[], limit: number): Web3Name[] => {
  const parsedEndings = endings.map((ending) => parseWeb3Label(ending.trim().replace(/^\./, '')));
  const tlds = [...new Set(parsedEndings.flatMap((parsed) => (parsed.ok ? [parsed.label] : [])))];
  if (tlds.length === 0 || limit <= 0) return [];
  const labels = suggestLabels(queries, Math.ceil(limit / tlds.length), [...tlds, ...COMMON_ENDINGS]);
  const names: Web3Name[] = [];
  for (const label of labels) {
    for (const tld of tlds) {
      const parsed = parseWeb3Name(`${label}.${tld}`, tlds);
      if (parsed.ok && names.length < limit) names.push(parsed);
    }
  }
  return names;
};

import * as ideas from '../shared/name-ideas';
import { listedStatusOf } from './availability';
import { Web3Name } from './names';

/** Label ideas for surface C's `GET /suggestions/domains` (`decisions.md` §3), in blockchain words. */

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

const vocabularyWith = (knownEndings: readonly string[]): ideas.NameIdeaVocabulary => ({
  prefixes: ['get', 'my', 'the', 'try'],
  suffixes: ['hq', 'app', 'dao', 'labs', 'xyz', 'onchain'],
  knownEndings,
});

/** A label on none of the reserved, protected or disallowed lists can be offered. */
const claimable = (label: string): boolean => listedStatusOf(label) === undefined;

export const wordsOf = (query: string, knownEndings: readonly string[] = COMMON_ENDINGS): string[] =>
  ideas.wordsOf(query, knownEndings);

export const suggestLabels = (
  queries: readonly string[],
  limit: number,
  knownEndings: readonly string[] = COMMON_ENDINGS,
): string[] => ideas.suggestLabels(queries, limit, vocabularyWith(knownEndings), claimable);

export const suggestNames = (queries: readonly string[], endings: readonly string[], limit: number): Web3Name[] =>
  ideas.suggestNames(queries, endings, limit, vocabularyWith(COMMON_ENDINGS), claimable);

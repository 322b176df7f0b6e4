import { NameIdeaVocabulary, suggestNames } from '../shared/name-ideas';
import { SecondLevelName } from '../shared/names';

/**
 * Name ideas for surface D's `GET /suggestions/domains`: the words of the queries joined, hyphenated, with the
 * prefixes and suffixes businesses use, with related words in place of theirs, and under every ending asked for.
 */

/** Words a business name is often built from, and words that may stand in for them. */
const RELATED_WORDS: ReadonlyMap<string, readonly string[]> = new Map([
  ['coffee', ['cafe', 'brew', 'espresso', 'roast']],
  ['cafe', ['coffee', 'bistro']],
  ['shop', ['store', 'market', 'boutique']],
  ['store', ['shop', 'market']],
  ['market', ['shop', 'bazaar']],
  ['studio', ['atelier', 'workshop', 'lab']],
  ['lab', ['labs', 'studio', 'works']],
  ['tech', ['digital', 'labs', 'systems']],
  ['digital', ['tech', 'online', 'web']],
  ['cloud', ['sky', 'nimbus', 'host']],
  ['host', ['hosting', 'cloud', 'server']],
  ['book', ['books', 'read', 'library']],
  ['books', ['book', 'reads', 'library']],
  ['food', ['kitchen', 'eats', 'meals']],
  ['kitchen', ['food', 'cook', 'eats']],
  ['travel', ['trips', 'journey', 'voyage']],
  ['trip', ['travel', 'journey']],
  ['home', ['house', 'nest', 'living']],
  ['house', ['home', 'homes']],
  ['fit', ['fitness', 'gym', 'active']],
  ['fitness', ['fit', 'gym', 'health']],
  ['health', ['wellness', 'care', 'vital']],
  ['care', ['health', 'wellness']],
  ['pet', ['pets', 'paws', 'animal']],
  ['pets', ['pet', 'paws']],
  ['photo', ['photos', 'pictures', 'lens']],
  ['music', ['sound', 'audio', 'tunes']],
  ['art', ['arts', 'gallery', 'design']],
  ['design', ['studio', 'creative', 'art']],
  ['law', ['legal', 'lawyers', 'counsel']],
  ['money', ['finance', 'cash', 'wealth']],
  ['finance', ['money', 'capital', 'wealth']],
  ['garden', ['plants', 'green', 'bloom']],
  ['green', ['eco', 'garden', 'leaf']],
  ['kids', ['children', 'family', 'junior']],
  ['news', ['daily', 'times', 'press']],
  ['agent', ['agents', 'assistant', 'ai']],
  ['ai', ['agent', 'smart', 'mind']],
]);

export const DNS_IDEAS: NameIdeaVocabulary = {
  prefixes: ['get', 'my', 'the', 'go', 'try'],
  suffixes: ['hq', 'online', 'hub', 'now', 'co', 'app'],
  knownEndings: [],
  relatedWords: RELATED_WORDS,
};

/** Up to `limit` names under `endings` built from the queries; any label is acceptable, the registry decides. */
export const suggestDnsNames = (
  queries: readonly string[],
  endings: readonly string[],
  limit: number,
): SecondLevelName[] => suggestNames(queries, endings, limit, DNS_IDEAS, () => true);

import { DocumentStore, FindOptions, Found } from '../../application/shared/document-store.port';

/** One keyset page, and the position to pass back as `after` for the next one (null on the last page). */
export interface KeysetPage<Row, Position> {
  readonly items: Row[];
  readonly next: Position | null;
}

/**
 * One page of `options.limit` rows. One row more is read to learn whether another page follows, without counting;
 * `positionOf` says where the page's last row stands, for the next page's `after`.
 */
export const findPage = async <Row, Position>(
  documents: DocumentStore,
  projection: string,
  options: FindOptions,
  positionOf: (last: Found<Row>) => Position,
): Promise<KeysetPage<Row, Position>> => {
  const found = await documents.find<Row>(projection, { ...options, limit: options.limit + 1 });
  const page = found.slice(0, options.limit);
  const last = page.at(-1);
  return { items: page.map((row) => row.doc), next: found.length > options.limit && last ? positionOf(last) : null };
};

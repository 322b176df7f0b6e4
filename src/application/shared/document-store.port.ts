/**
 * Reads of projection documents for query handlers. Paths are dot paths into the document ("status",
 * "owner.address"), or the keys one by one where a key holds dots (["records", "crypto.ETH.address"]). Filters AND
 * together; lists are ordered by the given paths with the id breaking ties (a missing value after every value, in both
 * directions), and `after` continues a keyset page from the sort values of the last item (stable under concurrent
 * inserts).
 */
export type DocumentPath = string | readonly string[];

export type Filter =
  | { readonly path: DocumentPath; readonly op: 'eq'; readonly value: string | number | boolean | null }
  | { readonly path: DocumentPath; readonly op: 'in'; readonly values: readonly (string | number)[] }
  | { readonly path: DocumentPath; readonly op: 'prefix'; readonly value: string };

export interface Sort {
  readonly path: DocumentPath;
  readonly direction: 'asc' | 'desc';
  /** Compare as numbers (epoch millis, cents) rather than as text. */
  readonly numeric?: boolean;
}

export interface FindOptions {
  readonly where?: readonly Filter[];
  readonly orderBy: Sort;
  /** A second sort key before the id, in the same direction (names after equal creation times). */
  readonly thenBy?: Omit<Sort, 'direction'>;
  /** The sort values and id of the last item of the previous page. */
  readonly after?: { readonly value: string | number; readonly then?: string | number; readonly id: string };
  readonly limit: number;
}

export interface Found<Row> {
  readonly id: string;
  readonly doc: Row;
}

export abstract class DocumentStore {
  abstract get<Row>(projection: string, id: string): Promise<Row | undefined>;
  abstract find<Row>(projection: string, options: FindOptions): Promise<Found<Row>[]>;
  abstract count(projection: string, where?: readonly Filter[]): Promise<number>;
}

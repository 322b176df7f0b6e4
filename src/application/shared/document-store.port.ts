/**
 * Reads of projection documents for query handlers. Paths are dot paths into the document ("status",
 * "owner.address"). Filters AND together; lists are ordered by the given paths with the id breaking ties, and
 * `after` continues a keyset page from the sort values of the last item (stable under concurrent inserts).
 */
export type Filter =
  | { readonly path: string; readonly op: 'eq'; readonly value: string | number | boolean | null }
  | { readonly path: string; readonly op: 'in'; readonly values: readonly (string | number)[] }
  | { readonly path: string; readonly op: 'prefix'; readonly value: string };

export interface Sort {
  readonly path: string;
  readonly direction: 'asc' | 'desc';
  /** Compare as numbers (epoch millis, cents) rather than as text. */
  readonly numeric?: boolean;
}

export interface FindOptions {
  readonly where?: readonly Filter[];
  readonly orderBy: Sort;
  /** The sort value and id of the last item of the previous page. */
  readonly after?: { readonly value: string | number; readonly id: string };
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

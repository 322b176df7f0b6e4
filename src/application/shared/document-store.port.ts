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
  | { readonly path: DocumentPath; readonly op: 'prefix'; readonly value: string }
  /** A number within the bounds given (inclusive); a missing one only with `orNull`. */
  | {
      readonly path: DocumentPath;
      readonly op: 'range';
      readonly min?: number;
      readonly max?: number;
      readonly orNull?: boolean;
    }
  /** Text holding the value (case counts: store lowercase text and lowercase the value to match in any case). */
  | { readonly path: DocumentPath; readonly op: 'contains'; readonly value: string }
  /** An array of strings holding every one of the values. */
  | { readonly path: DocumentPath; readonly op: 'holdsAll'; readonly values: readonly string[] };

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
  /** Documents to skip before the first answered, for lists paged by offset (where `after` cannot be used). */
  readonly offset?: number;
  readonly limit: number;
}

export interface Found<Row> {
  readonly id: string;
  readonly doc: Row;
}

/** One page of documents, and how many match in all. */
export interface Counted<Row> {
  readonly found: Found<Row>[];
  readonly total: number;
}

export abstract class DocumentStore {
  abstract get<Row>(projection: string, id: string): Promise<Row | undefined>;
  abstract find<Row>(projection: string, options: FindOptions): Promise<Found<Row>[]>;
  /** `find` and `count` of the same filters at once: lists paged by offset show their total. */
  abstract findCounted<Row>(projection: string, options: FindOptions): Promise<Counted<Row>>;
  abstract count(projection: string, where?: readonly Filter[]): Promise<number>;
}

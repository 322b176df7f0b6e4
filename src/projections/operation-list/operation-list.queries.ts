import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ExistingOperation, operationStream, TERMINAL, UNFINISHED } from '../../domain/operations/operation';
import { OperationEvent, OperationStatus, OperationSurface } from '../../domain/operations/operation.events';
import { DocumentStore, Filter } from '../../application/shared/document-store.port';
import { EventStore, StoredEvent } from '../../application/shared/event-store.port';
import { findPage, KeysetPage } from '../shared/find-page';
import { operationList } from './operation-list.projection';

/** An account's operation by id; undefined when it does not exist or belongs to another account. */
export class GetOperation extends Query<ExistingOperation | undefined> {
  constructor(
    readonly accountId: string,
    readonly operationId: string,
  ) {
    super();
  }
}

@QueryHandler(GetOperation)
export class GetOperationHandler implements IQueryHandler<GetOperation> {
  constructor(
    private readonly documents: DocumentStore,
    private readonly store: EventStore,
  ) {}

  async execute({ accountId, operationId }: GetOperation): Promise<ExistingOperation | undefined> {
    const op =
      (await this.documents.get<ExistingOperation>(operationList.name, operationId)) ??
      (await this.asRequested(operationId));
    return op && op.accountId === accountId ? op : undefined;
  }

  /**
   * An operation the list has not reached yet, as it was requested: the answer to its request already showed it, so
   * a client polling at once must find it. Only its first event counts: the list shows later states last (read your
   * writes), and this must never show more than the list will.
   */
  private async asRequested(operationId: string): Promise<ExistingOperation | undefined> {
    const [requested] = await this.store.readStream(operationStream(operationId));
    if (requested?.type !== 'OperationRequested') return undefined;
    return operationList.evolve(undefined, requested as StoredEvent<OperationEvent>, operationId) ?? undefined;
  }
}

export interface OperationPosition {
  readonly createdAt: number;
  readonly id: string;
}

export type OperationPage = KeysetPage<ExistingOperation, OperationPosition>;

/** An account's operations of one surface, newest first, filtered, in keyset pages. */
export class ListOperations extends Query<OperationPage> {
  constructor(
    readonly filter: {
      readonly accountId: string;
      readonly surface: OperationSurface;
      readonly domains?: readonly string[];
      readonly statuses?: readonly OperationStatus[];
      readonly types?: readonly string[];
      /** Previews are operations on surface D; on C they are quotes, never listed. */
      readonly previews: boolean;
    },
    readonly page: { readonly limit: number; readonly after?: OperationPosition },
  ) {
    super();
  }
}

const whereOf = (filter: ListOperations['filter']): Filter[] => {
  const where: Filter[] = [
    { path: 'accountId', op: 'eq', value: filter.accountId },
    { path: 'surface', op: 'eq', value: filter.surface },
  ];
  if (filter.domains?.length) where.push({ path: 'domain', op: 'in', values: filter.domains });
  if (filter.statuses?.length) where.push({ path: 'status', op: 'in', values: filter.statuses });
  if (filter.types?.length) where.push({ path: 'type', op: 'in', values: filter.types });
  if (!filter.previews) where.push({ path: 'preview', op: 'eq', value: false });
  return where;
};

@QueryHandler(ListOperations)
export class ListOperationsHandler implements IQueryHandler<ListOperations> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ filter, page }: ListOperations): Promise<OperationPage> {
    const where = whereOf(filter);
    return findPage<ExistingOperation, OperationPosition>(
      this.documents,
      operationList.name,
      {
        where,
        orderBy: { path: 'createdAt', direction: 'desc', numeric: true },
        after: page.after && { value: page.after.createdAt, id: page.after.id },
        limit: page.limit,
      },
      ({ doc }) => ({ createdAt: doc.createdAt, id: doc.id }),
    );
  }
}

/**
 * The same list paged by creation time alone (surface D's `$cursor` is an integer): a page never splits the
 * operations of one millisecond, so the next one starts strictly before its last item's time and misses none.
 */
export class ListOperationsByTime extends Query<KeysetPage<ExistingOperation, number>> {
  constructor(
    readonly filter: ListOperations['filter'],
    readonly page: { readonly limit: number; readonly before?: number },
  ) {
    super();
  }
}

@QueryHandler(ListOperationsByTime)
export class ListOperationsByTimeHandler implements IQueryHandler<ListOperationsByTime> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ filter, page }: ListOperationsByTime): Promise<KeysetPage<ExistingOperation, number>> {
    const where = whereOf(filter);
    const orderBy = { path: 'createdAt', direction: 'desc', numeric: true } as const;
    const first = await findPage<ExistingOperation, OperationPosition>(
      this.documents,
      operationList.name,
      // an empty id sorts before every id: the page starts strictly before `before`
      {
        where,
        orderBy,
        after: page.before === undefined ? undefined : { value: page.before, id: '' },
        limit: page.limit,
      },
      ({ doc }) => ({ createdAt: doc.createdAt, id: doc.id }),
    );
    if (first.next === null) return { items: first.items, next: null };
    const { createdAt, id } = first.next;
    const sameMillisecond = await this.documents.find<ExistingOperation>(operationList.name, {
      where: [...where, { path: 'createdAt', op: 'eq', value: createdAt }],
      orderBy,
      after: { value: createdAt, id },
      limit: 10_000,
    });
    return { items: [...first.items, ...sameMillisecond.map((row) => row.doc)], next: createdAt };
  }
}

/** The unfinished operations on a domain across all accounts (the one-at-a-time rule makes it one at most). */
export class ListPendingOperations extends Query<readonly ExistingOperation[]> {
  constructor(readonly domain: string) {
    super();
  }
}

@QueryHandler(ListPendingOperations)
export class ListPendingOperationsHandler implements IQueryHandler<ListPendingOperations> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ domain }: ListPendingOperations): Promise<readonly ExistingOperation[]> {
    const found = await this.documents.find<ExistingOperation>(operationList.name, {
      where: [
        { path: 'domain', op: 'eq', value: domain },
        { path: 'status', op: 'in', values: UNFINISHED },
      ],
      orderBy: { path: 'createdAt', direction: 'desc', numeric: true },
      limit: 50,
    });
    return found.map((row) => row.doc).filter((op) => !TERMINAL.has(op.status));
  }
}

/** The operator's search of operations across every account, newest first (previews left out). */
export class SearchOperations extends Query<readonly ExistingOperation[]> {
  constructor(
    readonly filter: {
      readonly accountId?: string;
      readonly domain?: string;
      readonly statuses?: readonly OperationStatus[];
      readonly type?: string;
    },
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(SearchOperations)
export class SearchOperationsHandler implements IQueryHandler<SearchOperations> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ filter, limit }: SearchOperations): Promise<readonly ExistingOperation[]> {
    const where: Filter[] = [{ path: 'preview', op: 'eq', value: false }];
    if (filter.accountId) where.push({ path: 'accountId', op: 'eq', value: filter.accountId });
    if (filter.domain) where.push({ path: 'domain', op: 'eq', value: filter.domain });
    if (filter.statuses?.length) where.push({ path: 'status', op: 'in', values: filter.statuses });
    if (filter.type) where.push({ path: 'type', op: 'eq', value: filter.type });
    const found = await this.documents.find<ExistingOperation>(operationList.name, {
      where,
      orderBy: { path: 'createdAt', direction: 'desc', numeric: true },
      limit,
    });
    return found.map((row) => row.doc);
  }
}

import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DocumentStore, Filter, FindOptions } from '../../application/shared/document-store.port';
import { tokenIdOf } from '../../domain/chains/blockchain';
import { findPage } from '../shared/find-page';
import { ResolutionReads } from './resolution-reads.port';
import { ResolvedDomain, resolution } from './resolution.projection';

/** A domain as resolution shows it; undefined when the chains have no such token. */
export class GetResolvedDomain extends Query<ResolvedDomain | undefined> {
  constructor(readonly name: string) {
    super();
  }
}

@QueryHandler(GetResolvedDomain)
export class GetResolvedDomainHandler implements IQueryHandler<GetResolvedDomain> {
  constructor(
    private readonly documents: DocumentStore,
    private readonly reads: ResolutionReads,
  ) {}

  async execute({ name }: GetResolvedDomain): Promise<ResolvedDomain | undefined> {
    const memory = await this.reads.current();
    if (memory) return memory.byName(name);
    const found = await this.documents.get<ResolvedDomain>(resolution.name, tokenIdOf(name));
    return found && found.name === name ? found : undefined;
  }
}

/** A token by its id (0x and 64 hex digits), when the registries know its name. */
export class GetResolvedToken extends Query<ResolvedDomain | undefined> {
  constructor(readonly tokenId: string) {
    super();
  }
}

@QueryHandler(GetResolvedToken)
export class GetResolvedTokenHandler implements IQueryHandler<GetResolvedToken> {
  constructor(
    private readonly documents: DocumentStore,
    private readonly reads: ResolutionReads,
  ) {}

  async execute({ tokenId }: GetResolvedToken): Promise<ResolvedDomain | undefined> {
    const memory = await this.reads.current();
    const found = memory ? memory.byToken(tokenId) : await this.documents.get<ResolvedDomain>(resolution.name, tokenId);
    return found?.name ? found : undefined;
  }
}

/**
 * The primary domain of each address that has one, by lowercase address: the token its owner's reverse resolution
 * points at (the registry allows it only for the owner, and a transfer clears it).
 */
export class GetReverseDomains extends Query<ReadonlyMap<string, ResolvedDomain>> {
  constructor(readonly addresses: readonly string[]) {
    super();
  }
}

@QueryHandler(GetReverseDomains)
export class GetReverseDomainsHandler implements IQueryHandler<GetReverseDomains> {
  constructor(
    private readonly documents: DocumentStore,
    private readonly reads: ResolutionReads,
  ) {}

  async execute({ addresses }: GetReverseDomains): Promise<ReadonlyMap<string, ResolvedDomain>> {
    const memory = await this.reads.current();
    if (memory)
      return new Map(
        addresses.flatMap((address) => {
          const domain = memory.reverseOf(address);
          return domain ? [[address, domain] as const] : [];
        }),
      );
    const found = await this.documents.find<ResolvedDomain>(resolution.name, {
      where: [
        { path: 'owner', op: 'in', values: addresses },
        { path: 'reverse', op: 'eq', value: true },
      ],
      orderBy: { path: 'tokenId', direction: 'asc' },
      limit: addresses.length,
    });
    return new Map(found.filter(({ doc }) => doc.name !== null).map(({ doc }) => [doc.owner, doc]));
  }
}

export type ResolutionSort = 'id' | 'name' | 'created_at';

/** Where a page starts: after the item with these sort values (see `cursorOf`). */
export type ResolutionCursor =
  | { readonly sortBy: 'id'; readonly tokenId: string }
  | { readonly sortBy: 'name'; readonly name: string }
  | { readonly sortBy: 'created_at'; readonly createdAt: string; readonly name: string };

export interface ResolutionFilter {
  /** Lowercase addresses; a domain matches when any of them owns it. */
  readonly owners: readonly string[];
  /** Record key to value; a domain matches when it has all of them. */
  readonly records: Readonly<Record<string, string>>;
  readonly tlds: readonly string[];
}

export interface ResolutionPage {
  readonly items: readonly ResolvedDomain[];
  readonly hasMore: boolean;
}

/** Domains matching every filter given, in keyset pages of one sort order. */
export class ListResolvedDomains extends Query<ResolutionPage> {
  constructor(
    readonly filter: ResolutionFilter,
    readonly sort: { readonly by: ResolutionSort; readonly direction: 'asc' | 'desc' },
    readonly perPage: number,
    readonly after?: ResolutionCursor,
  ) {
    super();
  }
}

const ORDER: Record<ResolutionSort, Pick<FindOptions, 'thenBy'> & { path: string }> = {
  id: { path: 'tokenId' },
  name: { path: 'name' },
  // equal creation times (one block holds many mints) are ordered by name, as the cursor `<time>|<name>` says
  created_at: { path: 'createdAt', thenBy: { path: 'name' } },
};

const afterOf = (cursor: ResolutionCursor): NonNullable<FindOptions['after']> => {
  switch (cursor.sortBy) {
    case 'id':
      return { value: cursor.tokenId, id: cursor.tokenId };
    case 'name':
      return { value: cursor.name, id: tokenIdOf(cursor.name) };
    case 'created_at':
      return { value: cursor.createdAt, then: cursor.name, id: tokenIdOf(cursor.name) };
  }
};

/** The cursor that continues a page after `domain`. */
export const cursorOf = (sortBy: ResolutionSort, domain: ResolvedDomain): string => {
  switch (sortBy) {
    case 'id':
      return domain.tokenId;
    case 'name':
      return domain.name ?? '';
    case 'created_at':
      return `${domain.createdAt}|${domain.name ?? ''}`;
  }
};

@QueryHandler(ListResolvedDomains)
export class ListResolvedDomainsHandler implements IQueryHandler<ListResolvedDomains> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ filter, sort, perPage, after }: ListResolvedDomains): Promise<ResolutionPage> {
    const where: Filter[] = [];
    if (filter.owners.length > 0) where.push({ path: 'owner', op: 'in', values: filter.owners });
    for (const [key, value] of Object.entries(filter.records)) where.push({ path: ['records', key], op: 'eq', value });
    if (filter.tlds.length > 0) where.push({ path: 'tld', op: 'in', values: filter.tlds });
    const { path, thenBy } = ORDER[sort.by];
    const page = await findPage<ResolvedDomain, true>(
      this.documents,
      resolution.name,
      {
        where,
        orderBy: { path, direction: sort.direction },
        thenBy,
        after: after && afterOf(after),
        limit: perPage,
      },
      () => true,
    ); // its clients page by the last item they hold, not by a position handed out
    return { items: page.items, hasMore: page.next !== null };
  }
}

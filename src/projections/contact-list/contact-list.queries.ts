import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DocumentStore, Filter } from '../../application/shared/document-store.port';
import { ContactRow, contactList } from './contact-list.projection';

/** The most contacts one list shows: the latest ones. */
export const CONTACT_LIST_LIMIT = 500;

/** An account's contacts, the latest first; disabled ones only when asked for. */
export class ListContacts extends Query<ContactRow[]> {
  constructor(
    readonly accountId: string,
    readonly includeDisabled: boolean,
  ) {
    super();
  }
}

@QueryHandler(ListContacts)
export class ListContactsHandler implements IQueryHandler<ListContacts> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId, includeDisabled }: ListContacts): Promise<ContactRow[]> {
    const where: Filter[] = [
      { path: 'accountId', op: 'eq', value: accountId },
      ...(includeDisabled ? [] : [{ path: 'disabledAt', op: 'eq', value: null } as const]),
    ];
    const found = await this.documents.find<ContactRow>(contactList.name, {
      where,
      orderBy: { path: 'createdAt', direction: 'desc', numeric: true },
      limit: CONTACT_LIST_LIMIT,
    });
    return found.map(({ doc }) => doc);
  }
}

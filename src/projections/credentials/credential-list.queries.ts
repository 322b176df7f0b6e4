import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DocumentStore } from '../../application/shared/document-store.port';
import { credentialList, CredentialRow } from './credential-list.projection';

export class ListCredentials extends Query<readonly CredentialRow[]> {
  constructor(readonly accountId?: string) {
    super();
  }
}

@QueryHandler(ListCredentials)
export class ListCredentialsHandler implements IQueryHandler<ListCredentials> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId }: ListCredentials): Promise<readonly CredentialRow[]> {
    const found = await this.documents.find<CredentialRow>(credentialList.name, {
      where: accountId ? [{ path: 'accountId', op: 'eq', value: accountId }] : [],
      orderBy: { path: 'createdAt', direction: 'asc', numeric: true },
      limit: 10_000,
    });
    return found.map((row) => row.doc);
  }
}

export class GetCredential extends Query<CredentialRow | undefined> {
  constructor(readonly credentialId: string) {
    super();
  }
}

@QueryHandler(GetCredential)
export class GetCredentialHandler implements IQueryHandler<GetCredential> {
  constructor(private readonly documents: DocumentStore) {}

  execute({ credentialId }: GetCredential): Promise<CredentialRow | undefined> {
    return this.documents.get<CredentialRow>(credentialList.name, credentialId);
  }
}

import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DocumentStore } from '../../application/shared/document-store.port';
import { DnsZoneRow, dnsZones } from './dns-zones.projection';

/** The zone of one of the account's names; undefined when the account holds no zone of that name. */
export class GetDnsZone extends Query<DnsZoneRow | undefined> {
  constructor(
    readonly accountId: string,
    readonly name: string,
  ) {
    super();
  }
}

@QueryHandler(GetDnsZone)
export class GetDnsZoneHandler implements IQueryHandler<GetDnsZone> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId, name }: GetDnsZone): Promise<DnsZoneRow | undefined> {
    const row = await this.documents.get<DnsZoneRow>(dnsZones.name, name);
    return row?.accountId === accountId ? row : undefined;
  }
}

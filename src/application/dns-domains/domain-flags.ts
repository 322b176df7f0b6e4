import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DnsFlag, DnsFlagState, dnsFlagsOf } from '../../domain/dns-domains/dns-flags';
import { Refused } from '../../domain/shared/errors';
import { SecondLevelName } from '../../domain/shared/names';
import { SecretBox } from '../identity/identity.ports';
import { AccountName, AccountNames } from './account-names';

export type DnsFlags = Readonly<Record<DnsFlag, DnsFlagState>>;

/** The flags of one of the account's names, as the registry and this service hold them now. */
export const flagsOf = ({ info, held, now }: AccountName): DnsFlags =>
  dnsFlagsOf({
    statuses: info.statuses,
    phase: info.phase,
    createdAt: info.createdAt,
    transferredAt: info.transferredAt,
    whoisProxy: held.whoisProxy,
    now,
  });

export class GetDnsFlags extends Query<DnsFlags> {
  constructor(
    readonly accountId: string,
    readonly name: SecondLevelName,
  ) {
    super();
  }
}

@QueryHandler(GetDnsFlags)
export class GetDnsFlagsHandler implements IQueryHandler<GetDnsFlags> {
  constructor(private readonly names: AccountNames) {}

  async execute({ accountId, name }: GetDnsFlags): Promise<DnsFlags> {
    return flagsOf(await this.names.get(accountId, name));
  }
}

/**
 * `GET /domains/{name}/dns/authorization-code`: the code another registrar needs to take the name, shown only while
 * transfers out are allowed (`DNS_TRANSFER_OUT` on and not held by the 60-day lock); TRANSFER_LOCKED otherwise.
 */
export class GetAuthorizationCode extends Query<string> {
  constructor(
    readonly accountId: string,
    readonly name: SecondLevelName,
  ) {
    super();
  }
}

@QueryHandler(GetAuthorizationCode)
export class GetAuthorizationCodeHandler implements IQueryHandler<GetAuthorizationCode> {
  constructor(
    private readonly names: AccountNames,
    private readonly box: SecretBox,
  ) {}

  async execute({ accountId, name }: GetAuthorizationCode): Promise<string> {
    const held = await this.names.get(accountId, name);
    const { status, readonlyReasons } = flagsOf(held).DNS_TRANSFER_OUT;
    if (status !== 'ENABLED' || readonlyReasons.length > 0) {
      const why = status !== 'ENABLED' ? ['DNS_TRANSFER_OUT is off'] : readonlyReasons.map((reason) => reason.message);
      throw new Refused('TRANSFER_LOCKED', `${name.name} cannot be transferred out now: ${why.join(', ')}`);
    }
    return this.box.open(held.held.sealedAuthorizationCode);
  }
}

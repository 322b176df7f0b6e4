import { Injectable } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { InboundEligibility, inboundEligibilityOf } from '../../domain/dns-domains/inbound-transfer';
import { SecondLevelName } from '../../domain/shared/names';
import { Registry } from '../registry/registry.port';
import { AccountNames, NamePricing } from './account-names';

/**
 * Whether a name can be transferred in with a code now, and what it is priced with: the one answer both the
 * eligibility route and a transfer in decide with. A TLD is sold when it has prices here.
 */
@Injectable()
export class InboundTransfers {
  constructor(
    private readonly registry: Registry,
    private readonly names: AccountNames,
  ) {}

  async check(
    name: SecondLevelName,
    authorizationCode: string,
  ): Promise<{ eligibility: InboundEligibility; pricing: NamePricing }> {
    const [reasons, info, pricing] = await Promise.all([
      this.registry.checkTransfer({ name: name.name, authInfo: authorizationCode }),
      this.registry.info(name.name),
      this.names.pricingOf(name),
    ]);
    const sold = pricing.offer?.prices !== undefined;
    const eligibility = inboundEligibilityOf({ sold, registry: reasons, expiresAt: info?.expiresAt ?? null });
    return { eligibility, pricing };
  }
}

/** `POST /domains/{name}/dns/transfers/inbound-eligibility`: whether the name can be transferred in with the code. */
export class CheckInboundTransfer extends Query<InboundEligibility> {
  constructor(
    readonly name: SecondLevelName,
    readonly authorizationCode: string,
  ) {
    super();
  }
}

@QueryHandler(CheckInboundTransfer)
export class CheckInboundTransferHandler implements IQueryHandler<CheckInboundTransfer> {
  constructor(private readonly transfers: InboundTransfers) {}

  async execute({ name, authorizationCode }: CheckInboundTransfer): Promise<InboundEligibility> {
    return (await this.transfers.check(name, authorizationCode)).eligibility;
  }
}

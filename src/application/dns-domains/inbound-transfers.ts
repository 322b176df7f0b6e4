import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { InboundEligibility, inboundEligibilityOf } from '../../domain/dns-domains/inbound-transfer';
import { SecondLevelName } from '../../domain/shared/names';
import { Registry } from '../registry/registry.port';
import { ResellerSettings } from './reseller-settings';

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
  constructor(
    private readonly registry: Registry,
    private readonly settings: ResellerSettings,
  ) {}

  async execute({ name, authorizationCode }: CheckInboundTransfer): Promise<InboundEligibility> {
    if (!this.settings.sells(name.tld)) return inboundEligibilityOf({ sold: false, registry: [], expiresAt: null });
    const [reasons, info] = await Promise.all([
      this.registry.checkTransfer({ name: name.name, authInfo: authorizationCode }),
      this.registry.info(name.name),
    ]);
    return inboundEligibilityOf({ sold: true, registry: reasons, expiresAt: info?.expiresAt ?? null });
  }
}

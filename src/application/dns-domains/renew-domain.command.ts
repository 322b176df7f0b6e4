import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { billingDecider, billingStream } from '../../domain/billing/billing-account';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { dnsPriceOf } from '../../domain/dns-domains/dns-pricing';
import { decideRenewal, RenewalTerms, renewalTermsOf } from '../../domain/dns-domains/renewal-decision';
import { ExistingOperation } from '../../domain/operations/operation';
import { PaidBy, QuotedAmount } from '../../domain/operations/operation.events';
import { newId } from '../../domain/shared/ids';
import { SecondLevelName } from '../../domain/shared/names';
import { Price } from '../../domain/shared/price';
import { redeemQuoteIn } from '../operations/bound-quotes';
import { loadRequestStreams, requestStatesOf, requestWrites } from '../operations/operation-streams';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { AccountName, AccountNames, NamePricing } from './account-names';
import { ResellerSettings } from './reseller-settings';

/** A name's renewal terms now, and the price of renewing it for `years` (restoration included). */
export interface RenewalQuote {
  readonly terms: RenewalTerms;
  readonly price: Price | undefined;
  readonly quote: readonly QuotedAmount[];
}

export const renewalQuoteOf = (
  { info, now }: AccountName,
  { offer, premiumCents }: NamePricing,
  years: number,
): RenewalQuote => {
  const terms = renewalTermsOf(info, offer?.rules?.maxYears ?? 10, now);
  const prices = offer?.prices;
  // never renewed for nothing: a TLD without prices is not renewed here
  if (!prices)
    return {
      terms: { ...terms, isEligible: false, reasons: [...terms.reasons, 'NOT_SOLD'] },
      price: undefined,
      quote: [],
    };
  const renewal = dnsPriceOf('RENEWAL', prices, { years, premiumCents });
  const restoration = dnsPriceOf('RESTORATION', prices, { years, premiumCents });
  const subTotalCents = renewal.subTotalCents + (terms.restoration ? restoration.subTotalCents : 0);
  return {
    terms,
    price: { ...renewal, subTotalCents },
    quote: [
      ...(terms.restoration
        ? [{ type: 'CHARGE' as const, reason: 'DOMAIN_RESTORATION', amountCents: restoration.subTotalCents }]
        : []),
      { type: 'CHARGE', reason: 'DOMAIN_RENEWAL', amountCents: renewal.subTotalCents },
    ],
  };
};

/** The price of renewing one of the account's names for a year now (with restoration in redemption). */
export const yearlyRenewalPriceOf = async (names: AccountNames, mine: AccountName): Promise<Price | undefined> =>
  renewalQuoteOf(mine, await names.pricingOf(mine.name), 1).price;

/** `GET /domains/{name}/renewals`: whether, for how long and at what price one of the account's names renews now. */
export class GetRenewalTerms extends Query<RenewalQuote> {
  constructor(
    readonly accountId: string,
    readonly name: SecondLevelName,
  ) {
    super();
  }
}

@QueryHandler(GetRenewalTerms)
export class GetRenewalTermsHandler implements IQueryHandler<GetRenewalTerms> {
  constructor(private readonly names: AccountNames) {}

  async execute({ accountId, name }: GetRenewalTerms): Promise<RenewalQuote> {
    return renewalQuoteOf(await this.names.get(accountId, name), await this.names.pricingOf(name), 1);
  }
}

/** `POST /domains/{name}/renewals`: renews one of the account's names from its current expiry. */
export class RenewDnsDomain extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly name: SecondLevelName,
    readonly years: number,
    /** The expiry the caller renews from, as `GET /renewals` gave it; a renewal made since is not made again. */
    readonly expectedExpiry: number | undefined,
    readonly preview: boolean,
    readonly quoteId?: string,
    /** A user's order paid for it (`svc_cart_checkout`): nothing is charged to the account's running balance. */
    readonly paidBy?: PaidBy,
  ) {
    super();
  }
}

@CommandHandler(RenewDnsDomain)
export class RenewDnsDomainHandler implements ICommandHandler<RenewDnsDomain> {
  constructor(
    private readonly store: EventStore,
    private readonly names: AccountNames,
    private readonly settings: ResellerSettings,
    private readonly clock: Clock,
  ) {}

  async execute(command: RenewDnsDomain): Promise<ExistingOperation> {
    const { accountId, name, years } = command;
    const pricing = await this.names.pricingOf(name);
    const request = {
      accountId,
      operationId: keyedRequests.newOperationId(),
      at: this.clock.now(),
      preview: command.preview,
      name: name.name,
      years,
      expectedExpiry: command.expectedExpiry,
      dependencyId: newId('platformDependency'),
      transactionIds: [newId('billingTransaction'), newId('billingTransaction')] as const,
      ...(command.paidBy ? { paidBy: command.paidBy } : {}),
    };
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      // the name's terms are read after its activity, at each attempt: a renewal that held the name and has since
      // ended shows in its expiry, so a renewal retried after a conflict is not made a second time
      const requested = await loadRequestStreams(streams, request.operationId, name.name);
      const { terms, quote } = renewalQuoteOf(await this.names.get(accountId, name), pricing, years);
      const asked = { accountId, type: 'DOMAIN_RENEW', domain: name.name, years };
      const reasons = quote.map((amount) => amount.reason);
      const bound = await redeemQuoteIn(streams, command.quoteId, { ...asked, reasons }, request);
      const domain = await streams.load(dnsDomainStream(name.name), dnsDomainDecider);
      const billing = await streams.load(billingStream(accountId), billingDecider);
      const decision = decideRenewal(
        request,
        {
          terms,
          quote: bound?.quote ?? quote,
          creditLimitCents: this.settings.creditLimitCents,
          quoteValidityMs: this.settings.quoteValidityMs,
        },
        { ...requestStatesOf(requested), domain: domain.state, billing: billing.state },
      );
      return {
        writes: [
          ...requestWrites(requested, decision),
          writeAfter(billing, decision.billing),
          ...(bound ? [bound.write] : []),
        ],
        result: decision.state,
      };
    });
    return result;
  }
}

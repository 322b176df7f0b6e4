import { Injectable } from '@nestjs/common';
import { CartOffer, registrationOfferOf, renewalOfferOf, sellerOfferOf } from '../../domain/commerce/cart-offers';
import { ProductKind } from '../../domain/commerce/cart-pricing';
import { SecondLevelName } from '../../domain/shared/names';
import { AccountNames } from '../dns-domains/account-names';
import { DnsCatalogue, NameAvailability } from '../dns-domains/dns-catalogue';
import { renewalQuoteOf } from '../dns-domains/renew-domain.command';

/** One line asked of the cart, or one line in it to price again. */
export interface CartAsk {
  readonly kind: ProductKind;
  readonly name: SecondLevelName;
  /** Years of a registration or renewal; 1 for a purchase. */
  readonly years: number;
}

/**
 * What each line would cost the account now, asked of the registry and the marketplaces together: the same answers
 * decide a line when it is added and every time the cart is read or checked out.
 */
@Injectable()
export class CartQuotes {
  constructor(
    private readonly catalogue: DnsCatalogue,
    private readonly names: AccountNames,
  ) {}

  async offers(accountId: string, asks: readonly CartAsk[]): Promise<CartOffer[]> {
    const bought = asks.filter((ask) => ask.kind !== 'RENEWAL').map((ask) => ask.name);
    const availability = new Map<string, NameAvailability>(
      (bought.length === 0 ? [] : await this.catalogue.availability(bought)).map((found) => [found.name.name, found]),
    );
    return Promise.all(
      asks.map(async ({ kind, name, years }): Promise<CartOffer> => {
        if (kind === 'RENEWAL') return this.renewalOffer(accountId, name, years);
        const found = availability.get(name.name)!;
        return kind === 'REGISTRATION'
          ? registrationOfferOf(name.name, found.availability, found.offer?.prices, years)
          : sellerOfferOf(name.name, found.availability, kind);
      }),
    );
  }

  private async renewalOffer(accountId: string, name: SecondLevelName, years: number): Promise<CartOffer> {
    const mine = await this.names.find(accountId, name);
    // told like a name that never existed: whether another account holds it is not this account's to learn
    if (!mine) return { problem: `${name.name} is not one of your domains` };
    const { terms, price } = renewalQuoteOf(mine, await this.names.pricingOf(name), years);
    return renewalOfferOf(name.name, terms, price, years);
  }
}

import { Injectable } from '@nestjs/common';
import { CartOffer, registrationOfferOf, renewalOfferOf, sellerOfferOf } from '../../domain/commerce/cart-offers';
import { ProductKind } from '../../domain/commerce/cart-pricing';
import { LeaseChoice, listedOfferOf } from '../../domain/marketplace/listed-purchase';
import {
  acceptedOfferOf,
  marketListingDecider,
  marketListingStream,
  openListingAt,
} from '../../domain/marketplace/listing';
import { SecondLevelName } from '../../domain/shared/names';
import { Registry } from '../registry/registry.port';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { AccountNames } from '../dns-domains/account-names';
import { DnsCatalogue, NameAvailability } from '../dns-domains/dns-catalogue';
import { renewalQuoteOf } from '../dns-domains/renew-domain.command';

/** One line asked of the cart, or one line in it to price again. */
export interface CartAsk {
  readonly kind: ProductKind;
  readonly name: SecondLevelName;
  /** Years of a registration or renewal; 1 for a purchase. */
  readonly years: number;
  /** A listed name leased: the plan the buyer picks. */
  readonly lease?: LeaseChoice;
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
    private readonly store: EventStore,
    private readonly registry: Registry,
  ) {}

  async offers(accountId: string, asks: readonly CartAsk[]): Promise<CartOffer[]> {
    const bought = asks.filter((ask) => ask.kind !== 'RENEWAL' && ask.kind !== 'LISTED').map((ask) => ask.name);
    const availability = new Map<string, NameAvailability>(
      (bought.length === 0 ? [] : await this.catalogue.availability(bought)).map((found) => [found.name.name, found]),
    );
    return Promise.all(
      asks.map(async ({ kind, name, years, lease }): Promise<CartOffer> => {
        if (kind === 'RENEWAL') return this.renewalOffer(accountId, name, years);
        if (kind === 'LISTED') return this.listedOffer(accountId, name, lease ?? null);
        const found = availability.get(name.name)!;
        return kind === 'REGISTRATION'
          ? registrationOfferOf(name.name, found.availability, found.offer?.prices, years)
          : sellerOfferOf(name.name, found.availability, kind);
      }),
    );
  }

  /** A name listed on our marketplace, as its listing stands now on the registry's clock. */
  private async listedOffer(accountId: string, name: SecondLevelName, lease: LeaseChoice | null): Promise<CartOffer> {
    const [{ state }, now] = await Promise.all([
      loadStream(this.store, marketListingStream(name.name), marketListingDecider),
      this.registry.now(),
    ]);
    const open = openListingAt(state, now);
    const accepted = acceptedOfferOf(state, accountId, now);
    const offer = open && accepted && { ...accepted, listingId: open.listingId };
    return listedOfferOf(name.name, accountId, { open, reservation: state.reservation }, offer, lease);
  }

  private async renewalOffer(accountId: string, name: SecondLevelName, years: number): Promise<CartOffer> {
    const mine = await this.names.find(accountId, name);
    // told like a name that never existed: whether another account holds it is not this account's to learn
    if (!mine) return { problem: `${name.name} is not one of your domains` };
    const { terms, price } = renewalQuoteOf(mine, await this.names.pricingOf(name), years);
    return renewalOfferOf(name.name, terms, price, years);
  }
}

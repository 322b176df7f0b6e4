import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Principal } from '../../../../application/identity/authenticator';
import {
  CancelListings,
  CreateListings,
  ListingOutcome,
  UpdateListings,
} from '../../../../application/marketplace/listings.commands';
import { LeaseToOwnOptions } from '../../../../domain/marketplace/listing-terms';
import { formattedUsd } from '../../../../domain/shared/price';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import {
  LeaseToOwnOffer,
  ListingCancelBody,
  ListingCreateBody,
  ListingSettings,
  ListingUpdateBody,
} from './listing-bodies.dto';

const leaseOf = (offer: LeaseToOwnOffer): LeaseToOwnOptions => ({
  type: offer.type,
  maxTermLength: offer.maxTermLength,
  downPaymentPercentage: offer.downPaymentPercentage ?? null,
});

const settingsOf = (settings: ListingSettings | undefined) => ({
  offersEnabled: settings?.isOfferFeatureEnabled,
  minimumOfferCents: settings?.minOfferAmountInCents,
  displayName: settings?.domainDisplayName,
});

const timeOf = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso));

/** One listing's result as the reference words it, and the terms it stands on now. */
const resultOf = (outcome: ListingOutcome, status: 'active' | 'cancelled') => {
  if ('problem' in outcome)
    return {
      ...(outcome.name === null ? {} : { domainName: outcome.name }),
      ...(outcome.listingId === null ? {} : { listingId: outcome.listingId }),
      success: false,
      error: outcome.problem,
    };
  const { listingId, terms } = outcome.listing;
  return {
    domainName: outcome.name,
    listingId,
    success: true,
    status,
    priceInCents: terms.priceCents,
    priceFormatted: formattedUsd(terms.priceCents),
    expiresAt: new Date(terms.expiresAt).toISOString(),
  };
};

const answerOf = (outcomes: readonly ListingOutcome[], status: 'active' | 'cancelled', done: string) => {
  const results = outcomes.map((outcome) => resultOf(outcome, status));
  const successCount = results.filter((result) => result.success).length;
  return {
    results,
    successCount,
    failureCount: results.length - successCount,
    message: `${successCount} of ${results.length} listing${results.length === 1 ? '' : 's'} ${done}`,
  };
};

@Injectable()
export class ListingCreateAction implements AgentActionHandler<ListingCreateBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_listing_create',
    title: "List the user's domains for sale",
    description:
      "Lists up to 50 of the user's domains on the service's marketplace: at a buy-now price in cents, or for offers only with priceInCents 0; offers are open by default (listingSettings.isOfferFeatureEnabled) above an optional minimum; lease-to-own plans (equal monthly payments, or a down payment of 10 to 90% then monthly payments, up to maxTermLength 2 to 120 months). A listing ends at expiresAt (1 to 36500 days ahead, default 90 days) or when cancelled. Each domain gets a result; only names the user holds, not already listed, can be listed. Listed names show in svc_domains_search with marketplace.source service.",
    body: ListingCreateBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, idempotent: false },
    answer: 'CreateListingResponse',
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: ListingCreateBody, caller: Principal | undefined) {
    const asks = body.domains.map((item) => ({
      domain: item.domainName,
      priceCents: item.priceInCents ?? 0,
      expiresAt: timeOf(item.expiresAt),
      ...settingsOf(item.listingSettings),
      leaseToOwn: item.leaseToOwnOptions && leaseOf(item.leaseToOwnOptions),
    }));
    const outcomes = await this.commands.execute(new CreateListings(callerOf(caller).accountId, asks));
    return answerOf(outcomes, 'active', 'listed');
  }
}

@Injectable()
export class ListingUpdateAction implements AgentActionHandler<ListingUpdateBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_listing_update',
    title: "Change the user's listings",
    description:
      "Changes up to 50 of the user's open listings by id: only what an item names changes (price, expiry, offer settings, lease-to-own plan; leaseToOwnOptions null stops offering a lease). Each listing gets a result; a listing that is not the user's, cancelled or expired is not found.",
    body: ListingUpdateBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, idempotent: true },
    answer: 'UpdateListingResponse',
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: ListingUpdateBody, caller: Principal | undefined) {
    const changes = body.listings.map((item) => ({
      listingId: item.id,
      priceCents: item.priceInCents,
      expiresAt: timeOf(item.expiresAt),
      ...settingsOf(item.listingSettings),
      leaseToOwn: item.leaseToOwnOptions && leaseOf(item.leaseToOwnOptions),
    }));
    const outcomes = await this.commands.execute(new UpdateListings(callerOf(caller).accountId, changes));
    return answerOf(outcomes, 'active', 'updated');
  }
}

@Injectable()
export class ListingCancelAction implements AgentActionHandler<ListingCancelBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_listing_cancel',
    title: "Take the user's listings down",
    description:
      "Cancels up to 50 of the user's open listings by id: the names leave the marketplace at once and pending offers on them close. Each listing gets a result; one that is not the user's, already cancelled or expired is not found.",
    body: ListingCancelBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: false },
    answer: 'CancelListingResponse',
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: ListingCancelBody, caller: Principal | undefined) {
    const outcomes = await this.commands.execute(new CancelListings(callerOf(caller).accountId, body.listingIds));
    return answerOf(outcomes, 'cancelled', 'cancelled');
  }
}

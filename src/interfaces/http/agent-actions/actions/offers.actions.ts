import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../../application/identity/authenticator';
import { MarketParties } from '../../../../application/marketplace/market-parties';
import {
  MakeMarketOffer,
  OfferAnswerOutcome,
  OfferMadeOutcome,
  RespondToMarketOffers,
} from '../../../../application/marketplace/offers.commands';
import { Offer, OfferStatus, offerStatusAt } from '../../../../domain/marketplace/offer';
import { domainNameForms } from '../../../../domain/shared/idna';
import { formattedUsd } from '../../../../domain/shared/price';
import { ListMarketOffers } from '../../../../projections/marketplace/market-offers.queries';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { OfferCreateBody, OfferRespondBody, OffersListBody } from './marketplace-bodies.dto';

const PAGE_SIZE = 20;

/** Where each side stands with an offer, as the reference's `buyerStatus` and `sellerStatus` say it. */
const SIDES: Readonly<Record<OfferStatus, { buyer: string; seller: string }>> = {
  PENDING: { buyer: 'waiting_for_seller', seller: 'action_required' },
  ACCEPTED: { buyer: 'payment_required', seller: 'waiting_for_payment' },
  REJECTED: { buyer: 'rejected', seller: 'rejected' },
  COMPLETED: { buyer: 'purchased', seller: 'sold' },
  CLOSED: { buyer: 'closed', seller: 'closed' },
  EXPIRED: { buyer: 'expired', seller: 'expired' },
};

const iso = (millis: number): string => new Date(millis).toISOString();

/** An offer as both lists and answers show it, its status read at `now` (the clock expires offers). */
const offerView = (offer: Offer, now: number, buyerId: string) => {
  const status = offerStatusAt(offer, now);
  return {
    id: offer.offerId,
    domainName: offer.name,
    priceInCents: offer.priceCents,
    priceFormatted: formattedUsd(offer.priceCents),
    buyerId,
    buyerUserId: buyerId,
    status: status.toLowerCase(),
    buyerStatus: SIDES[status].buyer,
    sellerStatus: SIDES[status].seller,
    expiresAt: iso(offer.expiresAt),
    ...(offer.payBy === null ? {} : { payBy: iso(offer.payBy) }),
    createdAt: iso(offer.createdAt),
    updatedAt: iso(offer.updatedAt),
  };
};

@Injectable()
export class OfferCreateAction implements AgentActionHandler<OfferCreateBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_offer_create',
    title: 'Make an offer on a listed name',
    description:
      "An extension of this service (the reference has no such action): offers priceInCents on a name listed on the marketplace (svc_domains_search: marketplace.source service, registered-listed-for-sale or -for-offers), at least the listing's minimum. The offer is open for 7 days (never past the listing's end) and is posted, with the optional message, in the user's conversation with the seller, who is mailed. When the seller accepts, the name is put in the user's cart at the offer's price for 7 days: check out with svc_cart_checkout.",
    body: OfferCreateBody,
    access: { scope: 'cart:write' },
    effects: { readOnly: false, idempotent: false, openWorld: true },
    answer: 'CreateOfferResponse',
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly parties: MarketParties,
  ) {}

  async run(body: OfferCreateBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const { offer, conversationId }: OfferMadeOutcome = await this.commands.execute(
      new MakeMarketOffer(accountId, body.domainName, body.priceInCents, body.message),
    );
    return {
      success: true,
      offer: offerView(offer, offer.createdAt, this.parties.buyerIdOf(offer.sellerAccountId, accountId)),
      conversationId,
      message: `Offer ${offer.offerId} sent to the seller of ${offer.name}; follow it in conversation ${conversationId} (svc_lead_messages_list).`,
    };
  }
}

@Injectable()
export class OffersListAction implements AgentActionHandler<OffersListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_offers_list',
    title: "List offers on the user's names",
    description:
      "Offers buyers made on the user's listed names, newest first, 20 a page: group active (waiting for the user's answer, or accepted and waiting for the buyer to pay), sold (paid), or every offer; by domainName. Answer them with svc_offer_respond, or talk to the buyer with svc_lead_get and its buyerId.",
    body: OffersListBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'ListOffersResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly parties: MarketParties,
  ) {}

  async run(body: OffersListBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const page = body.page ?? 1;
    const name =
      body.domainName === undefined ? undefined : (domainNameForms(body.domainName)?.name ?? body.domainName);
    const { rows, total, now } = await this.queries.execute(
      new ListMarketOffers(
        { sellerAccountId: accountId, ...(name ? { name } : {}), ...(body.group ? { group: body.group } : {}) },
        (page - 1) * PAGE_SIZE,
        PAGE_SIZE,
      ),
    );
    const totalPages = Math.ceil(total / PAGE_SIZE);
    return {
      offers: rows.map((offer: Offer) =>
        offerView(offer, now, this.parties.buyerIdOf(accountId, offer.buyerAccountId)),
      ),
      pagination: { page, pageSize: PAGE_SIZE, totalPages, total, hasMore: page < totalPages },
    };
  }
}

const answerOf = (outcome: OfferAnswerOutcome, action: string) =>
  'problem' in outcome
    ? {
        offerId: outcome.offerId,
        ...(outcome.name === null ? {} : { domainName: outcome.name }),
        action,
        success: false,
        error: outcome.problem,
      }
    : {
        offerId: outcome.offerId,
        domainName: outcome.offer.name,
        action,
        success: true,
        priceInCents: outcome.offer.priceCents,
        priceFormatted: formattedUsd(outcome.offer.priceCents),
        newStatus: outcome.offer.status.toLowerCase(),
      };

@Injectable()
export class OfferRespondAction implements AgentActionHandler<OfferRespondBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_offer_respond',
    title: 'Accept or reject offers',
    description:
      "Accepts or rejects up to 50 offers on the user's names at their prices. An accepted offer lets its buyer buy the name at that price for 7 days (it is put in the buyer's cart); the sale completes when the buyer pays. Counter-offers are not made here: propose them with svc_lead_message_send. Each offer gets a result; another account's offer is not found.",
    body: OfferRespondBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true },
    answer: 'RespondToOfferResponse',
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: OfferRespondBody, caller: Principal | undefined) {
    const outcomes: OfferAnswerOutcome[] = await this.commands.execute(
      new RespondToMarketOffers(
        callerOf(caller).accountId,
        body.offers.map(({ id, action }) => ({ offerId: id, action })),
      ),
    );
    const results = outcomes.map((outcome, index) => answerOf(outcome, body.offers[index].action));
    const successCount = results.filter((result) => result.success).length;
    return {
      results,
      successCount,
      failureCount: results.length - successCount,
      message: `${successCount} of ${results.length} offer${results.length === 1 ? '' : 's'} answered`,
    };
  }
}

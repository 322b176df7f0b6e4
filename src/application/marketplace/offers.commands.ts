import { calendarDateOf } from '../../domain/registry/registry-periods';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomInt } from 'node:crypto';
import { marketKeyDecider, marketKeyStream } from '../../domain/marketplace/market-key';
import { marketListingDecider, marketListingStream, openListingAt } from '../../domain/marketplace/listing';
import { messageProblemOf } from '../../domain/marketplace/conversation';
import { marketOfferDecider, marketOfferStream, Offer } from '../../domain/marketplace/offer';
import { DomainError, NotFound, Refused } from '../../domain/shared/errors';
import { parseAskedName, storedNameOf } from '../../domain/shared/names';
import { formattedUsd } from '../../domain/shared/price';
import { AddCartItems } from '../commerce/cart.commands';
import { Registry } from '../registry/registry.port';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { MarketConversations } from './market-conversations';
import { MarketParties } from './market-parties';

/** Offer ids are drawn at random below 2^48, as listing ids are. */
const OFFER_IDS = 2 ** 48;

/** What the buyer's offer became: the offer, and the conversation with the seller it was posted in. */
export interface OfferMadeOutcome {
  readonly offer: Offer;
  readonly conversationId: number;
}

/**
 * `svc_offer_create` and the for-sale page's offer form: an offer on a listed name, at least the listing's minimum,
 * open for a week (never past the listing's end); it is posted in the buyer's conversation with the seller, whom
 * that mails.
 */
export class MakeMarketOffer extends Command<OfferMadeOutcome> {
  constructor(
    readonly buyerAccountId: string,
    readonly domain: string,
    readonly priceCents: number,
    readonly message: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(MakeMarketOffer)
export class MakeMarketOfferHandler implements ICommandHandler<MakeMarketOffer> {
  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly parties: MarketParties,
    private readonly conversations: MarketConversations,
  ) {}

  async execute({ buyerAccountId, domain, priceCents, message }: MakeMarketOffer): Promise<OfferMadeOutcome> {
    const parsed = parseAskedName(domain);
    if (!parsed.ok) throw new Refused('VALIDATION', `domainName: ${domain} is not a domain name: ${parsed.reason}`);
    const { name } = parsed;
    // the note goes in after the offer is made: a note that cannot is refused before
    const noteProblem = message === undefined ? undefined : messageProblemOf(message);
    if (noteProblem) throw new Refused('VALIDATION', `message: ${noteProblem}`);
    const now = await this.registry.now();
    const offerId = randomInt(1, OFFER_IDS);
    const { result: offer } = await transact(this.store, { accountId: buyerAccountId }, async (streams) => {
      const market = await streams.load(marketListingStream(name), marketListingDecider);
      const listing = openListingAt(market.state, now);
      const stream = await streams.load(marketOfferStream(offerId), marketOfferDecider);
      const made = marketOfferDecider.decide(
        { type: 'MakeOffer', data: { offerId, name, buyerAccountId, priceCents, listing, at: now } },
        stream.state,
      );
      // made: its listing was open (the decider refuses an offer without one)
      const buyerKey = this.parties.buyerKeyOf(listing!.sellerAccountId, buyerAccountId, now);
      const buyer = await streams.load(marketKeyStream('buyer', buyerKey.data.key), marketKeyDecider);
      return {
        writes: [writeAfter(stream, made), writeAfter(buyer, marketKeyDecider.decide(buyerKey, buyer.state))],
        result: made.reduce(marketOfferDecider.evolve, stream.state) as Offer,
      };
    });
    const { conversation } = await this.conversations.open(name, offer.sellerAccountId, buyerAccountId);
    const told = `Offer ${offer.offerId}: ${formattedUsd(offer.priceCents)} for ${storedNameOf(name).unicode}, open until ${calendarDateOf(offer.expiresAt)}.`;
    await this.conversations.send(conversation.conversationId, buyerAccountId, told);
    if (message !== undefined) await this.conversations.send(conversation.conversationId, buyerAccountId, message);
    return { offer, conversationId: conversation.conversationId };
  }
}

/** What became of one answer: the offer as it is now, or why it was not answered. */
export type OfferAnswerOutcome =
  | { readonly offerId: number; readonly offer: Offer }
  | { readonly offerId: number; readonly name: string | null; readonly problem: string };

/**
 * `svc_offer_respond`: the seller accepts or rejects each offer at its price, one outcome per offer. An accepted offer
 * lets its buyer buy the listing at that price for a week (it is put in the buyer's cart); either answer is posted in
 * the conversation, which mails the buyer. Another seller's offer is told like one that does not exist.
 */
export class RespondToMarketOffers extends Command<OfferAnswerOutcome[]> {
  constructor(
    readonly sellerAccountId: string,
    readonly answers: readonly { readonly offerId: number; readonly action: 'accept' | 'reject' }[],
  ) {
    super();
  }
}

@CommandHandler(RespondToMarketOffers)
export class RespondToMarketOffersHandler implements ICommandHandler<RespondToMarketOffers> {
  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly conversations: MarketConversations,
    private readonly commands: CommandBus,
  ) {}

  async execute({ sellerAccountId, answers }: RespondToMarketOffers): Promise<OfferAnswerOutcome[]> {
    const outcomes: OfferAnswerOutcome[] = [];
    for (const { offerId, action } of answers) {
      let name: string | null = null;
      try {
        const offer = await this.answer(sellerAccountId, offerId, action);
        name = offer.name;
        outcomes.push({ offerId, offer });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        outcomes.push({ offerId, name: error instanceof NotFound ? null : name, problem: error.message });
      }
    }
    return outcomes;
  }

  private async answer(sellerAccountId: string, offerId: number, action: 'accept' | 'reject'): Promise<Offer> {
    const now = await this.registry.now();
    const { result } = await transact(this.store, { accountId: sellerAccountId }, async (streams) => {
      const stream = await streams.load(marketOfferStream(offerId), marketOfferDecider);
      const current = stream.state;
      const events = marketOfferDecider.decide(
        {
          type: 'RespondToOffer',
          data: { offerId, name: current.status === 'NONE' ? '' : current.name, sellerAccountId, action, at: now },
        },
        current,
      );
      const offer = events.reduce(marketOfferDecider.evolve, current) as Offer;
      const accepted = events.find((event) => event.type === 'OfferAccepted');
      if (!accepted) return { writes: [writeAfter(stream, events)], result: { offer, told: events.length > 0 } };
      const market = await streams.load(marketListingStream(offer.name), marketListingDecider);
      const { name, listingId, buyerAccountId, priceCents } = offer;
      const listing = marketListingDecider.decide(
        {
          type: 'AcceptListingOffer',
          data: { name, listingId, offerId, buyerAccountId, priceCents, payBy: accepted.data.payBy, at: now },
        },
        market.state,
      );
      return { writes: [writeAfter(stream, events), writeAfter(market, listing)], result: { offer, told: true } };
    });
    const { offer, told } = result;
    if (told) await this.tell(offer, action);
    return offer;
  }

  /** The answer in the conversation, and an accepted offer in the buyer's cart at its price. */
  private async tell(offer: Offer, action: 'accept' | 'reject'): Promise<void> {
    const { conversation } = await this.conversations.open(offer.name, offer.sellerAccountId, offer.buyerAccountId);
    const price = formattedUsd(offer.priceCents);
    const text =
      action === 'accept'
        ? `Offer ${offer.offerId} accepted: ${offer.name} is yours for ${price} if paid by ${calendarDateOf(offer.payBy!)}. It is in your cart: check out with svc_cart_checkout.`
        : `Offer ${offer.offerId} of ${price} declined.`;
    await this.conversations.send(conversation.conversationId, offer.sellerAccountId, text);
    if (action === 'accept')
      await this.commands.execute(
        new AddCartItems(offer.buyerAccountId, [{ kind: 'LISTED', name: storedNameOf(offer.name), years: 1 }]),
      );
  }
}

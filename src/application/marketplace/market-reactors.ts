import { Injectable, Logger } from '@nestjs/common';
import { accountDecider, accountStream } from '../../domain/identity/account';
import {
  MessageSent,
  marketConversationDecider,
  marketConversationStream,
} from '../../domain/marketplace/conversation';
import { ListingCancelled, ListingPurchased } from '../../domain/marketplace/listing';
import { marketOfferDecider, marketOfferStream } from '../../domain/marketplace/offer';
import { storedNameOf } from '../../domain/shared/names';

import { ResellerSettings } from '../dns-domains/reseller-settings';
import { Registry } from '../registry/registry.port';
import { EventStore, StoredEvent } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';
import { htmlParagraphsOf } from '../shared/html-text';
import { Mailer, PermanentMailFailure } from '../shared/mailer.port';
import { Reactor } from '../shared/projection';
import { OpenOffers } from './open-offers.port';

/**
 * A listing that ends closes the offers still open on it: cancelled by its seller, or bought (by another buyer, or
 * by an offer's own buyer, whose offer the sale completed first). After the read models, so that the offers index
 * holds every offer made before.
 */
@Injectable()
export class OfferClosings implements Reactor<ListingCancelled | ListingPurchased> {
  readonly name = 'market-offer-closings';
  readonly handles = ['ListingCancelled', 'ListingPurchased'] as const;
  readonly afterReadModels = true;

  constructor(
    private readonly store: EventStore,
    private readonly offers: OpenOffers,
    private readonly registry: Registry,
  ) {}

  async react(events: readonly StoredEvent<ListingCancelled | ListingPurchased>[]): Promise<void> {
    for (const event of events) {
      const reason = event.type === 'ListingCancelled' ? 'LISTING_ENDED' : 'SOLD_TO_ANOTHER';
      const at = await this.registry.now();
      for (const { offerId, name } of await this.offers.openOn(event.data.listingId))
        await handleCommand(this.store, marketOfferStream(offerId), marketOfferDecider, {
          type: 'CloseOffer',
          data: { offerId, name, reason, at },
        });
    }
  }
}

/** Mails the other participant of a conversation each new message (an offer and its answer are messages too). */
@Injectable()
export class MarketMessageMailer implements Reactor<MessageSent> {
  readonly name = 'market-message-mailer';
  readonly handles = ['MessageSent'] as const;
  private readonly log = new Logger(MarketMessageMailer.name);

  constructor(
    private readonly store: EventStore,
    private readonly mailer: Mailer,
    private readonly settings: ResellerSettings,
  ) {}

  async react(events: readonly StoredEvent<MessageSent>[]): Promise<void> {
    for (const { data } of events) {
      const { state } = await loadStream(
        this.store,
        marketConversationStream(data.conversationId),
        marketConversationDecider,
      );
      if (state.status === 'NONE') continue;
      const recipient = data.senderAccountId === state.buyerAccountId ? state.sellerAccountId : state.buyerAccountId;
      const { state: account } = await loadStream(this.store, accountStream(recipient), accountDecider);
      if (account.status !== 'OPEN' || !account.email) continue;
      const name = storedNameOf(state.name).unicode;
      const from = data.senderAccountId === state.buyerAccountId ? 'a buyer' : 'its seller';
      const text = `A message about ${name} from ${from}:\n\n${data.content}\n\nAnswer it in conversation ${state.conversationId} (svc_lead_message_send), or on ${this.settings.publicUrl}/market/${state.name}.`;
      try {
        await this.mailer.send({
          to: account.email,
          subject: `New message about ${name}`,
          text,
          html: htmlParagraphsOf(text),
        });
      } catch (error) {
        if (!(error instanceof PermanentMailFailure)) throw error; // delivered again after a pause
        this.log.warn(`a marketplace message mail was refused for good: ${error.message}`);
      }
    }
  }
}

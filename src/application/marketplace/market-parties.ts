import { Injectable } from '@nestjs/common';
import { marketKeyDecider, marketKeyStream, TakeMarketKey } from '../../domain/marketplace/market-key';
import { SecretBox } from '../identity/identity.ports';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';

/**
 * How the marketplace names its parties to one another: by ids made from the accounts with the service's secret key,
 * always the same for one account (and, for a buyer, one seller), from which nobody without the key learns the
 * account or links the ids one buyer has with two sellers.
 */
@Injectable()
export class MarketParties {
  constructor(
    private readonly secrets: SecretBox,
    private readonly store: EventStore,
  ) {}

  /** The seller of a listing, as browsing shows it. */
  sellerIdOf(accountId: string): string {
    return `sel_${this.secrets.keyedDigest(`market-seller\u0000${accountId}`).slice(0, 32)}`;
  }

  /** A buyer as one seller knows it (`buyerId` of offers and leads). */
  buyerIdOf(sellerAccountId: string, buyerAccountId: string): string {
    return `buy_${this.secrets.keyedDigest(`market-buyer\u0000${sellerAccountId}\u0000${buyerAccountId}`).slice(0, 32)}`;
  }

  /** A participant of a conversation as the other one knows it: the buyer by its id for that seller. */
  participantIdOf(sellerAccountId: string, accountId: string): string {
    return accountId === sellerAccountId ? this.sellerIdOf(accountId) : this.buyerIdOf(sellerAccountId, accountId);
  }

  /** What records a buyer's id for its seller, to append with the offer or conversation that first shows it. */
  buyerKeyOf(sellerAccountId: string, buyerAccountId: string, at: number): TakeMarketKey {
    const key = this.buyerIdOf(sellerAccountId, buyerAccountId);
    return {
      type: 'TakeMarketKey',
      data: { kind: 'buyer', key, value: `${sellerAccountId} ${buyerAccountId}`, at },
    };
  }

  /** The buyer a seller knows by `buyerId`; undefined for an id this seller was never shown. */
  async buyerOf(sellerAccountId: string, buyerId: string): Promise<string | undefined> {
    const { state } = await loadStream(this.store, marketKeyStream('buyer', buyerId), marketKeyDecider);
    const [seller, buyer] = state.value?.split(' ') ?? [];
    return seller === sellerAccountId ? buyer : undefined;
  }
}

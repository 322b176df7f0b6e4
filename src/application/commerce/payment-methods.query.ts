import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { accountFundsDecider, accountFundsStream, PotAmounts } from '../../domain/commerce/account-funds';
import { isCardExpired } from '../../domain/commerce/sandbox-cards';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { CardProcessor, SavedCard } from './card-processor.port';

export interface ShownCard extends SavedCard {
  readonly isExpired: boolean;
  /** The card checkout suggests: the one saved last that has not expired. */
  readonly isDefault: boolean;
}

export interface PaymentMethods {
  readonly cards: readonly ShownCard[];
  readonly funds: PotAmounts;
  /** Payments are make-believe: the embedded sandbox, or Stripe in test mode. */
  readonly sandbox: boolean;
}

/** `svc_cart_get_payment_methods`: the account's saved cards (as its processor holds them) and its funds. */
export class GetPaymentMethods extends Query<PaymentMethods> {
  constructor(readonly accountId: string) {
    super();
  }
}

@QueryHandler(GetPaymentMethods)
export class GetPaymentMethodsHandler implements IQueryHandler<GetPaymentMethods> {
  constructor(
    private readonly store: EventStore,
    private readonly processor: CardProcessor,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId }: GetPaymentMethods): Promise<PaymentMethods> {
    const [cards, funds] = await Promise.all([
      this.processor.savedCards(accountId),
      loadStream(this.store, accountFundsStream(accountId), accountFundsDecider),
    ]);
    const now = this.clock.now();
    const valid = cards.filter((card) => !isCardExpired(card.expMonth, card.expYear, now));
    const chosen = valid.at(-1)?.id;
    return {
      cards: cards.map((card) => ({
        ...card,
        isExpired: !valid.includes(card),
        isDefault: card.id === chosen,
      })),
      funds: { balanceCents: funds.state.balanceCents, promoCreditsCents: funds.state.promoCreditsCents },
      sandbox: this.processor.sandbox,
    };
  }
}

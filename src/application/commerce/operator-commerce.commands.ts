import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccountFunds, accountFundsDecider, accountFundsStream, FundsPot } from '../../domain/commerce/account-funds';
import { accountDecider, accountStream } from '../../domain/identity/account';
import { NotFound } from '../../domain/shared/errors';
import { promoCodeDecider, promoCodeStream, PromoTerms } from '../../domain/commerce/promo-code';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';

/** The operator creates a promo code (`domain-engine promo-codes create`); its terms never change afterwards. */
export class CreatePromoCode extends Command<PromoTerms> {
  constructor(readonly terms: PromoTerms) {
    super();
  }
}

@CommandHandler(CreatePromoCode)
export class CreatePromoCodeHandler implements ICommandHandler<CreatePromoCode> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ terms }: CreatePromoCode): Promise<PromoTerms> {
    const command = { type: 'CreatePromoCode', data: { code: terms.code, terms, at: this.clock.now() } } as const;
    await handleCommand(this.store, promoCodeStream(terms.code), promoCodeDecider, command);
    return terms;
  }
}

/**
 * The operator puts money in a user account's balance or promo credits (`domain-engine funds add`): a top-up paid
 * outside the service, a goodwill credit. `entryId` makes a retried grant one grant.
 */
export class AddAccountFunds extends Command<AccountFunds> {
  constructor(
    readonly accountId: string,
    readonly entryId: string,
    readonly pot: FundsPot,
    readonly amountCents: number,
    readonly reason: string,
  ) {
    super();
  }
}

@CommandHandler(AddAccountFunds)
export class AddAccountFundsHandler implements ICommandHandler<AddAccountFunds> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, entryId, pot, amountCents, reason }: AddAccountFunds): Promise<AccountFunds> {
    // only a user pays with funds: a partner's money is its billing account, an unknown id is a typing mistake
    const account = (await loadStream(this.store, accountStream(accountId), accountDecider)).state;
    if (account.status !== 'OPEN' || account.kind !== 'user') throw new NotFound('user account', accountId);
    const data = { accountId, entryId, pot, amountCents, reason, at: this.clock.now() };
    const stream = accountFundsStream(accountId);
    return (await handleCommand(this.store, stream, accountFundsDecider, { type: 'AddFunds', data }, { accountId }))
      .state;
  }
}

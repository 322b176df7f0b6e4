import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TldPrices } from '../../domain/dns-domains/dns-pricing';
import { PRICE_LIST_STREAM, priceListDecider, tldPricesOf } from '../../domain/dns-domains/price-list';
import { Refused } from '../../domain/shared/errors';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';

/**
 * The operator prices a TLD: the prices given replace the TLD's, the others keep theirs. Quotes already given keep
 * their price until they expire (a commit naming its preview is charged what the preview quoted).
 */
export class SetDnsPrices extends Command<TldPrices> {
  constructor(
    readonly tld: string,
    readonly prices: Partial<TldPrices>,
  ) {
    super();
  }
}

@CommandHandler(SetDnsPrices)
export class SetDnsPricesHandler implements ICommandHandler<SetDnsPrices> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ tld, prices }: SetDnsPrices): Promise<TldPrices> {
    const { result } = await transact(this.store, {}, async (streams) => {
      const list = await streams.load(PRICE_LIST_STREAM, priceListDecider);
      const current = tldPricesOf(list.state, tld);
      const complete = { ...current, ...prices };
      if (!isComplete(complete)) {
        throw new Refused('VALIDATION', `.${tld} has no prices yet: give all four (registration, renewal...)`);
      }
      const events = priceListDecider.decide(
        { type: 'SetTldPrices', data: { tld, prices: complete, at: this.clock.now() } },
        list.state,
      );
      return { writes: [writeAfter(list, events)], result: complete };
    });
    return result;
  }
}

const isComplete = (prices: Partial<TldPrices>): prices is TldPrices =>
  [prices.registrationCents, prices.renewalCents, prices.transferCents, prices.restorationCents].every(
    (cents) => cents !== undefined,
  );

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomInt } from 'node:crypto';
import { Backorder, backorderOf, backordersDecider, backordersStream } from '../../domain/dns-domains/backorder';
import { backorderNumberDecider, backorderNumberStream } from '../../domain/dns-domains/backorder-number';
import { dropStatusOf, dropTimeProblemOf } from '../../domain/dns-domains/drop-list';
import { DomainError, NotFound, Refused } from '../../domain/shared/errors';
import { SecondLevelName } from '../../domain/shared/names';
import { Registry } from '../registry/registry.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { loadStream, transact, writeAfter } from '../shared/handle-command';
import { AccountNames } from './account-names';
import { assertContactsOf } from './contact.queries';

/** Backorder numbers are drawn at random below this (they fit a JSON number exactly) and taken once. */
const BACKORDER_NUMBERS = 2 ** 48;

/** One backorder asked for: the name, the contact to register it for, and the drop it waits for. */
export interface BackorderAsk {
  readonly name: SecondLevelName;
  readonly contactId: string;
  readonly availableAfter: number;
}

export type BackorderPlacement =
  | { readonly name: string; readonly success: true; readonly backorder: Backorder }
  | { readonly name: string; readonly success: false; readonly error: string };

/**
 * `svc_backorder_create`: a backorder per name the registry is deleting, for one of the account's contacts, at the
 * registration price the name will have (charged only if it is registered for the account). Each is placed or
 * refused on its own.
 */
export class PlaceBackorders extends Command<BackorderPlacement[]> {
  constructor(
    readonly accountId: string,
    readonly asks: readonly BackorderAsk[],
  ) {
    super();
  }
}

@CommandHandler(PlaceBackorders)
export class PlaceBackordersHandler implements ICommandHandler<PlaceBackorders> {
  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly names: AccountNames,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, asks }: PlaceBackorders): Promise<BackorderPlacement[]> {
    const placed: BackorderPlacement[] = [];
    for (const ask of asks) {
      try {
        placed.push({ name: ask.name.name, success: true, backorder: await this.place(accountId, ask) });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        placed.push({ name: ask.name.name, success: false, error: error.message });
      }
    }
    return placed;
  }

  private async place(accountId: string, { name, contactId, availableAfter }: BackorderAsk): Promise<Backorder> {
    await assertContactsOf(this.store, accountId, [contactId]);
    const info = await this.registry.info(name.name);
    if (!info || dropStatusOf(info.phase) === null) {
      throw new Refused('NOT_AVAILABLE', `${name.name} is not being deleted by the registry: see svc_expireds_list`);
    }
    const timeProblem = dropTimeProblemOf(availableAfter, info.purgesAt);
    if (timeProblem) throw new Refused('VALIDATION', timeProblem);
    const { offer, premiumCents } = await this.names.pricingOf(name);
    if (!offer?.canRegister || !offer.prices) throw new Refused('NOT_AVAILABLE', `.${name.tld} is not sold here`);
    const priceCents = premiumCents ?? offer.prices.registrationCents;
    const backorderId = randomInt(1, BACKORDER_NUMBERS);
    const at = this.clock.now();
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const number = await streams.load(backorderNumberStream(backorderId), backorderNumberDecider);
      const backorders = await streams.load(backordersStream(name.name), backordersDecider);
      const taken = backorderNumberDecider.decide(
        { type: 'TakeBackorderNumber', data: { backorderId, name: name.name, at } },
        number.state,
      );
      const data = {
        name: name.name,
        backorderId,
        accountId,
        contactId,
        availableAfter: info.purgesAt,
        priceCents,
        serviceFeeCents: 0,
        at,
      };
      const events = backordersDecider.decide({ type: 'PlaceBackorder', data }, backorders.state);
      const after = events.reduce(backordersDecider.evolve, backorders.state);
      return {
        writes: [writeAfter(number, taken), writeAfter(backorders, events)],
        result: backorderOf(after, backorderId)!,
      };
    });
    return result;
  }
}

export type BackorderCancellation =
  | { readonly backorderId: number; readonly success: true; readonly domain: string }
  | { readonly backorderId: number; readonly success: false; readonly error: string };

/** `svc_backorder_cancel`: the account's own pending backorders, by number; another's is told like none. */
export class CancelBackorders extends Command<BackorderCancellation[]> {
  constructor(
    readonly accountId: string,
    readonly backorderIds: readonly number[],
  ) {
    super();
  }
}

@CommandHandler(CancelBackorders)
export class CancelBackordersHandler implements ICommandHandler<CancelBackorders> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, backorderIds }: CancelBackorders): Promise<BackorderCancellation[]> {
    const results: BackorderCancellation[] = [];
    for (const backorderId of backorderIds) {
      try {
        const { state } = await loadStream(this.store, backorderNumberStream(backorderId), backorderNumberDecider);
        if (state.name === null) throw new NotFound('backorder', String(backorderId));
        const name = state.name;
        await transact(this.store, { accountId }, async (streams) => {
          const backorders = await streams.load(backordersStream(name), backordersDecider);
          const data = { name, backorderId, accountId, at: this.clock.now() };
          const events = backordersDecider.decide({ type: 'CancelBackorder', data }, backorders.state);
          return { writes: [writeAfter(backorders, events)], result: null };
        });
        results.push({ backorderId, success: true, domain: name });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ backorderId, success: false, error: error.message });
      }
    }
    return results;
  }
}

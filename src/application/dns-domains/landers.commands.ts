import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Lander, landerDecider, landerStream } from '../../domain/dns-domains/lander';
import { SecondLevelName } from '../../domain/shared/names';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';
import { AccountNames } from './account-names';

/** Keeps a landing page made for one of the account's names, replacing the one before. */
export class StoreLander extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly name: SecondLevelName,
    readonly page: { readonly jobId: string; readonly design: string; readonly html: string },
  ) {
    super();
  }
}

@CommandHandler(StoreLander)
export class StoreLanderHandler implements ICommandHandler<StoreLander> {
  constructor(
    private readonly store: EventStore,
    private readonly names: AccountNames,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, name, page }: StoreLander): Promise<void> {
    await this.names.get(accountId, name);
    await handleCommand(
      this.store,
      landerStream(name.name),
      landerDecider,
      { type: 'GenerateLander', data: { name: name.name, accountId, ...page, at: this.clock.now() } },
      { accountId },
    );
  }
}

/** Takes down the landing page of one of the account's names. */
export class TakeDownLander extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly name: SecondLevelName,
  ) {
    super();
  }
}

@CommandHandler(TakeDownLander)
export class TakeDownLanderHandler implements ICommandHandler<TakeDownLander> {
  constructor(
    private readonly store: EventStore,
    private readonly names: AccountNames,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, name }: TakeDownLander): Promise<void> {
    await this.names.get(accountId, name);
    await handleCommand(
      this.store,
      landerStream(name.name),
      landerDecider,
      { type: 'RemoveLander', data: { name: name.name, accountId, at: this.clock.now() } },
      { accountId },
    );
  }
}

/** The landing page of one of the account's names, if it has one. */
export class GetLander extends Query<Lander['page']> {
  constructor(
    readonly accountId: string,
    readonly name: SecondLevelName,
  ) {
    super();
  }
}

@QueryHandler(GetLander)
export class GetLanderHandler implements IQueryHandler<GetLander> {
  constructor(
    private readonly store: EventStore,
    private readonly names: AccountNames,
  ) {}

  async execute({ accountId, name }: GetLander): Promise<Lander['page']> {
    await this.names.get(accountId, name);
    return (await loadStream(this.store, landerStream(name.name), landerDecider)).state.page;
  }
}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { searchRecordDecider, searchStream } from '../../domain/analytics/search-record';
import { newId } from '../../domain/shared/ids';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';

/** Keeps a search in the history (`svc_domains_search`): the analytics count searches and what they led to. */
export class RecordSearch extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly queries: number,
    readonly candidates: number,
  ) {
    super();
  }
}

@CommandHandler(RecordSearch)
export class RecordSearchHandler implements ICommandHandler<RecordSearch> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, queries, candidates }: RecordSearch): Promise<void> {
    const searchId = newId('search');
    const data = { searchId, accountId, queries, candidates, at: this.clock.now() };
    await handleCommand(
      this.store,
      searchStream(searchId),
      searchRecordDecider,
      { type: 'RecordSearch', data },
      {
        accountId,
      },
    );
  }
}

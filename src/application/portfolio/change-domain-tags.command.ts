import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { domainTagsDecider, domainTagsStream, RegistryType } from '../../domain/portfolio/domain-tags';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';

/** The tags after the change. */
export interface TagsChanged {
  readonly tags: readonly string[];
}

/**
 * `svc_domain_tags_add` / `_remove` on one domain of the account's portfolio; the caller has found the domain in the
 * account's portfolio, and its registry type and holding travel with the command. Tags of a holding that ended
 * meanwhile are stored but shown by no portfolio: the next holding starts its own.
 */
export class ChangeDomainTags extends Command<TagsChanged> {
  constructor(
    readonly accountId: string,
    readonly registryType: RegistryType,
    readonly name: string,
    readonly holding: string,
    readonly change: 'add' | 'remove',
    readonly tags: readonly string[],
  ) {
    super();
  }
}

@CommandHandler(ChangeDomainTags)
export class ChangeDomainTagsHandler implements ICommandHandler<ChangeDomainTags> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, registryType, name, holding, change, tags }: ChangeDomainTags): Promise<TagsChanged> {
    const data = { accountId, registryType, name, holding, tags: [...tags], at: this.clock.now() };
    const command =
      change === 'add' ? ({ type: 'AddDomainTags', data } as const) : ({ type: 'RemoveDomainTags', data } as const);
    const stream = domainTagsStream(accountId, name, holding);
    const { state } = await handleCommand(this.store, stream, domainTagsDecider, command, { accountId });
    return { tags: state.tags };
  }
}

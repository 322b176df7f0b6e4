import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Contact, contactDecider, contactStream } from '../../domain/dns-domains/contact';
import { NotFound, Refused } from '../../domain/shared/errors';
import { isId } from '../../domain/shared/ids';
import { digestOf } from '../identity/secrets';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';

export type StoredContact = Extract<Contact, { status: 'CREATED' }>;

/** An account's contact, read from its stream (usable the moment it is created); undefined for another account's. */
export class GetResellerContact extends Query<StoredContact | undefined> {
  constructor(
    readonly accountId: string,
    readonly contactId: string,
  ) {
    super();
  }
}

@QueryHandler(GetResellerContact)
export class GetResellerContactHandler implements IQueryHandler<GetResellerContact> {
  constructor(private readonly store: EventStore) {}

  async execute({ accountId, contactId }: GetResellerContact): Promise<StoredContact | undefined> {
    const { state } = await loadStream(this.store, contactStream(contactId), contactDecider);
    return state.status === 'CREATED' && state.accountId === accountId ? state : undefined;
  }
}

/** Contacts named by id must be the account's; another account's is answered like one that does not exist. */
export const assertContactsOf = async (
  store: EventStore,
  accountId: string,
  contactIds: readonly string[],
): Promise<void> => {
  for (const contactId of new Set(contactIds)) {
    const { state } = await loadStream(store, contactStream(contactId), contactDecider);
    if (state.status !== 'CREATED' || state.accountId !== accountId) throw new NotFound('contact', contactId);
    if (state.disabledAt !== null) throw new Refused('BAD_REQUEST', `contact ${contactId} is disabled`);
  }
};

/** The operator takes a contact out of use (`domain-engine contacts disable`): no new domain may name it. */
export class DisableContact extends Command<void> {
  constructor(
    readonly contactId: string,
    readonly reason: string,
  ) {
    super();
  }
}

@CommandHandler(DisableContact)
export class DisableContactHandler implements ICommandHandler<DisableContact> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ contactId, reason }: DisableContact): Promise<void> {
    const command = { type: 'DisableContact', data: { contactId, reason, at: this.clock.now() } } as const;
    await handleCommand(this.store, contactStream(contactId), contactDecider, command);
  }
}

/** Opening the link of a verification mail: `<contact id>.<secret>`. */
export class VerifyResellerContact extends Command<void> {
  constructor(readonly token: string) {
    super();
  }
}

const TOKEN = /^(con_[0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

@CommandHandler(VerifyResellerContact)
export class VerifyResellerContactHandler implements ICommandHandler<VerifyResellerContact> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ token }: VerifyResellerContact): Promise<void> {
    const match = TOKEN.exec(token);
    if (!match || !isId('contact', match[1])) throw new Refused('NOT_FOUND', 'this verification link is not valid');
    await handleCommand(this.store, contactStream(match[1]), contactDecider, {
      type: 'VerifyContact',
      data: { contactId: match[1], verificationDigest: digestOf(match[2]), at: this.clock.now() },
    });
  }
}

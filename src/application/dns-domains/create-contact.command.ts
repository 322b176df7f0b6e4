import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { contactDecider, contactStream } from '../../domain/dns-domains/contact';
import { ContactDetails } from '../../domain/dns-domains/contact-rules';
import { ExistingOperation } from '../../domain/operations/operation';
import { newId } from '../../domain/shared/ids';
import { SecretBox } from '../identity/identity.ports';
import { digestOf, newOpaqueSecret } from '../identity/secrets';
import { operationRequestWrites } from '../operations/request-operation.command';
import { Clock } from '../shared/clock';
import { EventStore, StreamWrite } from '../shared/event-store.port';
import { StreamReader, transact, writeAfter } from '../shared/handle-command';

/** Every role a contact created on its own may take on a domain. */
const ALL_PURPOSES = ['OWNER', 'ADMIN', 'TECH', 'BILLING'] as const;

export interface CreatedContact {
  readonly contactId: string;
  readonly operation: ExistingOperation;
}

/**
 * `POST /contacts`: the contact is stored at once (usable in a registration straight away) and a `CONTACT_CREATE`
 * operation creates it at the registry; its verification mail goes out after the answer. A preview stores nothing
 * but itself.
 */
export class CreateResellerContact extends Command<CreatedContact> {
  constructor(
    readonly accountId: string,
    /** Normalized and checked by the caller; the decider checks them again. */
    readonly details: ContactDetails,
    readonly preview: boolean,
  ) {
    super();
  }
}

/**
 * The write that stores a new contact, with the secret of its verification link kept as a digest (and sealed for the
 * mail): for `POST /contacts` and for contacts given inline in a registration.
 */
export const newContactWrite = async (
  streams: StreamReader,
  box: SecretBox,
  contact: {
    readonly contactId: string;
    readonly accountId: string;
    readonly details: ContactDetails;
    readonly at: number;
  },
): Promise<StreamWrite> => {
  const secret = newOpaqueSecret();
  const loaded = await streams.load(contactStream(contact.contactId), contactDecider);
  const events = contactDecider.decide(
    {
      type: 'CreateContact',
      data: { ...contact, verificationDigest: digestOf(secret), sealedVerificationSecret: box.seal(secret) },
    },
    loaded.state,
  );
  return writeAfter(loaded, events);
};

@CommandHandler(CreateResellerContact)
export class CreateResellerContactHandler implements ICommandHandler<CreateResellerContact> {
  constructor(
    private readonly store: EventStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, details, preview }: CreateResellerContact): Promise<CreatedContact> {
    const contactId = newId('contact');
    const at = this.clock.now();
    const request = {
      operationId: keyedRequests.newOperationId(),
      accountId,
      surface: 'reseller' as const,
      type: 'CONTACT_CREATE',
      domain: null,
      preview,
      dependencies: [
        { id: newId('platformDependency'), type: 'CONTACT_CREATE', parameters: { purposes: ALL_PURPOSES, contactId } },
      ],
    };
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const requested = await operationRequestWrites(streams, request, at);
      if (preview) return { writes: requested.writes, result: requested.state };
      const contact = await newContactWrite(streams, this.box, { contactId, accountId, details, at });
      return { writes: [...requested.writes, contact], result: requested.state };
    });
    return { contactId, operation: result };
  }
}

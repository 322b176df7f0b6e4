import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { credentialDecider, credentialStream } from '../../domain/identity/credential';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';
import { Authenticator } from './authenticator';

/**
 * Revokes a key; from the next request on it authenticates nothing in this process, and in other processes once the
 * revocation's append is notified to them (they follow the store for it). Callers find the key's digest by its id in
 * the credential list (`GetCredential`).
 */
export class RevokeCredential extends Command<void> {
  constructor(
    readonly credentialId: string,
    readonly secretDigest: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeCredential)
export class RevokeCredentialHandler implements ICommandHandler<RevokeCredential> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly authenticator: Authenticator,
  ) {}

  async execute({ credentialId, secretDigest }: RevokeCredential): Promise<void> {
    await handleCommand(this.store, credentialStream(secretDigest), credentialDecider, {
      type: 'RevokeCredential',
      data: { credentialId, at: this.clock.now() },
    });
    this.authenticator.forget(secretDigest);
  }
}

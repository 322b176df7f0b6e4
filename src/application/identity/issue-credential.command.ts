import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { accountDecider, accountStream } from '../../domain/identity/account';
import { credentialDecider, CredentialKind, credentialStream } from '../../domain/identity/credential';
import { AGENT_SCOPES } from '../../domain/identity/scopes';
import { IllegalTransition, NotFound } from '../../domain/shared/errors';
import { newId } from '../../domain/shared/ids';
import { Clock } from '../shared/clock';
import { CommandContext } from '../shared/command-context';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';
import { TokenSigner } from './identity.ports';
import { digestOf, displayPrefix, newAgentKey, newOperatorKey, newResolutionKey } from './secrets';

export interface IssuedCredential {
  readonly credentialId: string;
  readonly accountId: string;
  readonly kind: CredentialKind;
  /** Shown once: only its digest is kept. */
  readonly secret: string;
  readonly prefix: string;
  readonly scopes: readonly string[];
}

/**
 * Issues a key for an account: an agent API key (users only; all surface-A scopes unless narrower), a resolution key
 * (any account), a partner access key (a JWT naming the partner and its profile; partners only), or an operator key
 * (operators only).
 */
export class IssueCredential extends Command<IssuedCredential> {
  constructor(
    readonly accountId: string,
    readonly kind: CredentialKind,
    readonly scopes: readonly string[] = [],
    readonly context: CommandContext = {},
  ) {
    super();
  }
}

@CommandHandler(IssueCredential)
export class IssueCredentialHandler implements ICommandHandler<IssueCredential> {
  constructor(
    private readonly store: EventStore,
    private readonly signer: TokenSigner,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, kind, scopes, context }: IssueCredential): Promise<IssuedCredential> {
    const { state: account } = await loadStream(this.store, accountStream(accountId), accountDecider);
    if (account.status === 'NONE') throw new NotFound('account', accountId);
    const credentialId = newId('credential');
    const granted = kind === 'agent_key' ? (scopes.length > 0 ? [...scopes] : [...AGENT_SCOPES]) : [];
    let secret: string;
    switch (kind) {
      case 'agent_key':
        // agents act on a user's portfolio and cart; partners have their own surfaces
        if (account.kind !== 'user') throw new IllegalTransition('agent API keys are for user accounts');
        secret = newAgentKey();
        break;
      case 'resolution_key':
        secret = newResolutionKey();
        break;
      case 'operator_key':
        // an operator key reads every account's history: only an operator account holds one
        if (account.kind !== 'operator') throw new IllegalTransition('operator keys are for operator accounts');
        secret = newOperatorKey();
        break;
      case 'partner_key':
        if (account.kind !== 'partner') throw new IllegalTransition('partner access keys are for partner accounts');
        secret = await this.signer.sign(
          { sub: accountId, jti: credentialId, token_use: 'partner', profile: account.profile },
          null,
        );
        break;
    }
    const secretDigest = digestOf(secret);
    await handleCommand(
      this.store,
      credentialStream(secretDigest),
      credentialDecider,
      {
        type: 'IssueCredential',
        data: {
          credentialId,
          secretDigest,
          accountId,
          kind,
          prefix: displayPrefix(secret),
          scopes: granted,
          at: this.clock.now(),
        },
      },
      { accountId, ...context },
    );
    return { credentialId, accountId, kind, secret, prefix: displayPrefix(secret), scopes: granted };
  }
}

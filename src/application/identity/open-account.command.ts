import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { accountDecider, accountStream, PartnerProfile } from '../../domain/identity/account';
import { emailDecider, emailStream } from '../../domain/identity/email-registry';
import { normalizeEmail } from '../../domain/identity/signup-rules';
import { newId } from '../../domain/shared/ids';
import { Clock } from '../shared/clock';
import { CommandContext } from '../shared/command-context';
import { EventStore, StreamWrite } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { PasswordHasher } from './identity.ports';

export type AccountRequest =
  | { readonly kind: 'partner'; readonly profile: PartnerProfile; readonly name: string }
  | { readonly kind: 'operator'; readonly name: string }
  | { readonly kind: 'user'; readonly name: string; readonly email: string; readonly password: string };

/**
 * Opens an account from the CLI or the demo seed: partners and operators (users normally arrive through the signup of
 * surface B).
 */
export class OpenAccount extends Command<{ accountId: string }> {
  constructor(
    readonly request: AccountRequest,
    readonly context: CommandContext = {},
  ) {
    super();
  }
}

@CommandHandler(OpenAccount)
export class OpenAccountHandler implements ICommandHandler<OpenAccount> {
  constructor(
    private readonly store: EventStore,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute({ request, context }: OpenAccount): Promise<{ accountId: string }> {
    const accountId = newId('account');
    const at = this.clock.now();
    const email = request.kind === 'user' ? normalizeEmail(request.email) : null;
    const passwordHash = request.kind === 'user' ? await this.passwords.hash(request.password) : null;
    const profile = request.kind === 'partner' ? request.profile : null;
    await transact(this.store, { accountId, ...context }, async (streams) => {
      const account = await streams.load(accountStream(accountId), accountDecider);
      const writes: StreamWrite[] = [
        writeAfter(
          account,
          accountDecider.decide(
            {
              type: 'OpenAccount',
              data: { accountId, kind: request.kind, profile, name: request.name, email, passwordHash, at },
            },
            account.state,
          ),
        ),
      ];
      if (email) {
        const registration = await streams.load(emailStream(email), emailDecider);
        writes.push(
          writeAfter(
            registration,
            emailDecider.decide({ type: 'ClaimEmail', data: { email, accountId, at } }, registration.state),
          ),
        );
      }
      return { writes, result: undefined };
    });
    return { accountId };
  }
}

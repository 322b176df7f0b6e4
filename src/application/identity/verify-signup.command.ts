import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { accountDecider, accountStream } from '../../domain/identity/account';
import { emailDecider, emailStream } from '../../domain/identity/email-registry';
import { refreshFamilyDecider, refreshFamilyStream } from '../../domain/identity/refresh-family';
import { AGENT_SCOPES } from '../../domain/identity/scopes';
import { signupDecider, signupStream } from '../../domain/identity/signup-session';
import { InvalidGrant } from '../../domain/shared/errors';
import { newId } from '../../domain/shared/ids';
import { Clock } from '../shared/clock';
import { EventStore, StreamWrite } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { SecretBox } from './identity.ports';
import { OAuthTokens, TokenResponse } from './oauth-tokens';
import { digestOf } from './secrets';

type Verification = { verified: false; closed: boolean } | { verified: true; refreshToken: string; familyId: string };

/**
 * Checks the emailed code. The right one opens the account, claims its address and starts its refresh-token family,
 * all in one append; a wrong one counts against the session, which closes at the fifth.
 */
export class VerifySignup extends Command<TokenResponse> {
  constructor(
    readonly sessionToken: string,
    readonly code: string,
  ) {
    super();
  }
}

@CommandHandler(VerifySignup)
export class VerifySignupHandler implements ICommandHandler<VerifySignup> {
  constructor(
    private readonly store: EventStore,
    private readonly box: SecretBox,
    private readonly tokens: OAuthTokens,
    private readonly clock: Clock,
  ) {}

  async execute({ sessionToken, code }: VerifySignup): Promise<TokenResponse> {
    const accountId = newId('account');
    const scope = AGENT_SCOPES.join(' ');
    const at = this.clock.now();
    const { result } = await transact<Verification>(this.store, { accountId }, async (streams) => {
      const session = await streams.load(signupStream(digestOf(sessionToken)), signupDecider);
      const events = signupDecider.decide(
        { type: 'VerifySignup', data: { codeDigest: this.box.keyedDigest(code.toUpperCase()), accountId, at } },
        session.state,
      );
      const writes: StreamWrite[] = [writeAfter(session, events)];
      if (!events.some((event) => event.type === 'SignupVerified') || session.state.status === 'NONE') {
        return {
          writes,
          result: { verified: false, closed: events.some((event) => event.type === 'SignupSessionClosed') },
        };
      }
      const { email, passwordHash } = session.state;
      const account = await streams.load(accountStream(accountId), accountDecider);
      writes.push(
        writeAfter(
          account,
          accountDecider.decide(
            {
              type: 'OpenAccount',
              data: { accountId, kind: 'user', profile: null, name: email, email, passwordHash, at },
            },
            account.state,
          ),
        ),
      );
      const registration = await streams.load(emailStream(email), emailDecider);
      writes.push(
        writeAfter(
          registration,
          emailDecider.decide({ type: 'ClaimEmail', data: { email, accountId, at } }, registration.state),
        ),
      );
      const { started, refreshToken } = this.tokens.startFamily(accountId, scope, at);
      const family = await streams.load(refreshFamilyStream(started.familyId), refreshFamilyDecider);
      writes.push(
        writeAfter(family, refreshFamilyDecider.decide({ type: 'StartRefreshFamily', data: started }, family.state)),
      );
      return { writes, result: { verified: true, refreshToken, familyId: started.familyId } };
    });
    if (!result.verified) {
      throw new InvalidGrant(
        result.closed ? 'too many wrong codes: sign up again' : 'the verification code is not valid',
      );
    }
    return this.tokens.response(accountId, scope, result.familyId, result.refreshToken);
  }
}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { emailDecider, emailStream } from '../../domain/identity/email-registry';
import { signupDecider, signupStream } from '../../domain/identity/signup-session';
import { normalizeEmail } from '../../domain/identity/signup-rules';
import { RateLimited } from '../../domain/shared/errors';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';
import { IdentitySettings, SIGNUP_SESSION_SECONDS } from './identity-settings';
import { PasswordHasher, RateLimiter, SecretBox } from './identity.ports';
import { digestOf, newOpaqueSecret, newSignupCode } from './secrets';

export interface SignupStarted {
  readonly signup_session_token: string;
  readonly expires_in: number;
}

/**
 * Starts a signup. A new address and a taken one go down the same path (hash the password, draw a code, store a
 * session, answer) so that neither the answer nor its timing tells them apart; the mailer, running afterwards,
 * sends the code to a new address and a warning to a taken one.
 */
export class SignUp extends Command<SignupStarted> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}

@CommandHandler(SignUp)
export class SignUpHandler implements ICommandHandler<SignUp> {
  constructor(
    private readonly store: EventStore,
    private readonly passwords: PasswordHasher,
    private readonly box: SecretBox,
    private readonly limiter: RateLimiter,
    private readonly settings: IdentitySettings,
    private readonly clock: Clock,
  ) {}

  async execute({ email: given, password }: SignUp): Promise<SignupStarted> {
    const email = normalizeEmail(given);
    await this.limit(`signup:email:${this.box.keyedDigest(email)}`, this.settings.signupLimitPerEmail);
    const registration = await loadStream(this.store, emailStream(email), emailDecider);
    const passwordHash = await this.passwords.hash(password);
    const code = newSignupCode();
    const token = newOpaqueSecret();
    const at = this.clock.now();
    await handleCommand(this.store, signupStream(digestOf(token)), signupDecider, {
      type: 'RequestSignup',
      data: {
        sessionId: digestOf(token),
        email,
        emailTaken: registration.state.accountId !== null,
        passwordHash,
        codeDigest: this.box.keyedDigest(code),
        sealedCode: this.box.seal(code),
        expiresAt: at + SIGNUP_SESSION_SECONDS * 1000,
        at,
      },
    });
    return { signup_session_token: token, expires_in: SIGNUP_SESSION_SECONDS };
  }

  private async limit(bucket: string, limit: number): Promise<void> {
    const decision = await this.limiter.hit(bucket, limit, this.settings.rateWindowSeconds);
    if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
  }
}

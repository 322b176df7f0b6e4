import { CredentialRateLimits } from './credential-rate-limits';
import { EnterAccountHandler } from './account-entry.command';
import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { Authenticator } from './authenticator';
import { IssueCredentialHandler } from './issue-credential.command';
import { OAuthTokens } from './oauth-tokens';
import { OpenAccountHandler } from './open-account.command';
import { RefreshAccessTokenHandler, RevokeRefreshTokenHandler } from './refresh-token.commands';
import { RevokeCredentialHandler } from './revoke-credential.command';
import { SignUpHandler } from './sign-up.command';
import { SignupMailer } from './signup-mailer.reactor';
import { VerifySignupHandler } from './verify-signup.command';

/** Accounts, credentials and signup; the adapters it uses come from IdentityAdaptersModule. */
@Module({
  providers: [
    Authenticator,
    CredentialRateLimits,
    OAuthTokens,
    SignupMailer,
    OpenAccountHandler,
    IssueCredentialHandler,
    RevokeCredentialHandler,
    SignUpHandler,
    VerifySignupHandler,
    RefreshAccessTokenHandler,
    RevokeRefreshTokenHandler,
    EnterAccountHandler,
  ],
  exports: [Authenticator, CredentialRateLimits],
})
export class IdentityModule implements OnModuleInit {
  constructor(
    private readonly registry: ConsumerRegistry,
    private readonly mailer: SignupMailer,
  ) {}

  onModuleInit(): void {
    this.registry.addReactor(this.mailer);
  }
}

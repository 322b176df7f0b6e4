import { join } from 'node:path';
import { Global, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import {
  CredentialBuckets,
  PasswordHasher,
  RateLimiter,
  SecretBox,
  TokenSigner,
} from '../../application/identity/identity.ports';
import { Clock } from '../../application/shared/clock';
import { Mailer } from '../../application/shared/mailer.port';
import { AppConfig } from '../config/config';
import { issuerOf } from '../config/settings.module';
import { MailboxDirectoryMailer } from '../mail/mailbox-directory-mailer';
import { SmtpMailer } from '../mail/smtp-mailer';
import { PostgresCredentialBuckets } from '../postgres/postgres-credential-buckets';
import { PostgresRateLimiter } from '../postgres/postgres-rate-limiter';
import { AesSecretBox, loadSecretKey } from '../secrets/aes-secret-box';
import { Argon2PasswordHasher } from '../secrets/argon2-password-hasher';
import { JoseTokenSigner } from '../tokens/jose-token-signer';

const mailerFor = (config: AppConfig): Mailer => {
  const { smtpUrl, mailFrom, dataDir } = config.values;
  if (smtpUrl) return new SmtpMailer(smtpUrl, mailFrom);
  const log = new Logger('Mailbox');
  return new MailboxDirectoryMailer(join(dataDir, 'mail'), mailFrom, { info: (message) => log.log(message) });
};

/** Closes the SMTP connection pool with the application. */
class MailerShutdown implements OnApplicationShutdown {
  constructor(private readonly mailer: Mailer) {}
  onApplicationShutdown(): void {
    if (this.mailer instanceof SmtpMailer) this.mailer.close();
  }
}

/** The adapters behind the identity ports, chosen by configuration. */
@Global()
@Module({
  providers: [
    {
      provide: SecretBox,
      useFactory: (config: AppConfig) =>
        new AesSecretBox(loadSecretKey(config.values.secretsKey, join(config.values.dataDir, 'secrets.key'))),
      inject: [AppConfig],
    },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    {
      provide: TokenSigner,
      useFactory: (pool: Pool, box: SecretBox, config: AppConfig) => new JoseTokenSigner(pool, box, issuerOf(config)),
      inject: [Pool, SecretBox, AppConfig],
    },
    {
      provide: CredentialBuckets,
      useFactory: (pool: Pool, clock: Clock) => new PostgresCredentialBuckets(pool, clock),
      inject: [Pool, Clock],
    },
    {
      provide: RateLimiter,
      useFactory: (pool: Pool, clock: Clock) => new PostgresRateLimiter(pool, clock),
      inject: [Pool, Clock],
    },
    { provide: Mailer, useFactory: mailerFor, inject: [AppConfig] },
    { provide: MailerShutdown, useFactory: (mailer: Mailer) => new MailerShutdown(mailer), inject: [Mailer] },
  ],
  exports: [SecretBox, PasswordHasher, TokenSigner, RateLimiter, CredentialBuckets, Mailer],
})
export class IdentityAdaptersModule {}

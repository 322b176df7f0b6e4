import { Global, Module } from '@nestjs/common';
import { Pool } from 'pg';
import Stripe from 'stripe';
import { CardProcessor } from '../../application/commerce/card-processor.port';
import { Clock } from '../../application/shared/clock';
import { AppConfig } from '../config/config';
import { SandboxCardProcessor } from './sandbox-card-processor';
import { StripeCardProcessor } from './stripe-card-processor';

/** Stripe's client, on `STRIPE_API_URL` when it is set. */
const stripeClient = (secretKey: string, apiUrl: string | undefined): Stripe => {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
  return new Stripe(secretKey, { host: url.hostname, port, protocol, maxNetworkRetries: 2 });
};

/**
 * The card processor checkout charges: Stripe when `STRIPE_SECRET_KEY` is set, else the embedded sandbox (Stripe's
 * test mode for its test cards, kept in PostgreSQL). Nothing else changes with the choice.
 */
@Global()
@Module({
  providers: [
    {
      provide: CardProcessor,
      useFactory: (pool: Pool, clock: Clock, { values }: AppConfig): CardProcessor =>
        values.stripeSecretKey
          ? new StripeCardProcessor(
              stripeClient(values.stripeSecretKey, values.stripeApiUrl),
              values.stripeSecretKey,
              pool,
              values.stripeWebhookSecret,
            )
          : new SandboxCardProcessor(pool, clock),
      inject: [Pool, Clock, AppConfig],
    },
  ],
  exports: [CardProcessor],
})
export class PaymentsModule {}

import { Global, Module } from '@nestjs/common';
import { Pool } from 'pg';
import { CardProcessor } from '../../application/commerce/card-processor.port';
import { Clock } from '../../application/shared/clock';
import { SandboxCardProcessor } from './sandbox-card-processor';

/**
 * The card processor checkout charges: the embedded sandbox (Stripe's test mode for its test cards, kept in
 * PostgreSQL). A Stripe adapter is chosen here by configuration; nothing else changes.
 */
@Global()
@Module({
  providers: [
    {
      provide: CardProcessor,
      useFactory: (pool: Pool, clock: Clock) => new SandboxCardProcessor(pool, clock),
      inject: [Pool, Clock],
    },
  ],
  exports: [CardProcessor],
})
export class PaymentsModule {}

import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { billingBalances, billingTransactions } from './billing.projection';
import { GetBillingBalanceHandler, ListBillingTransactionsHandler } from './billing.queries';

/** Running balances and billing transactions, and their queries. */
@Module({ providers: [GetBillingBalanceHandler, ListBillingTransactionsHandler] })
export class BillingModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(billingTransactions);
    this.registry.addProjection(billingBalances);
  }
}

import { Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AutoRenewals } from '../../application/commerce/auto-renewals';
import { BackorderRegistrations } from '../../application/commerce/backorder-registrations';
import { CommerceModule } from '../../application/commerce/commerce.module';
import { CommerceSettings } from '../../application/commerce/commerce-settings';
import { LeasePayments } from '../../application/marketplace/lease-payments';
import { MarketplaceModule } from '../../application/marketplace/marketplace.module';
import { MarketplaceSettings } from '../../application/marketplace/marketplace-settings';
import { acting } from '../../application/shared/acting';
import { Runtime } from '../runtime';

/**
 * Work the registry's time brings due on its own, looked for every so often in the processes that run workers:
 * auto-renewals and backordered names' drops (`AUTO_RENEWAL_CHECK_MS`) and lease payments
 * (`MARKETPLACE_LEASE_CHECK_MS`). A look still running when the next is due is not doubled; every worker may look,
 * since each due thing is done once (its own streams and idempotency keys say so).
 */
@Injectable()
export class ClockTimers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(ClockTimers.name);
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly runtime: Runtime,
    private readonly renewals: AutoRenewals,
    private readonly backorders: BackorderRegistrations,
    private readonly leases: LeasePayments,
    private readonly commerce: CommerceSettings,
    private readonly marketplace: MarketplaceSettings,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.runtime.runsWorkers || this.runtime.command) return;
    this.every('due auto-renewals', this.commerce.renewalCheckMs, () => this.renewals.runDue());
    // a name drops on the registry's clock like a renewal comes due: looked for as often
    this.every('dropped backordered names', this.commerce.renewalCheckMs, () => this.backorders.runDue());
    this.every('due lease payments', this.marketplace.leaseCheckMs, () => this.leases.runDue());
  }

  onApplicationShutdown(): void {
    this.timers.forEach((timer) => clearInterval(timer));
  }

  private every(what: string, periodMs: number, look: () => Promise<void>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      acting
        .as(`timer:${what}`, look)
        .catch((error: unknown) => this.log.error(`looking for ${what}`, error))
        .finally(() => (running = false));
    }, periodMs);
    timer.unref();
    this.timers.push(timer);
  }
}

@Module({ imports: [CommerceModule, MarketplaceModule], providers: [ClockTimers] })
export class ClockTimersModule {}

import { Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AutoRenewals } from '../../application/commerce/auto-renewals';
import { CommerceModule } from '../../application/commerce/commerce.module';
import { CommerceSettings } from '../../application/commerce/commerce-settings';
import { Runtime } from '../runtime';

/**
 * Looks for due auto-renewals every `AUTO_RENEWAL_CHECK_MS` in the processes that run workers, as the registry's
 * time passes on its own; looks overlapping are skipped. Every worker may look: a due renewal is ordered once
 * (`AutoRenewals`).
 */
@Injectable()
export class AutoRenewalTimer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(AutoRenewalTimer.name);
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly runtime: Runtime,
    private readonly renewals: AutoRenewals,
    private readonly settings: CommerceSettings,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.runtime.runsWorkers || this.runtime.command) return;
    this.timer = setInterval(() => void this.look(), this.settings.renewalCheckMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async look(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.renewals.runDue();
    } catch (error) {
      this.log.error('looking for due auto-renewals', error);
    } finally {
      this.running = false;
    }
  }
}

@Module({ imports: [CommerceModule], providers: [AutoRenewalTimer] })
export class AutoRenewalTimerModule {}

import { Injectable } from '@nestjs/common';
import { RegistryClockAdvanced } from '../../domain/registry/registry-clock';
import { StoredEvent } from '../shared/event-store.port';
import { Reactor } from '../shared/projection';
import { AutoRenewals } from './auto-renewals';

/**
 * Looks for due auto-renewals whenever the sandbox registry's clock is moved (the operator's or a test's `registry
 * clock advance`): the expiries it brings near are renewed at once, not at the next periodic look.
 */
@Injectable()
export class AutoRenewalTrigger implements Reactor<RegistryClockAdvanced> {
  readonly name = 'auto-renewal-trigger';
  readonly handles = ['RegistryClockAdvanced'] as const;
  // the runner reads the auto-renewals' read model: it must show every one turned on before the clock moved
  readonly afterReadModels = true;

  constructor(private readonly renewals: AutoRenewals) {}

  async react(events: readonly StoredEvent<RegistryClockAdvanced>[]): Promise<void> {
    if (events.length > 0) await this.renewals.runDue();
  }
}

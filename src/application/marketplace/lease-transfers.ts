import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { orderDecider, orderStream } from '../../domain/commerce/order';
import { LeaseCompleted, LeaseDefaulted, marketLeaseDecider, marketLeaseStream } from '../../domain/marketplace/lease';
import { RegistryClockAdvanced } from '../../domain/registry/registry-clock';
import { orderIdOfLease } from '../../domain/marketplace/sale-settlement';
import { Registry } from '../registry/registry.port';
import { EventStore, StoredEvent } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { keyedOperationId, keyedRequests } from '../shared/idempotency';
import { operationStream } from '../../domain/operations/operation';
import { operationDecider } from '../../domain/operations/operation.decider';
import { Reactor } from '../shared/projection';
import { LeasePayments } from './lease-payments';
import { StartMarketTransfer } from './market-transfer.command';

/**
 * A lease's end at the registry: paid up, the lessee becomes the name's registrant; defaulted, the seller's registrant
 * runs the name again (admin and tech contacts back to it) and the name goes back to the seller's portfolio. Each
 * end is one operation, its id made from the lease, however often this runs.
 */
@Injectable()
export class LeaseTransfers implements Reactor<LeaseCompleted | LeaseDefaulted> {
  readonly name = 'market-lease-transfers';
  readonly handles = ['LeaseCompleted', 'LeaseDefaulted'] as const;

  constructor(
    private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly registry: Registry,
  ) {}

  async react(events: readonly StoredEvent<LeaseCompleted | LeaseDefaulted>[]): Promise<void> {
    for (const event of events) await this.end(event.data.leaseId, event.type === 'LeaseCompleted');
  }

  private async end(leaseId: string, paidUp: boolean): Promise<void> {
    const { state: lease } = await loadStream(this.store, marketLeaseStream(leaseId), marketLeaseDecider);
    if (lease.status === 'NONE') return;
    const { name, buyerAccountId, sellerAccountId } = lease;
    const scope = { accountId: paidUp ? buyerAccountId : sellerAccountId, key: `lease-end:${leaseId}` };
    // told again (a redelivered event): the operation with the lease's key is its end already
    const started = await loadStream(this.store, operationStream(keyedOperationId(scope)), operationDecider);
    if (started.state.status !== 'NONE') return;
    const request = paidUp
      ? {
          kind: 'LEASE_COMPLETION' as const,
          accountId: buyerAccountId,
          contacts: await this.lesseeContactsOf(leaseId),
        }
      : {
          kind: 'LEASE_DEFAULT' as const,
          accountId: sellerAccountId,
          contacts: await this.registrantContactsOf(name),
        };
    await keyedRequests.run(scope, () =>
      this.commands.execute(new StartMarketTransfer({ ...request, name, holderAccountId: buyerAccountId, leaseId })),
    );
  }

  /** The lessee's contact (the one its order named) as the name's every contact. */
  private async lesseeContactsOf(leaseId: string) {
    const { state: order } = await loadStream(this.store, orderStream(orderIdOfLease(leaseId)), orderDecider);
    const contactId = order.status === 'NONE' ? null : order.placed.contactId;
    const contact = { id: contactId! }; // a lease is bought with a registrant contact
    return { owner: contact, admin: contact, tech: contact, billing: contact };
  }

  /** The registrant (the seller's contact, unchanged through the lease) as admin and tech contact again. */
  private async registrantContactsOf(name: string) {
    const info = await this.registry.info(name);
    const registrant = { id: info!.contacts!.registrant };
    return { admin: registrant, tech: registrant };
  }
}

/** Takes the lease payments a move of the sandbox registry's clock brought due, at once. */
@Injectable()
export class LeasePaymentTrigger implements Reactor<RegistryClockAdvanced> {
  readonly name = 'market-lease-payment-trigger';
  readonly handles = ['RegistryClockAdvanced'] as const;
  // the runner reads the leases' read model: it must show every lease started before the clock moved
  readonly afterReadModels = true;

  constructor(private readonly payments: LeasePayments) {}

  async react(events: readonly StoredEvent<RegistryClockAdvanced>[]): Promise<void> {
    if (events.length > 0) await this.payments.runDue();
  }
}

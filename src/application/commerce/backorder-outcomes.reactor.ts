import { Injectable } from '@nestjs/common';
import { backordersDecider, backordersStream, runningOf } from '../../domain/dns-domains/backorder';
import { OrderEvent, orderDecider, orderStream, placedOf } from '../../domain/commerce/order';
import { RegistryClockAdvanced } from '../../domain/registry/registry-clock';
import { Clock } from '../shared/clock';
import { EventStore, StoredEvent } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';
import { Reactor } from '../shared/projection';
import { backorderOrderIdOf, BackorderRegistrations } from './backorder-registrations';

/**
 * Ends a won backorder as its order ends: the name delivered, it succeeded and the others lost; the card declined or
 * the registration refused, it failed and the next in line wins (and is ordered at once).
 */
@Injectable()
export class BackorderOutcomes implements Reactor<OrderEvent> {
  readonly name = 'backorder-outcomes';
  readonly handles = ['OrderPaymentFailed', 'OrderLineFailed', 'OrderLineDelivered'] as const;

  constructor(
    private readonly store: EventStore,
    private readonly registrations: BackorderRegistrations,
    private readonly clock: Clock,
  ) {}

  async react(events: readonly StoredEvent<OrderEvent>[]): Promise<void> {
    for (const event of events) {
      const { state } = await loadStream(this.store, orderStream(event.data.orderId), orderDecider);
      if (state.status === 'NONE') continue;
      const [{ line }] = placedOf(state).lines;
      const { state: backorders } = await loadStream(this.store, backordersStream(line.domain), backordersDecider);
      const running = runningOf(backorders);
      // an order of a backorder's is named after it: any other order is not a backorder's business
      if (!running || backorderOrderIdOf(line.domain, running.backorderId) !== event.data.orderId) continue;
      const name = line.domain;
      if (event.type === 'OrderLineDelivered') {
        await handleCommand(this.store, backordersStream(name), backordersDecider, {
          type: 'RecordBackorderOutcome',
          data: { name, backorderId: running.backorderId, outcome: 'SUCCEEDED', at: this.clock.now() },
        });
        continue;
      }
      if (event.type !== 'OrderPaymentFailed' && event.type !== 'OrderLineFailed') continue;
      const failure =
        event.type === 'OrderPaymentFailed'
          ? { reason: 'PAYMENT' as const, message: `the card was declined (${event.data.reason})` }
          : { reason: 'OTHER' as const, message: `the registration failed: ${event.data.reason}` };
      await this.registrations.recordFailure(name, running.backorderId, failure.reason, failure.message);
      await this.registrations.registerWinner(name);
    }
  }
}

/**
 * Releases the backordered names whenever the sandbox registry's clock is moved: the purges it brings are taken at
 * once, not at the next periodic look.
 */
@Injectable()
export class BackorderReleaseTrigger implements Reactor<RegistryClockAdvanced> {
  readonly name = 'backorder-release-trigger';
  readonly handles = ['RegistryClockAdvanced'] as const;
  // the runner reads the drop list: it must show every backorder placed before the clock moved
  readonly afterReadModels = true;

  constructor(private readonly registrations: BackorderRegistrations) {}

  async react(events: readonly StoredEvent<RegistryClockAdvanced>[]): Promise<void> {
    if (events.length > 0) await this.registrations.runDue();
  }
}

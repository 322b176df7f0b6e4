import { InMemoryEventStore } from '../../infrastructure/memory/in-memory-event-store';
import { orderLine, orderPlaced } from '../../../test/support/order-events';
import { orderStream } from '../../domain/commerce/order';
import { Clock } from '../shared/clock';
import { EventStore, StoredEvent } from '../shared/event-store.port';
import { CardProcessor } from './card-processor.port';
import { OrderPayments } from './order-payments';

const meta = { commandId: 'c', correlationId: 'c', causationId: 'c', accountId: null };
const clock: Clock = { now: () => Date.UTC(2026, 10, 27) } as Clock;

/** A store on which, right after the webhook's first read of the order, the checkout records its card declined. */
class DeclinedMeanwhile extends InMemoryEventStore {
  private raced = false;
  override async readStream(streamId: string, afterVersion?: number): Promise<StoredEvent[]> {
    const events = await super.readStream(streamId, afterVersion);
    if (!this.raced && streamId === orderStream('ord-1')) {
      this.raced = true;
      await this.append(
        [
          {
            streamId,
            expectedVersion: 'any',
            events: [
              { type: 'OrderPaymentFailed', data: { orderId: 'ord-1', reason: 'authentication_required', at: 1 } },
            ],
          },
        ],
        { ...meta, commandId: 'checkout-declined' },
      );
    }
    return events;
  }
}

const refundsOn = () => {
  const refunds: unknown[] = [];
  const processor = { refund: async (request: unknown) => void refunds.push(request) } as unknown as CardProcessor;
  return { refunds, processor };
};

const placedOn = async (store: EventStore) =>
  store.append(
    [{ streamId: orderStream('ord-1'), expectedVersion: 'no_stream', events: [orderPlaced([orderLine(1)])] }],
    meta,
  );

describe('OrderPayments.processorEvent', () => {
  it('given the checkout declined the order while a success webhook was read, when recorded, then the payment is refunded', async () => {
    const store = new DeclinedMeanwhile();
    await placedOn(store);
    const { refunds, processor } = refundsOn();
    await new OrderPayments(store, processor, clock).processorEvent({
      kind: 'PAYMENT_SUCCEEDED',
      paymentId: 'pi_late',
      orderId: 'ord-1',
    });
    expect(refunds).toEqual([{ idempotencyKey: 'ord-1:late-payment', paymentId: 'pi_late', amountCents: 1000 }]);
  });

  it('given an order still awaiting payment, when its success arrives, then it is paid and nothing is refunded', async () => {
    const store = new InMemoryEventStore();
    await placedOn(store);
    const { refunds, processor } = refundsOn();
    await new OrderPayments(store, processor, clock).processorEvent({
      kind: 'PAYMENT_SUCCEEDED',
      paymentId: 'pi_1',
      orderId: 'ord-1',
    });
    expect(refunds).toEqual([]);
    expect((await store.readStream(orderStream('ord-1'))).map((event) => event.type)).toContain('OrderPaid');
  });
});

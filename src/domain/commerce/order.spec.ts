// Equivalent mutant: `isOrderSettled` without its `status === 'PAID'` test: an order awaiting payment has every
// line waiting, which no line of a settled order is.
import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import {
  lineStarted,
  ORDER_AT as at,
  orderLine,
  orderPaid,
  orderPlaced,
  placedData,
} from '../../../test/support/order-events';
import { fold } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { isOrderSettled, OrderEvent, orderDecider, orderNumberOf, orderStream, placedOf, SettleLine } from './order';

const given = deciderSpec(orderDecider);
const lines = [orderLine(1), orderLine(2, { cardCents: 0, balanceCents: 1000 })];
const placed = orderPlaced(lines);
const paid = [placed, orderPaid()];
const settle = (productId: number, operationId: string | null, outcome: SettleLine['data']['outcome']): SettleLine => ({
  type: 'SettleLine',
  data: { orderId: 'ord-1', productId, operationId, outcome, at },
});
const failed = (productId: number, operationId: string | null, reason = 'taken'): OrderEvent => ({
  type: 'OrderLineFailed',
  data: { orderId: 'ord-1', productId, operationId, reason, refundId: `ord-1:${productId}`, at },
});
const delivered = (productId: number, operationId = `op-${productId}`): OrderEvent => ({
  type: 'OrderLineDelivered',
  data: { orderId: 'ord-1', productId, operationId, at },
});
const refunded = (productId: number): OrderEvent => ({
  type: 'OrderLineCardRefunded',
  data: { orderId: 'ord-1', productId, processorRefundId: 're_1', at },
});
const illegal = (message: string) => ({ code: 'ILLEGAL_TRANSITION' as const, message: exactly(message) });

describe('an order', () => {
  it('is a stream per order, shown by a number made from its id', () => {
    expect(orderStream('ord-1')).toBe('order-ord-1');
    expect(orderNumberOf('ord-0123456789ab-cdef-0123-4567-89abcdef0123')).toBe(0x0123456789abc);
    expect(Number.isSafeInteger(orderNumberOf('ord-ffffffff-ffff-ffff-ffff-ffffffffffff'))).toBe(true);
  });

  it('is placed once, awaiting payment with every line waiting', () => {
    given()
      .when({ type: 'PlaceOrder', data: placedData(lines) })
      .then(placed);
    given(placed).thenState({
      status: 'AWAITING_PAYMENT',
      paymentId: null,
      lines: [
        { status: 'WAITING', operationId: null, cardRefund: null, failure: null },
        { status: 'WAITING', operationId: null },
      ],
    });
    given(placed)
      .when({ type: 'PlaceOrder', data: placedData(lines) })
      .thenThrows(IllegalTransition, illegal('order ord-1 exists already'));
  });

  it('is paid or fails once, the first answer standing', () => {
    const pay = (outcome: { paymentId: string | null } | { failure: string }) => ({
      type: 'RecordPayment' as const,
      data: { orderId: 'ord-1', outcome, at },
    });
    given(placed)
      .when(pay({ paymentId: 'pi_1' }))
      .then(orderPaid());
    given(placed)
      .when(pay({ paymentId: null }))
      .then(orderPaid(null));
    const failure: OrderEvent = { type: 'OrderPaymentFailed', data: { orderId: 'ord-1', reason: 'card_declined', at } };
    given(placed)
      .when(pay({ failure: 'card_declined' }))
      .then(failure);
    given(placed, failure).thenState({ status: 'PAYMENT_FAILED', failure: 'card_declined' });
    given(...paid)
      .when(pay({ paymentId: 'pi_1' }))
      .thenNothing();
    given(placed, failure)
      .when(pay({ failure: 'card_declined' }))
      .thenNothing();
    given(...paid)
      .when(pay({ failure: 'x' }))
      .thenThrows(IllegalTransition, illegal('order ord-1 was paid already'));
    given(placed, failure)
      .when(pay({ paymentId: 'pi_1' }))
      .thenThrows(IllegalTransition, illegal('order ord-1 was payment_failed already'));
    given()
      .when(pay({ paymentId: 'pi_1' }))
      .thenThrows(IllegalTransition, illegal('no such order'));
  });

  it('starts a paid line once, by one operation', () => {
    const start = (productId: number, operationId: string) => ({
      type: 'StartLine' as const,
      data: { orderId: 'ord-1', productId, operationId, at },
    });
    given(...paid)
      .when(start(1, 'op-1'))
      .then(lineStarted(1));
    given(...paid, lineStarted(1)).thenState({ lines: [{ status: 'DELIVERING', operationId: 'op-1' }, {}] });
    given(...paid, lineStarted(1))
      .when(start(1, 'op-1'))
      .thenNothing();
    given(...paid, lineStarted(1))
      .when(start(1, 'op-9'))
      .thenThrows(IllegalTransition, illegal('line 1 of order ord-1 is delivering'));
    given(placed).when(start(1, 'op-1')).thenThrows(IllegalTransition, illegal('order ord-1 is not paid'));
    given(...paid)
      .when(start(7, 'op-7'))
      .thenThrows(IllegalTransition, illegal('order ord-1 has no line 7'));
    // settled by its operation before it was recorded as started: the operation is the same
    given(...paid, delivered(1))
      .when(start(1, 'op-1'))
      .thenNothing();
  });

  it('settles a line once by the operation delivering it, even one that finished before its start was recorded', () => {
    given(...paid, lineStarted(1))
      .when(settle(1, 'op-1', 'DELIVERED'))
      .then(delivered(1));
    given(...paid)
      .when(settle(1, 'op-1', 'DELIVERED'))
      .then(delivered(1));
    given(...paid, delivered(1)).thenState({ lines: [{ status: 'DELIVERED', operationId: 'op-1' }, {}] });
    given(...paid, delivered(1))
      .when(settle(1, 'op-1', 'DELIVERED'))
      .thenNothing();
    given(...paid, lineStarted(1))
      .when(settle(1, 'op-9', 'DELIVERED'))
      .thenThrows(IllegalTransition, illegal('line 1 of order ord-1 is delivered by op-1'));
    given(...paid)
      .when(settle(1, null, 'DELIVERED'))
      .thenThrows(IllegalTransition, illegal('a line is delivered only by an operation'));
    given(placed)
      .when(settle(1, 'op-1', 'DELIVERED'))
      .thenThrows(IllegalTransition, illegal('order ord-1 is not paid'));
  });

  it('fails a line, owing its card part back, or nothing when the card paid none of it', () => {
    const failure = { failure: 'taken', refundId: 'ord-1:1' };
    given(...paid, lineStarted(1))
      .when(settle(1, 'op-1', failure))
      .then(failed(1, 'op-1'));
    given(...paid)
      .when(settle(1, null, failure))
      .then(failed(1, null));
    given(...paid, failed(1, 'op-1')).thenState({
      lines: [{ status: 'FAILED', failure: 'taken', cardRefund: { refundId: 'ord-1:1', done: false } }, {}],
    });
    given(...paid, failed(2, null)).thenState({ lines: [{}, { status: 'FAILED', cardRefund: null }] });
    given(...paid, failed(1, 'op-1'))
      .when(settle(1, 'op-1', failure))
      .thenNothing();
  });

  it("records a failed line's card refund once, and refuses one for a line that owes none", () => {
    const refund = (productId: number) => ({
      type: 'RecordCardRefund' as const,
      data: { orderId: 'ord-1', productId, processorRefundId: 're_1', at },
    });
    given(...paid, failed(1, 'op-1'))
      .when(refund(1))
      .then(refunded(1));
    given(...paid, failed(1, 'op-1'), refunded(1))
      .when(refund(1))
      .thenNothing();
    given(...paid, failed(1, 'op-1'), refunded(1)).thenState({ lines: [{ cardRefund: { done: true } }, {}] });
    given(...paid, failed(2, null))
      .when(refund(2))
      .thenThrows(IllegalTransition, illegal('line 2 of order ord-1 owes no refund'));
  });

  it('is settled once every line is delivered or failed and refunded, or its payment failed', () => {
    const settled = (...events: OrderEvent[]) => isOrderSettled(placedOf(fold(orderDecider, events)));
    expect(settled(placed)).toBe(false);
    expect(settled(...paid, delivered(1))).toBe(false);
    expect(settled(...paid, delivered(1), failed(2, null))).toBe(true);
    expect(settled(...paid, failed(1, 'op-1'), delivered(2))).toBe(false);
    expect(settled(...paid, failed(1, 'op-1'), refunded(1), delivered(2))).toBe(true);
    expect(settled(placed, { type: 'OrderPaymentFailed', data: { orderId: 'ord-1', reason: 'x', at } })).toBe(true);
    expect(() => placedOf({ status: 'NONE' })).toThrow(IllegalTransition);
  });

  it('fails loudly on a command or an event of a newer version', () => {
    expect(() => orderDecider.decide({ type: 'CancelOrder' } as never, { status: 'NONE' })).toThrow(/unexpected value/);
    expect(() => fold(orderDecider, [{ type: 'OrderCancelled' } as never])).toThrow(/unexpected value/);
  });
});

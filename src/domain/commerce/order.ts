import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { PotAmounts } from './account-funds';
import { ListedSale } from '../marketplace/listed-purchase';
import { ProductKind } from './cart-pricing';

/**
 * A user's order (`svc_cart_checkout`): the cart's lines priced, taxed and paid for once, each then delivered by an
 * operation of its own. It is placed with what the balance and promo credits pay (spent in the same append), then
 * paid by card for the rest (the order id is the processor's idempotency key), or fails and gives its funds back.
 * A line that cannot be delivered is refunded to where it was paid from: its balance and credits at once, its card
 * part by the processor.
 */
export const orderStream = (orderId: string): string => `order-${orderId}`;

/** One line as it was bought: what it cost and what paid for it, to the cent. */
export interface OrderLine extends PotAmounts {
  readonly productId: number;
  readonly kind: ProductKind;
  readonly domain: string;
  readonly years: number;
  /** After its discount, before tax. */
  readonly priceCents: number;
  readonly discountCents: number;
  readonly salesTaxCents: number;
  readonly cardCents: number;
  /** A name listed on our marketplace: whose listing, at what whole price, bought at once or leased. */
  readonly sale?: ListedSale;
}

export interface OrderTotals extends PotAmounts {
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly salesTaxCents: number;
  readonly cardCents: number;
}

export type LineStatus = 'WAITING' | 'DELIVERING' | 'DELIVERED' | 'FAILED';

type Of<Data> = MessageData<{ orderId: string }, Data>;
export type OrderPlaced = DomainEvent<
  'OrderPlaced',
  Of<{
    accountId: string;
    /** The registrant of what the order registers or brings in; null for an order of renewals only. */
    contactId: string | null;
    lines: readonly OrderLine[];
    totals: OrderTotals;
    /** The saved card that pays `totals.cardCents`; null when the balance and credits pay it all. */
    paymentMethodId: string | null;
    discountCode: string | null;
  }>
>;
export type OrderPaid = DomainEvent<'OrderPaid', Of<{ paymentId: string | null }>>;
export type OrderPaymentFailed = DomainEvent<'OrderPaymentFailed', Of<{ reason: string }>>;
export type OrderLineStarted = DomainEvent<'OrderLineStarted', Of<{ productId: number; operationId: string }>>;
/** `operationId`: the operation that delivered it. */
export type OrderLineDelivered = DomainEvent<'OrderLineDelivered', Of<{ productId: number; operationId: string }>>;
/**
 * `operationId`: the operation that failed, null when the line was refused before one started; `refundId` names
 * the refund of the line's card part at the processor, once.
 */
export type OrderLineFailed = DomainEvent<
  'OrderLineFailed',
  Of<{ productId: number; operationId: string | null; reason: string; refundId: string }>
>;
export type OrderLineCardRefunded = DomainEvent<
  'OrderLineCardRefunded',
  Of<{ productId: number; processorRefundId: string }>
>;
export type OrderEvent =
  | OrderPlaced
  | OrderPaid
  | OrderPaymentFailed
  | OrderLineStarted
  | OrderLineDelivered
  | OrderLineFailed
  | OrderLineCardRefunded;

export type PlaceOrder = DomainCommand<'PlaceOrder', OrderPlaced['data']>;
export type RecordPayment = DomainCommand<
  'RecordPayment',
  Of<{ outcome: { paymentId: string | null } | { failure: string } }>
>;
export type StartLine = DomainCommand<'StartLine', OrderLineStarted['data']>;
export type SettleLine = DomainCommand<
  'SettleLine',
  Of<{ productId: number; operationId: string | null; outcome: 'DELIVERED' | { failure: string; refundId: string } }>
>;
export type RecordCardRefund = DomainCommand<'RecordCardRefund', OrderLineCardRefunded['data']>;
export type OrderCommand = PlaceOrder | RecordPayment | StartLine | SettleLine | RecordCardRefund;

export interface LineState {
  readonly line: OrderLine;
  readonly status: LineStatus;
  readonly operationId: string | null;
  /** A failed line's card refund: pending until the processor has made it. */
  readonly cardRefund: { readonly refundId: string; readonly done: boolean } | null;
  readonly failure: string | null;
}

export type OrderStatus = 'AWAITING_PAYMENT' | 'PAID' | 'PAYMENT_FAILED';

export type Order =
  | { readonly status: 'NONE' }
  | {
      readonly status: OrderStatus;
      readonly placed: OrderPlaced['data'];
      readonly paymentId: string | null;
      readonly failure: string | null;
      readonly lines: readonly LineState[];
    };
export type PlacedOrder = Exclude<Order, { status: 'NONE' }>;

export const placedOf = (order: Order): PlacedOrder => {
  if (order.status === 'NONE') throw new IllegalTransition('no such order');
  return order;
};

const withLine = (order: Order, productId: number, change: Partial<LineState>): PlacedOrder => {
  const placed = placedOf(order);
  return {
    ...placed,
    lines: placed.lines.map((state) => (state.line.productId === productId ? { ...state, ...change } : state)),
  };
};

const evolve = (order: Order, event: OrderEvent): Order => {
  switch (event.type) {
    case 'OrderPlaced':
      return {
        status: 'AWAITING_PAYMENT',
        placed: event.data,
        paymentId: null,
        failure: null,
        lines: event.data.lines.map((line) => ({
          line,
          status: 'WAITING',
          operationId: null,
          cardRefund: null,
          failure: null,
        })),
      };
    case 'OrderPaid':
      return { ...placedOf(order), status: 'PAID', paymentId: event.data.paymentId };
    case 'OrderPaymentFailed':
      return { ...placedOf(order), status: 'PAYMENT_FAILED', failure: event.data.reason };
    case 'OrderLineStarted':
      return withLine(order, event.data.productId, { status: 'DELIVERING', operationId: event.data.operationId });
    case 'OrderLineDelivered':
      return withLine(order, event.data.productId, { status: 'DELIVERED', operationId: event.data.operationId });
    case 'OrderLineFailed': {
      const { productId, operationId, reason, refundId } = event.data;
      const line = lineOf(placedOf(order), productId).line;
      const cardRefund = line.cardCents > 0 ? { refundId, done: false } : null;
      return withLine(order, productId, { status: 'FAILED', operationId, failure: reason, cardRefund });
    }
    case 'OrderLineCardRefunded': {
      const { cardRefund } = lineOf(placedOf(order), event.data.productId);
      return withLine(order, event.data.productId, { cardRefund: cardRefund && { ...cardRefund, done: true } });
    }
    default:
      return assertNever(event);
  }
};

export const lineOf = (order: PlacedOrder, productId: number): LineState => {
  const found = order.lines.find((state) => state.line.productId === productId);
  if (!found) throw new IllegalTransition(`order ${order.placed.orderId} has no line ${productId}`);
  return found;
};

/** Every line delivered or failed (and refunded): nothing more will happen to the order. */
export const isOrderSettled = (order: PlacedOrder): boolean =>
  order.status === 'PAYMENT_FAILED' ||
  (order.status === 'PAID' &&
    order.lines.every(
      (state) => state.status === 'DELIVERED' || (state.status === 'FAILED' && (state.cardRefund?.done ?? true)),
    ));

const recordPayment = (order: Order, { orderId, outcome, at }: RecordPayment['data']): OrderEvent[] => {
  const placed = placedOf(order);
  const told = 'failure' in outcome ? 'PAYMENT_FAILED' : 'PAID';
  // the processor's answer told twice (a retry, a second process): the first telling stands
  if (placed.status === told) return [];
  if (placed.status !== 'AWAITING_PAYMENT')
    throw new IllegalTransition(`order ${orderId} was ${placed.status.toLowerCase()} already`);
  if ('failure' in outcome) return [{ type: 'OrderPaymentFailed', data: { orderId, reason: outcome.failure, at } }];
  return [{ type: 'OrderPaid', data: { orderId, paymentId: outcome.paymentId, at } }];
};

const startLine = (order: Order, data: StartLine['data']): OrderEvent[] => {
  const placed = placedOf(order);
  if (placed.status !== 'PAID') throw new IllegalTransition(`order ${data.orderId} is not paid`);
  const state = lineOf(placed, data.productId);
  if (state.status !== 'WAITING') {
    if (state.operationId === data.operationId) return [];
    throw new IllegalTransition(`line ${data.productId} of order ${data.orderId} is ${state.status.toLowerCase()}`);
  }
  return [{ type: 'OrderLineStarted', data }];
};

/**
 * A line's operation finished, or the line was refused before one started. Its operation may finish before the line
 * is recorded as started (a fast registry): the outcome names the operation, so the order learns both at once.
 */
const settleLine = (order: Order, data: SettleLine['data']): OrderEvent[] => {
  const { orderId, productId, operationId, outcome, at } = data;
  const placed = placedOf(order);
  if (placed.status !== 'PAID') throw new IllegalTransition(`order ${orderId} is not paid`);
  const state = lineOf(placed, productId);
  // told twice: its operation finished once
  if (state.status === 'DELIVERED' || state.status === 'FAILED') return [];
  if (state.operationId !== null && state.operationId !== operationId)
    throw new IllegalTransition(`line ${productId} of order ${orderId} is delivered by ${state.operationId}`);
  if (outcome === 'DELIVERED') {
    if (operationId === null) throw new IllegalTransition('a line is delivered only by an operation');
    return [{ type: 'OrderLineDelivered', data: { orderId, productId, operationId, at } }];
  }
  const { failure: reason, refundId } = outcome;
  return [{ type: 'OrderLineFailed', data: { orderId, productId, operationId, reason, refundId, at } }];
};

const recordCardRefund = (order: Order, data: RecordCardRefund['data']): OrderEvent[] => {
  const { cardRefund } = lineOf(placedOf(order), data.productId);
  if (!cardRefund) throw new IllegalTransition(`line ${data.productId} of order ${data.orderId} owes no refund`);
  return cardRefund.done ? [] : [{ type: 'OrderLineCardRefunded', data }];
};

const decide = (command: OrderCommand, order: Order): OrderEvent[] => {
  switch (command.type) {
    case 'PlaceOrder':
      if (order.status !== 'NONE') throw new IllegalTransition(`order ${command.data.orderId} exists already`);
      return [{ type: 'OrderPlaced', data: command.data }];
    case 'RecordPayment':
      return recordPayment(order, command.data);
    case 'StartLine':
      return startLine(order, command.data);
    case 'SettleLine':
      return settleLine(order, command.data);
    case 'RecordCardRefund':
      return recordCardRefund(order, command.data);
    default:
      return assertNever(command);
  }
};

export const orderDecider: Decider<OrderCommand, OrderEvent, Order> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};

/**
 * The number an order is shown by (the reference's `orderId` is a number): the first 52 bits of its UUID, so that it
 * is a safe integer, the same in every process and answer, and told apart from another order's but for a chance of
 * about one in ten million among a million orders.
 */
export const orderNumberOf = (orderId: string): number =>
  Number.parseInt(
    orderId
      .slice(orderId.indexOf('-') + 1)
      .replace(/-/g, '')
      .slice(0, 13),
    16,
  );

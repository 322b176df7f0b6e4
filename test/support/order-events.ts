import { OrderEvent, OrderLine, OrderPlaced } from '../../src/domain/commerce/order';

/** Shared by the order's specs: lines and orders as checkout places them. */
export const ORDER_AT = Date.UTC(2026, 10, 27);

/** A line of `priceCents` paid as given (card by default), with no discount or tax unless said. */
export const orderLine = (productId: number, paid: Partial<OrderLine> = {}): OrderLine => ({
  productId,
  kind: 'REGISTRATION',
  domain: `name${productId}.com`,
  years: 1,
  priceCents: 1000,
  discountCents: 0,
  salesTaxCents: 0,
  balanceCents: 0,
  promoCreditsCents: 0,
  cardCents: 1000,
  ...paid,
});

const sum = (lines: readonly OrderLine[], key: keyof OrderLine) =>
  lines.reduce((all, line) => all + (line[key] as number), 0);

export const placedData = (
  lines: readonly OrderLine[],
  more: Partial<OrderPlaced['data']> = {},
): OrderPlaced['data'] => ({
  orderId: 'ord-1',
  accountId: 'acc-1',
  contactId: 'con_1',
  lines,
  totals: {
    subtotalCents: sum(lines, 'priceCents') + sum(lines, 'discountCents'),
    discountCents: sum(lines, 'discountCents'),
    salesTaxCents: sum(lines, 'salesTaxCents'),
    balanceCents: sum(lines, 'balanceCents'),
    promoCreditsCents: sum(lines, 'promoCreditsCents'),
    cardCents: sum(lines, 'cardCents'),
  },
  paymentMethodId: sum(lines, 'cardCents') > 0 ? 'pm_sbx_1' : null,
  discountCode: null,
  at: ORDER_AT,
  ...more,
});

export const orderPlaced = (lines: readonly OrderLine[], more: Partial<OrderPlaced['data']> = {}): OrderEvent => ({
  type: 'OrderPlaced',
  data: placedData(lines, more),
});

export const orderPaid = (paymentId: string | null = 'pi_1'): OrderEvent => ({
  type: 'OrderPaid',
  data: { orderId: 'ord-1', paymentId, at: ORDER_AT },
});

export const lineStarted = (productId: number, operationId = `op-${productId}`): OrderEvent => ({
  type: 'OrderLineStarted',
  data: { orderId: 'ord-1', productId, operationId, at: ORDER_AT },
});

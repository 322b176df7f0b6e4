import { OrderLine, OrderPlaced } from '../commerce/order';
import { firstPaymentOf } from '../marketplace/lease-plan';
import { Fact, NO_POINTS, withPoints } from './analytics-facts';

interface OrderLineFact {
  readonly productId: number;
  /**
   * What the seller of a listed name is credited from, less the commission: the agreed price, or a lease's first
   * payment, whatever discount the buyer had; for another line, its price after its discount.
   */
  readonly saleCents: number;
  /** What paid for it, tax included, from every pot: what a refund gives back. */
  readonly paidCents: number;
}

/** A lease's instalment: what the lessee paid and what the seller was credited, known in either order. */
interface InstalmentFact {
  readonly amountCents?: number;
  readonly proceedsCents?: number;
}

export interface OrderFact extends Fact {
  readonly kind: 'order';
  readonly paidCents: number;
  readonly lines: readonly OrderLineFact[];
  readonly instalments: Readonly<Record<string, InstalmentFact>>;
}

const paidOf = (pots: { cardCents: number; balanceCents: number; promoCreditsCents: number }): number =>
  pots.cardCents + pots.balanceCents + pots.promoCreditsCents;

const saleOf = (line: OrderLine): number => {
  if (!line.sale) return line.priceCents;
  return line.sale.lease ? firstPaymentOf(line.sale.lease) : line.sale.priceCents;
};

export const orderPlaced = (placed: OrderPlaced['data']): OrderFact => ({
  ...NO_POINTS,
  kind: 'order',
  paidCents: paidOf(placed.totals),
  lines: placed.lines.map((line) => ({
    productId: line.productId,
    saleCents: saleOf(line),
    paidCents: paidOf(line),
  })),
  instalments: {},
});

/** Paid: the whole order is revenue when it is paid (a line that fails later is a refund then). */
export const orderPaid = (fact: OrderFact, at: number): OrderFact =>
  withPoints(fact, [{ t: at, m: 'revenueCents', d: 'orders', v: fact.paidCents }]);

/** A line not delivered is refunded in full to where it was paid from. */
export const orderLineRefunded = (fact: OrderFact, productId: number, at: number): OrderFact => {
  const line = fact.lines.find((each) => each.productId === productId);
  return line ? withPoints(fact, [{ t: at, m: 'refundsCents', d: 'orders', v: line.paidCents }]) : fact;
};

/**
 * The seller of a listed name bought by this order was credited: the sale is done (the credit is made in the same
 * append that hands the name over), and the operator's commission is what the buyer paid less that credit.
 */
export const saleSettled = (fact: OrderFact, productId: number, proceedsCents: number, at: number): OrderFact => {
  const line = fact.lines.find((each) => each.productId === productId);
  if (!line) return fact;
  return withPoints(fact, [
    { t: at, m: 'sales', d: 'marketplace', v: 1 },
    { t: at, m: 'salesCents', d: 'marketplace', v: line.saleCents },
    { t: at, m: 'commissionsCents', d: 'marketplace', v: line.saleCents - proceedsCents },
  ]);
};

/** An order may lease several names: an instalment is named by its lease (`<order>:<product>`) and its number. */
const instalmentKey = (leaseId: string, number: number): string => `${leaseId}#${number}`;

const commissionOnceKnown = (fact: OrderFact, key: string, change: InstalmentFact, at: number): OrderFact => {
  const instalment = { ...fact.instalments[key], ...change };
  const next = { ...fact, instalments: { ...fact.instalments, [key]: instalment } };
  const { amountCents, proceedsCents } = instalment;
  if (amountCents === undefined || proceedsCents === undefined) return next;
  return withPoints(next, [{ t: at, m: 'commissionsCents', d: 'leases', v: amountCents - proceedsCents }]);
};

/** A lease's instalment paid by the lessee's card: revenue, and marketplace sales in cents (not another sale). */
export const instalmentPaid = (
  fact: OrderFact,
  leaseId: string,
  number: number,
  amountCents: number,
  at: number,
): OrderFact =>
  commissionOnceKnown(
    withPoints(fact, [
      { t: at, m: 'revenueCents', d: 'leases', v: amountCents },
      { t: at, m: 'salesCents', d: 'leases', v: amountCents },
    ]),
    instalmentKey(leaseId, number),
    { amountCents },
    at,
  );

/** The seller's credit of an instalment. */
export const instalmentCredited = (
  fact: OrderFact,
  leaseId: string,
  number: number,
  proceedsCents: number,
  at: number,
): OrderFact => commissionOnceKnown(fact, instalmentKey(leaseId, number), { proceedsCents }, at);

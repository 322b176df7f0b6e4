import { decisionSpec, exactly } from '../../../test/support/decision-spec';
import { accountFundsDecider, AccountFundsEvent } from '../commerce/account-funds';
import { dnsDomainDecider, DnsDomainEvent } from '../dns-domains/dns-domain';
import { fold } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { LeaseEvent, marketLeaseDecider, RETRY_DAYS } from './lease';
import { LeasePlan, leaseScheduleOf, MONTH_MS } from './lease-plan';
import { ListedSale } from './listed-purchase';
import { ListingEvent, marketListingDecider } from './listing';
import { DAY_MS } from './listing-terms';
import {
  decideInstalmentPayment,
  decideLeaseEnd,
  decideSaleSettlement,
  InstalmentPaymentFacts,
  LeaseEndFacts,
  leaseIdOf,
  orderIdOfLease,
  SaleSettlementFacts,
  sellerProceedsOf,
} from './sale-settlement';

// Equivalent mutants (decideInstalmentPayment): the lease decider puts InstalmentPaid first whenever it records a
// payment, so `lease.find((event) => true)` finds that same event; and the guard's `paid.type !== 'InstalmentPaid'`,
// there for the type and never true, changes nothing mutated to `false`.

const at = Date.UTC(2026, 10, 27);
const marketNow = at + 60_000;
const name = 'sun.com';

// sun.com, registered by its seller acc-1 and listed as listing 7, bought or leased by acc-2 with line 3 of ord-1
const registered: DnsDomainEvent[] = [
  {
    type: 'DnsRegistrationRequested',
    data: { name, operationId: 'op-0', accountId: 'acc-1', years: 1, priceCents: 2998, at },
  },
  {
    type: 'DnsDomainRegistered',
    data: {
      name,
      operationId: 'op-0',
      accountId: 'acc-1',
      createdAt: at,
      expiresAt: at + 365 * DAY_MS,
      sealedAuthorizationCode: 'sealed',
      at,
    },
  },
];
const listing = { name, listingId: 7, at };
const created: ListingEvent = {
  type: 'ListingCreated',
  data: {
    ...listing,
    sellerAccountId: 'acc-1',
    terms: {
      priceCents: 250_000,
      expiresAt: at + 90 * DAY_MS,
      offers: { enabled: true, minimumCents: 0 },
      displayName: null,
      leaseToOwn: null,
    },
  },
};
const reserved = (orderId = 'ord-1'): ListingEvent => ({
  type: 'ListingReserved',
  data: { ...listing, orderId, productId: 3, buyerAccountId: 'acc-2', priceCents: 250_000 },
});
const plan: LeasePlan = {
  type: 'down_payment_plus_equal_installments',
  termLength: 2,
  downPaymentPercentage: 10,
  priceCents: 250_000,
};
const handedOver: DnsDomainEvent = {
  type: 'DnsDomainHandedOver',
  data: { name, operationId: 'op-1', fromAccountId: 'acc-1', toAccountId: 'acc-2', at },
};
const purchased = (isLeased: boolean): ListingEvent => ({
  type: 'ListingPurchased',
  data: { ...listing, orderId: 'ord-1', leased: isLeased, buyerAccountId: 'acc-2', priceCents: 250_000 },
});
const started: LeaseEvent = {
  type: 'LeaseStarted',
  data: {
    leaseId: 'ord-1:3',
    name,
    listingId: 7,
    sellerAccountId: 'acc-1',
    buyerAccountId: 'acc-2',
    plan,
    schedule: [
      { number: 1, amountCents: 25_000, dueAt: marketNow },
      { number: 2, amountCents: 112_500, dueAt: marketNow + MONTH_MS },
      { number: 3, amountCents: 112_500, dueAt: marketNow + 2 * MONTH_MS },
    ],
    at,
  },
};

describe("a seller's proceeds", () => {
  it("are the payment less the operator's commission, the commission rounded down in the seller's favour", () => {
    expect(sellerProceedsOf(250_000, 1000)).toBe(225_000);
    expect(sellerProceedsOf(999, 1000)).toBe(900);
    expect(sellerProceedsOf(999, 0)).toBe(999);
    expect(sellerProceedsOf(250_000, 10_000)).toBe(0);
  });
});

describe('a lease', () => {
  it('is named by the order line that started it, which its name leads back to', () => {
    expect(leaseIdOf('ord-1', 3)).toBe('ord-1:3');
    expect(orderIdOfLease(leaseIdOf('ord-0a1b-2c', 12))).toBe('ord-0a1b-2c');
  });
});

describe('settling the sale of a listed name', () => {
  const buyNow: ListedSale = {
    listingId: 7,
    sellerAccountId: 'acc-1',
    priceCents: 250_000,
    offerId: null,
    lease: null,
  };
  const facts: SaleSettlementFacts = {
    completed: true,
    operationId: 'op-1',
    name,
    buyerAccountId: 'acc-2',
    orderId: 'ord-1',
    productId: 3,
    sale: buyNow,
    commissionBasisPoints: 1000,
    marketNow,
    at,
  };
  const leased: SaleSettlementFacts = { ...facts, sale: { ...buyNow, lease: plan } };

  const credited = (amountCents: number, reason: string): AccountFundsEvent => ({
    type: 'FundsAdded',
    data: { accountId: 'acc-1', entryId: 'market-sale:ord-1:3', pot: 'BALANCE', amountCents, reason, at },
  });
  const given = decisionSpec(
    {
      domain: dnsDomainDecider,
      listing: marketListingDecider,
      sellerFunds: accountFundsDecider,
      lease: marketLeaseDecider,
    },
    (settled: SaleSettlementFacts, states) => decideSaleSettlement(settled, states),
  );
  const beforeSale = { domain: registered, listing: [created, reserved()] };

  describe('not completed', () => {
    it('opens the listing to other buyers again, and nothing more: the order refunds the buyer', () =>
      given(beforeSale)
        .when({ ...facts, completed: false })
        .then({ listing: [{ type: 'ListingReleased', data: { ...listing, orderId: 'ord-1' } }] }));

    it('leaves a listing another order holds as it is', () =>
      given({ domain: registered, listing: [created, reserved('ord-2')] })
        .when({ ...facts, completed: false })
        .then({}));
  });

  describe('bought at once', () => {
    it('hands the name to the buyer, closes the listing and credits the seller the price less the commission', () =>
      given(beforeSale)
        .when(facts)
        .then({
          domain: [handedOver],
          listing: [purchased(false)],
          sellerFunds: [credited(225_000, 'sale of sun.com')],
        }));

    it('credits the seller nothing when the commission takes the whole price', () =>
      given(beforeSale)
        .when({ ...facts, commissionBasisPoints: 10_000 })
        .then({ domain: [handedOver], listing: [purchased(false)] }));

    it('told twice, says nothing new', () =>
      given({
        domain: [...registered, handedOver],
        listing: [created, reserved(), purchased(false)],
        sellerFunds: [credited(225_000, 'sale of sun.com')],
      })
        .when(facts)
        .then({}));
  });

  describe('leased', () => {
    it("hands the name to the lessee, locks the listing, credits the first payment's proceeds and starts the schedule on the registry's clock", () =>
      given(beforeSale)
        .when(leased)
        .then({
          domain: [handedOver],
          listing: [purchased(true)],
          sellerFunds: [credited(22_500, 'lease of sun.com: payment 1')],
          lease: [started],
        }));

    it('told twice, says nothing new', () =>
      given({
        domain: [...registered, handedOver],
        listing: [created, reserved(), purchased(true)],
        sellerFunds: [credited(22_500, 'lease of sun.com: payment 1')],
        lease: [started],
      })
        .when(leased)
        .then({}));
  });
});

describe("taking a lease's monthly payment", () => {
  const leaseId = 'ord-1:3';
  const schedule = leaseScheduleOf(plan, marketNow);
  const dueAt = (number: number) => schedule[number - 1].dueAt;
  const payment = (number: number, commissionBasisPoints = 1000): InstalmentPaymentFacts => ({
    leaseId,
    number,
    paymentId: `pay-${number}`,
    commissionBasisPoints,
    at: dueAt(number),
  });
  const paid = (number: number): LeaseEvent => ({
    type: 'InstalmentPaid',
    data: { leaseId, name, number, amountCents: 112_500, paymentId: `pay-${number}`, at: dueAt(number) },
  });
  const completed: LeaseEvent = { type: 'LeaseCompleted', data: { leaseId, name, at: dueAt(3) } };
  const credited = (number: number, amountCents: number): AccountFundsEvent => ({
    type: 'FundsAdded',
    data: {
      accountId: 'acc-1',
      entryId: `market-lease:ord-1:3:${number}`,
      pot: 'BALANCE',
      amountCents,
      reason: `lease of sun.com: payment ${number} of 3`,
      at: dueAt(number),
    },
  });
  const lapsed: LeaseEvent[] = [
    started,
    ...RETRY_DAYS.map((days, index): LeaseEvent => ({
      type: 'InstalmentMissed',
      data: { leaseId, name, number: 2, attempt: index + 1, reason: 'card declined', at: dueAt(2) + days * DAY_MS },
    })),
    { type: 'LeaseDefaulted', data: { leaseId, name, number: 2, at: dueAt(2) + 7 * DAY_MS } },
  ];

  const given = decisionSpec(
    { lease: marketLeaseDecider, sellerFunds: accountFundsDecider },
    (taken: InstalmentPaymentFacts, states) => decideInstalmentPayment(taken, states),
  );

  it('records it on the lease and credits the seller the payment less the commission', () =>
    given({ lease: [started] })
      .when(payment(2))
      .then({ lease: [paid(2)], sellerFunds: [credited(2, 101_250)] }));

  it('completes the lease with the last payment, which is credited like the others', () =>
    given({ lease: [started, paid(2)], sellerFunds: [credited(2, 101_250)] })
      .when(payment(3))
      .then({ lease: [paid(3), completed], sellerFunds: [credited(3, 101_250)] }));

  it("rounds the commission down in the seller's favour, and credits nothing when it takes the whole payment", () => {
    given({ lease: [started] })
      .when(payment(2, 1234))
      .then({ lease: [paid(2)], sellerFunds: [credited(2, 98_618)] });
    given({ lease: [started] })
      .when(payment(2, 10_000))
      .then({ lease: [paid(2)] });
  });

  it('takes a payment paid already as a retried charge: nothing recorded, nothing credited again', () => {
    given({ lease: [started, paid(2)], sellerFunds: [credited(2, 101_250)] })
      .when(payment(2))
      .then({});
    // the first payment was credited at checkout, under the sale's entry: only the lease knows it is in
    const lease = fold(marketLeaseDecider, [started]);
    expect(decideInstalmentPayment(payment(1), { lease, sellerFunds: accountFundsDecider.initialState() })).toEqual({
      lease: [],
      sellerFunds: [],
    });
  });

  it('says nothing of a lease that never started', () =>
    expect(
      decideInstalmentPayment(payment(2), {
        lease: marketLeaseDecider.initialState(),
        sellerFunds: accountFundsDecider.initialState(),
      }),
    ).toEqual({ lease: [], sellerFunds: [] }));

  it('is refused as the lease refuses it: a lease that defaulted takes no more payments', () =>
    given({ lease: lapsed })
      .when(payment(2))
      .thenThrows(IllegalTransition, {
        code: 'ILLEGAL_TRANSITION',
        message: exactly('lease ord-1:3 defaulted on payment 2: its name went back to the seller'),
        context: {},
      }));
});

describe("a lease's end gone through at the registry", () => {
  const endedAt = marketNow + 2 * MONTH_MS;
  const facts: LeaseEndFacts = {
    outcome: 'DEFAULTED',
    completed: true,
    operationId: 'op-2',
    name,
    listingId: 7,
    sellerAccountId: 'acc-1',
    buyerAccountId: 'acc-2',
    at: endedAt,
  };
  const leasedListing = [created, reserved(), purchased(true)];
  const heldByLessee = [...registered, handedOver];
  const ended = (outcome: 'COMPLETED' | 'DEFAULTED'): ListingEvent => ({
    type: 'ListingLeaseEnded',
    data: { ...listing, outcome, at: endedAt },
  });
  const handedBack: DnsDomainEvent = {
    type: 'DnsDomainHandedOver',
    data: { name, operationId: 'op-2', fromAccountId: 'acc-2', toAccountId: 'acc-1', at: endedAt },
  };

  const given = decisionSpec(
    { domain: dnsDomainDecider, listing: marketListingDecider },
    (ending: LeaseEndFacts, states) => decideLeaseEnd(ending, states),
  );
  const duringLease = { domain: heldByLessee, listing: leasedListing };

  it('paid up, frees the name to be listed again and leaves it with the lessee, its registrant now', () =>
    given(duringLease)
      .when({ ...facts, outcome: 'COMPLETED' })
      .then({ listing: [ended('COMPLETED')] }));

  it("defaulted, gives the name back to the seller's portfolio and frees it", () =>
    given(duringLease)
      .when(facts)
      .then({ domain: [handedBack], listing: [ended('DEFAULTED')] }));

  it('refused by the registry, changes nothing: the name stays locked until the end is tried again', () => {
    const states = { domain: fold(dnsDomainDecider, heldByLessee), listing: fold(marketListingDecider, leasedListing) };
    for (const outcome of ['COMPLETED', 'DEFAULTED'] as const)
      expect(decideLeaseEnd({ ...facts, outcome, completed: false }, states)).toEqual({ domain: [], listing: [] });
  });

  it('told twice, says nothing new', () =>
    given({ domain: [...heldByLessee, handedBack], listing: [...leasedListing, ended('DEFAULTED')] })
      .when(facts)
      .then({}));

  it('leaves alone a listing that is not the one leased', () =>
    given(duringLease)
      .when({ ...facts, outcome: 'COMPLETED', listingId: 8 })
      .then({}));
});

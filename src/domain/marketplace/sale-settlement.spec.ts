import { decisionSpec } from '../../../test/support/decision-spec';
import { accountFundsDecider, AccountFundsEvent } from '../commerce/account-funds';
import { dnsDomainDecider, DnsDomainEvent } from '../dns-domains/dns-domain';
import { LeaseEvent, marketLeaseDecider } from './lease';
import { LeasePlan, MONTH_MS } from './lease-plan';
import { ListedSale } from './listed-purchase';
import { ListingEvent, marketListingDecider } from './listing';
import { DAY_MS } from './listing-terms';
import { decideSaleSettlement, leaseIdOf, SaleSettlementFacts, sellerProceedsOf } from './sale-settlement';

const at = Date.UTC(2026, 10, 27);
const marketNow = at + 60_000;
const name = 'sun.com';

describe("a seller's proceeds", () => {
  it("are the payment less the operator's commission, the commission rounded down in the seller's favour", () => {
    expect(sellerProceedsOf(250_000, 1000)).toBe(225_000);
    expect(sellerProceedsOf(999, 1000)).toBe(900);
    expect(sellerProceedsOf(999, 0)).toBe(999);
    expect(sellerProceedsOf(250_000, 10_000)).toBe(0);
  });
});

describe('a lease', () => {
  it('is named by the order line that started it', () => expect(leaseIdOf('ord-1', 3)).toBe('ord-1:3'));
});

describe('settling the sale of a listed name', () => {
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

  const handedOver: DnsDomainEvent = {
    type: 'DnsDomainHandedOver',
    data: { name, operationId: 'op-1', fromAccountId: 'acc-1', toAccountId: 'acc-2', at },
  };
  const purchased = (isLeased: boolean): ListingEvent => ({
    type: 'ListingPurchased',
    data: { ...listing, orderId: 'ord-1', leased: isLeased, buyerAccountId: 'acc-2', priceCents: 250_000 },
  });
  const credited = (amountCents: number, reason: string): AccountFundsEvent => ({
    type: 'FundsAdded',
    data: { accountId: 'acc-1', entryId: 'market-sale:ord-1:3', pot: 'BALANCE', amountCents, reason, at },
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

import fc from 'fast-check';
import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { IllegalTransition, Refused } from '../shared/errors';
import {
  LeaseEvent,
  leaseBalanceOf,
  leaseStatusOf,
  marketLeaseDecider,
  marketLeaseStream,
  nextChargeOf,
  nextChargeTimeOf,
  StartLease,
} from './lease';
import {
  firstPaymentOf,
  LeasePlan,
  leasePlanProblemOf,
  leaseScheduleOf,
  monthlyPaymentOf,
  MONTH_MS,
} from './lease-plan';
import { DAY_MS, LeaseToOwnOptions } from './listing-terms';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(marketLeaseDecider);

const equal = (termLength: number, priceCents: number): LeasePlan => ({
  type: 'equal_installments',
  termLength,
  downPaymentPercentage: null,
  priceCents,
});
const withDown = (termLength: number, priceCents: number, downPaymentPercentage: number): LeasePlan => ({
  type: 'down_payment_plus_equal_installments',
  termLength,
  downPaymentPercentage,
  priceCents,
});
const amountsOf = (plan: LeasePlan) => leaseScheduleOf(plan, at).map(({ amountCents }) => amountCents);

describe('a lease plan', () => {
  it('splits the price into equal monthly payments, the extra cents earliest, the first at the start', () => {
    expect(leaseScheduleOf(equal(3, 100_001), at)).toEqual([
      { number: 1, amountCents: 33_334, dueAt: at },
      { number: 2, amountCents: 33_334, dueAt: at + MONTH_MS },
      { number: 3, amountCents: 33_333, dueAt: at + 2 * MONTH_MS },
    ]);
    expect(MONTH_MS).toBe(30 * DAY_MS);
    expect(amountsOf(equal(12, 120_000))).toEqual(new Array(12).fill(10_000));
  });

  it('takes the down payment first, rounded down, then splits the rest over the term', () => {
    expect(leaseScheduleOf(withDown(3, 100_001, 25), at)).toEqual([
      { number: 1, amountCents: 25_000, dueAt: at },
      { number: 2, amountCents: 25_001, dueAt: at + MONTH_MS },
      { number: 3, amountCents: 25_000, dueAt: at + 2 * MONTH_MS },
      { number: 4, amountCents: 25_000, dueAt: at + 3 * MONTH_MS },
    ]);
    // the help page's example: $1,200, 25% down, over 12 months
    expect(amountsOf(withDown(12, 120_000, 25))).toEqual([30_000, ...new Array(12).fill(7_500)]);
  });

  it('shows the first and the monthly payment', () => {
    expect([firstPaymentOf(equal(3, 100_001)), monthlyPaymentOf(equal(3, 100_001))]).toEqual([33_334, 33_334]);
    expect([firstPaymentOf(withDown(3, 100_001, 25)), monthlyPaymentOf(withDown(3, 100_001, 25))]).toEqual([
      25_000, 25_001,
    ]);
    expect([firstPaymentOf(withDown(2, 120_000, 50)), monthlyPaymentOf(withDown(2, 120_000, 50))]).toEqual([
      60_000, 30_000,
    ]);
  });

  const equalOffer: LeaseToOwnOptions = { type: 'equal_installments', maxTermLength: 24, downPaymentPercentage: null };
  const downOffer: LeaseToOwnOptions = {
    type: 'down_payment_plus_equal_installments',
    maxTermLength: 24,
    downPaymentPercentage: 25,
  };

  it("holds within the listing's lease options", () => {
    expect(leasePlanProblemOf(equal(2, 2), equalOffer)).toBeUndefined();
    expect(leasePlanProblemOf(equal(24, 120_000), equalOffer)).toBeUndefined();
    expect(leasePlanProblemOf(withDown(2, 6, 25), downOffer)).toBeUndefined();
  });

  it.each([
    ['no lease offered', equal(12, 120_000), null, 'leaseToOwnOptions: this listing offers no lease'],
    [
      'another type',
      equal(12, 120_000),
      downOffer,
      'leaseToOwnOptions.type: this listing leases with down_payment_plus_equal_installments only',
    ],
    ['a single payment', equal(1, 120_000), equalOffer, 'leaseToOwnOptions.termLength: 2 to 24 monthly payments'],
    ['a longer term', equal(25, 120_000), equalOffer, 'leaseToOwnOptions.termLength: 2 to 24 monthly payments'],
    ['part of a month', equal(2.5, 120_000), equalOffer, 'leaseToOwnOptions.termLength: 2 to 24 monthly payments'],
    [
      'a down payment on equal payments',
      { ...equal(12, 120_000), downPaymentPercentage: 25 },
      equalOffer,
      'leaseToOwnOptions.downPaymentPercentage: only for down_payment_plus_equal_installments',
    ],
    [
      'another down payment',
      withDown(12, 120_000, 30),
      downOffer,
      'leaseToOwnOptions.downPaymentPercentage: 25, as the seller set it',
    ],
    [
      'no down payment',
      { ...withDown(12, 120_000, 25), downPaymentPercentage: null },
      downOffer,
      'leaseToOwnOptions.downPaymentPercentage: 25, as the seller set it',
    ],
    ['part of a cent', equal(12, 120_000.5), equalOffer, 'priceCents: a whole number of cents'],
    ['less than a cent a month', equal(12, 11), equalOffer, 'priceCents: at least 1 cent for each of the 12 payments'],
    ['no down payment left', withDown(2, 3, 25), downOffer, 'priceCents: at least 1 cent for each of the 3 payments'],
  ])('is refused with %s', (_case, plan, offered, problem) => expect(leasePlanProblemOf(plan, offered)).toBe(problem));

  it('always adds up to the price in payments of a cent or more, a month apart (property-based)', () => {
    const plans = fc.oneof(
      fc
        .record({ termLength: fc.integer({ min: 2, max: 120 }), priceCents: fc.integer({ min: 120, max: 1e12 }) })
        .map(({ termLength, priceCents }) => equal(termLength, priceCents)),
      fc
        .record({
          termLength: fc.integer({ min: 2, max: 120 }),
          priceCents: fc.integer({ min: 1_200, max: 1e12 }),
          percentage: fc.integer({ min: 10, max: 90 }),
        })
        .map(({ termLength, priceCents, percentage }) => withDown(termLength, priceCents, percentage)),
    );
    fc.assert(
      fc.property(plans, fc.integer({ min: 0, max: at }), (plan, startAt) => {
        const schedule = leaseScheduleOf(plan, startAt);
        const amounts = schedule.map(({ amountCents }) => amountCents);
        const monthly = amounts.slice(-plan.termLength);
        expect(amounts.reduce((all, amount) => all + amount, 0)).toBe(plan.priceCents);
        expect(Math.min(...amounts)).toBeGreaterThan(0);
        expect(schedule).toHaveLength(plan.termLength + (plan.downPaymentPercentage === null ? 0 : 1));
        schedule.forEach((instalment, index) =>
          expect(instalment).toMatchObject({ number: index + 1, dueAt: startAt + index * MONTH_MS }),
        );
        expect(monthly[0] - monthly[monthly.length - 1]).toBeLessThanOrEqual(1);
        expect(monthlyPaymentOf(plan)).toBe(monthly[0]);
        const offered = { ...plan, maxTermLength: 120 };
        expect(leasePlanProblemOf(plan, offered)).toBeUndefined();
      }),
    );
  });
});

describe('a lease', () => {
  const plan = equal(3, 100_001);
  const key = { leaseId: 'ord-1:2', name: 'sun.com' };
  const deal: StartLease['data'] = {
    ...key,
    listingId: 7,
    sellerAccountId: 'acc-1',
    buyerAccountId: 'acc-2',
    plan,
    schedule: leaseScheduleOf(plan, at),
    at,
  };
  const start = (change: Partial<StartLease['data']> = {}): StartLease => ({
    type: 'StartLease',
    data: { ...deal, ...change },
  });
  const started: LeaseEvent = { type: 'LeaseStarted', data: deal };
  const dueAt = (number: number) => at + (number - 1) * MONTH_MS;
  const amountOf = (number: number) => deal.schedule[number - 1].amountCents;
  const pay = (number: number, when = dueAt(number)) => ({
    type: 'RecordInstalmentPaid' as const,
    data: { ...key, number, paymentId: `pay-${number}`, at: when },
  });
  const paid = (number: number, when = dueAt(number)): LeaseEvent => ({
    type: 'InstalmentPaid',
    data: { ...key, number, amountCents: amountOf(number), paymentId: `pay-${number}`, at: when },
  });
  const miss = (number: number, when: number) => ({
    type: 'RecordInstalmentMissed' as const,
    data: { ...key, number, reason: 'card declined', at: when },
  });
  const missed = (number: number, attempt: number, when: number): LeaseEvent => ({
    type: 'InstalmentMissed',
    data: { ...key, number, attempt, reason: 'card declined', at: when },
  });
  const completed = (when = dueAt(3)): LeaseEvent => ({ type: 'LeaseCompleted', data: { ...key, at: when } });
  const defaulted = (number: number, when: number): LeaseEvent => ({
    type: 'LeaseDefaulted',
    data: { ...key, number, at: when },
  });
  const missedTwice = [started, missed(2, 1, dueAt(2)), missed(2, 2, dueAt(2) + 3 * DAY_MS)];
  const lapsed = [...missedTwice, missed(2, 3, dueAt(2) + 7 * DAY_MS), defaulted(2, dueAt(2) + 7 * DAY_MS)];
  const paidUp = [started, paid(2), paid(3), completed()];
  const illegal = (message: string) => ({ code: 'ILLEGAL_TRANSITION' as const, message: exactly(message) });

  it('is a stream per lease, not started at first', () => {
    expect(marketLeaseStream('ord-1:2')).toBe('market-lease-ord-1:2');
    given().thenState({ status: 'NONE' });
    expect(leaseStatusOf(fold(marketLeaseDecider, []))).toBe('NONE');
  });

  describe('StartLease', () => {
    it('starts with the first payment paid at checkout', () => {
      given().when(start()).then(started);
      given(started).thenState({
        status: 'ACTIVE',
        ...key,
        listingId: 7,
        sellerAccountId: 'acc-1',
        buyerAccountId: 'acc-2',
        plan,
        schedule: deal.schedule,
        startedAt: at,
        paid: 1,
        missedAttempts: 0,
      });
    });

    it('is the same lease when started again on the same terms, later', () =>
      given(started)
        .when(start({ at: at + DAY_MS }))
        .thenNothing());

    const other = equal(2, 100_001);
    it.each<[string, Partial<StartLease['data']>]>([
      ['name', { name: 'moon.com' }],
      ['listing', { listingId: 8 }],
      ['seller', { sellerAccountId: 'acc-3' }],
      ['buyer', { buyerAccountId: 'acc-3' }],
      ['term', { plan: other, schedule: leaseScheduleOf(other, at) }],
      ['price', { plan: equal(3, 100_002), schedule: leaseScheduleOf(equal(3, 100_002), at) }],
      ['first payment time', { schedule: leaseScheduleOf(plan, at + 1) }],
    ])('refuses another start, here another %s', (_field, change) =>
      given(started)
        .when(start(change))
        .thenThrows(Refused, {
          code: 'CONFLICT',
          message: exactly('lease ord-1:2 was started already, on other terms'),
        }),
    );

    it.each<[string, LeasePlan, LeasePlan]>([
      ['type', withDown(3, 100_001, 25), { ...equal(3, 100_001), downPaymentPercentage: 25 }],
      ['down payment', withDown(3, 100_001, 25), withDown(3, 100_001, 30)],
    ])('refuses another start on another plan, here another %s', (_field, first, second) =>
      given({ type: 'LeaseStarted', data: { ...deal, plan: first, schedule: leaseScheduleOf(first, at) } })
        .when(start({ plan: second, schedule: leaseScheduleOf(second, at) }))
        .thenThrows(Refused, { code: 'CONFLICT' }),
    );

    const schedule = deal.schedule;
    it.each<[string, Partial<StartLease['data']>, string]>([
      ['a single payment', { plan: equal(1, 100_001) }, 'leaseToOwnOptions.termLength: 2 to 120 monthly payments'],
      ['over ten years', { plan: equal(121, 100_001) }, 'leaseToOwnOptions.termLength: 2 to 120 monthly payments'],
      ['a payment of nothing', { plan: equal(3, 2) }, 'priceCents: at least 1 cent for each of the 3 payments'],
      ['no payment', { schedule: [] }, "schedule: the plan's payments, a month apart from the first"],
      [
        'a payment short',
        { schedule: schedule.slice(0, 2) },
        "schedule: the plan's payments, a month apart from the first",
      ],
      [
        'a payment too many',
        { schedule: [...schedule, { number: 4, amountCents: 1, dueAt: dueAt(4) }] },
        "schedule: the plan's payments, a month apart from the first",
      ],
      [
        'another numbering',
        { schedule: schedule.map((instalment) => ({ ...instalment, number: instalment.number + 1 })) },
        "schedule: the plan's payments, a month apart from the first",
      ],
      [
        'other amounts',
        { schedule: leaseScheduleOf(equal(3, 100_002), at) },
        "schedule: the plan's payments, a month apart from the first",
      ],
      [
        'other due times',
        { schedule: schedule.map((instalment, index) => ({ ...instalment, dueAt: at + index * DAY_MS })) },
        "schedule: the plan's payments, a month apart from the first",
      ],
    ])('refuses a lease of %s', (_case, change, problem) => {
      given()
        .when(start(change))
        .thenThrows(Refused, { code: 'VALIDATION', message: exactly(`lease ord-1:2: ${problem}`) });
      given(started).when(start(change)).thenThrows(Refused, { code: 'VALIDATION' });
    });
  });

  describe('RecordInstalmentPaid', () => {
    it('records the next payment, which ends the misses of its attempts', () => {
      given(started).when(pay(2)).then(paid(2));
      given(...missedTwice, paid(2)).thenState({ status: 'ACTIVE', paid: 2, missedAttempts: 0 });
    });

    it('completes the lease with its last payment: the name is the buyer’s', () => {
      given(started, paid(2)).when(pay(3)).then(paid(3), completed());
      given(...paidUp).thenState({ status: 'COMPLETED', paid: 3 });
      expect(leaseStatusOf(fold(marketLeaseDecider, paidUp))).toBe('COMPLETED');
    });

    it('takes a payment paid already as a retried charge', () => {
      given(started, paid(2)).when(pay(2)).thenNothing();
      given(started).when(pay(1)).thenNothing();
      given(...paidUp)
        .when(pay(3))
        .thenNothing();
      given(...lapsed)
        .when(pay(1))
        .thenNothing();
    });

    it('refuses a payment out of turn, on a lease ended or not started', () => {
      given(started)
        .when(pay(3))
        .thenThrows(IllegalTransition, illegal('payment 3 of lease ord-1:2 is not the next one to pay (2)'));
      given(...paidUp)
        .when(pay(4))
        .thenThrows(IllegalTransition, illegal('lease ord-1:2 is completed: its 3 payments are in'));
      given(...lapsed)
        .when(pay(2))
        .thenThrows(
          IllegalTransition,
          illegal('lease ord-1:2 defaulted on payment 2: its name went back to the seller'),
        );
      given().when(pay(2)).thenThrows(IllegalTransition, illegal('lease ord-1:2 has not started'));
    });
  });

  describe('RecordInstalmentMissed', () => {
    it('records a miss from the time the payment is due, its attempt counted by the lease', () => {
      given(started)
        .when(miss(2, dueAt(2)))
        .then(missed(2, 1, dueAt(2)));
      given(started, missed(2, 1, dueAt(2))).thenState({ paid: 1, missedAttempts: 1 });
      given(started, missed(2, 1, dueAt(2)))
        .when(miss(2, dueAt(2) + 3 * DAY_MS))
        .then(missed(2, 2, dueAt(2) + 3 * DAY_MS));
      // a late retry still counts as the next attempt: the buyer gets three tries
      given(started)
        .when(miss(2, dueAt(2) + 10 * DAY_MS))
        .then(missed(2, 1, dueAt(2) + 10 * DAY_MS));
    });

    it('ends the lease at the third miss of a payment: the name goes back to the seller', () => {
      const when = dueAt(2) + 7 * DAY_MS;
      given(...missedTwice)
        .when(miss(2, when))
        .then(missed(2, 3, when), defaulted(2, when));
      given(...lapsed).thenState({ status: 'DEFAULTED', paid: 1, missedAttempts: 3 });
      expect(leaseStatusOf(fold(marketLeaseDecider, lapsed))).toBe('DEFAULTED');
    });

    it('takes a miss told again, or of a payment paid since, as nothing new', () => {
      given(started, missed(2, 1, dueAt(2)))
        .when(miss(2, dueAt(2) + 3 * DAY_MS - 1))
        .thenNothing();
      given(...missedTwice)
        .when(miss(2, dueAt(2) + 7 * DAY_MS - 1))
        .thenNothing();
      given(...lapsed)
        .when(miss(2, dueAt(2) + 7 * DAY_MS))
        .thenNothing();
      given(started, paid(2))
        .when(miss(2, dueAt(2)))
        .thenNothing();
      given(...paidUp)
        .when(miss(3, dueAt(3)))
        .thenNothing();
    });

    it('refuses a miss before the payment is due, out of turn, on a lease ended or not started', () => {
      given(started)
        .when(miss(2, dueAt(2) - 1))
        .thenThrows(
          IllegalTransition,
          illegal('payment 2 of lease ord-1:2 is due at 2026-12-27T00:00:00.000Z: not missed yet'),
        );
      given(started)
        .when(miss(3, dueAt(3)))
        .thenThrows(IllegalTransition, illegal('payment 3 of lease ord-1:2 is not the next one to pay (2)'));
      given(...lapsed)
        .when(miss(3, dueAt(3)))
        .thenThrows(
          IllegalTransition,
          illegal('lease ord-1:2 defaulted on payment 2: its name went back to the seller'),
        );
      given(...paidUp)
        .when(miss(4, dueAt(4)))
        .thenThrows(IllegalTransition, illegal('lease ord-1:2 is completed: its 3 payments are in'));
      given()
        .when(miss(2, dueAt(2)))
        .thenThrows(IllegalTransition, illegal('lease ord-1:2 has not started'));
    });
  });

  describe('its charges', () => {
    const leaseAfter = (...events: LeaseEvent[]) => fold(marketLeaseDecider, events);

    it('falls due at each attempt of the next unpaid payment: its due time, 3 days later, 7 days later', () => {
      const charge = (attempt: number, attemptAt: number) => ({
        number: 2,
        amountCents: amountOf(2),
        dueAt: dueAt(2),
        attempt,
        attemptAt,
      });
      expect(nextChargeTimeOf(leaseAfter(started))).toBe(dueAt(2));
      expect(nextChargeOf(leaseAfter(started), dueAt(2) - 1)).toBeNull();
      expect(nextChargeOf(leaseAfter(started), dueAt(2))).toEqual(charge(1, dueAt(2)));
      const afterOneMiss = leaseAfter(...missedTwice.slice(0, 2));
      expect(nextChargeTimeOf(afterOneMiss)).toBe(dueAt(2) + 3 * DAY_MS);
      expect(nextChargeOf(afterOneMiss, dueAt(2) + 3 * DAY_MS - 1)).toBeNull();
      expect(nextChargeOf(afterOneMiss, dueAt(2) + 3 * DAY_MS)).toEqual(charge(2, dueAt(2) + 3 * DAY_MS));
      expect(nextChargeOf(leaseAfter(...missedTwice), dueAt(3))).toEqual(charge(3, dueAt(2) + 7 * DAY_MS));
      expect(nextChargeTimeOf(leaseAfter(started, paid(2)))).toBe(dueAt(3));
    });

    it('has none before the start nor after the end, nor between the last payment and the completion it brings', () => {
      const lastPaid = leaseAfter(...paidUp.filter((event) => event.type !== 'LeaseCompleted'));
      expect(lastPaid.status).toBe('ACTIVE');
      for (const lease of [leaseAfter(), leaseAfter(...paidUp), leaseAfter(...lapsed), lastPaid]) {
        expect(nextChargeOf(lease, dueAt(4))).toBeNull();
        expect(nextChargeTimeOf(lease)).toBeNull();
      }
    });

    it('tells what is paid and what remains', () => {
      expect(leaseBalanceOf(leaseAfter())).toEqual({ paid: 0, paidCents: 0, remainingCents: 0 });
      expect(leaseBalanceOf(leaseAfter(started))).toEqual({ paid: 1, paidCents: 33_334, remainingCents: 66_667 });
      expect(leaseBalanceOf(leaseAfter(started, paid(2)))).toEqual({
        paid: 2,
        paidCents: 66_668,
        remainingCents: 33_333,
      });
      expect(leaseBalanceOf(leaseAfter(...paidUp))).toEqual({ paid: 3, paidCents: 100_001, remainingCents: 0 });
    });
  });

  it('pays any plan off in its payments, completing with the last (property-based)', () =>
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 120 }), fc.integer({ min: 10, max: 90 }), (termLength, percentage) => {
        const leased = withDown(termLength, 1_000_000, percentage);
        const schedule = leaseScheduleOf(leased, at);
        const events = marketLeaseDecider.decide(
          { type: 'StartLease', data: { ...deal, plan: leased, schedule } },
          fold(marketLeaseDecider, []),
        );
        for (const { number, dueAt: when } of schedule.slice(1)) {
          const lease = fold(marketLeaseDecider, events);
          expect(nextChargeOf(lease, when)).toMatchObject({ number, attempt: 1 });
          events.push(
            ...marketLeaseDecider.decide(
              { type: 'RecordInstalmentPaid', data: { ...key, number, paymentId: `pay-${number}`, at: when } },
              lease,
            ),
          );
        }
        expect(events.at(-1)?.type).toBe('LeaseCompleted');
        expect(leaseBalanceOf(fold(marketLeaseDecider, events))).toMatchObject({ paidCents: 1_000_000 });
      }),
    ));

  it('fails loudly on a command or an event of a newer version, or an event before the start', () => {
    expect(() => marketLeaseDecider.decide({ type: 'ForgiveLease' } as never, { status: 'NONE' })).toThrow(
      /unexpected/,
    );
    expect(() => fold(marketLeaseDecider, [{ type: 'LeaseTransferred' } as never])).toThrow(/unexpected/);
    for (const event of [paid(2), missed(2, 1, dueAt(2)), completed(), defaulted(2, dueAt(2))])
      expect(() => fold(marketLeaseDecider, [event])).toThrow('lease ord-1:2 has not started');
  });
});

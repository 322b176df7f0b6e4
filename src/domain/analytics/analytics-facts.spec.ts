// Equivalent mutants, each giving the same category:
// - operationCategoryOf: `requested.quote ?? []` → `?? ["Stryker was here"]`: a string has no `reason`, so it is not a
//   transfer fee either.

import { OperationRequested, QuotedAmount } from '../operations/operation.events';
import {
  AnalyticsPoint,
  NO_POINTS,
  OperationFact,
  operationCategoryOf,
  operationFinished,
  operationRequested,
  pointFact,
  withPoints,
} from './analytics-facts';

const requested = (change: Partial<OperationRequested['data']> = {}): OperationRequested['data'] => ({
  operationId: 'op-1',
  accountId: 'acc-1',
  surface: 'reseller',
  type: 'DOMAIN_ADMIN_UPDATE',
  domain: 'tea.com',
  preview: false,
  validUntil: null,
  dependencies: [],
  at: 1_000,
  ...change,
});
const dependencies = (...types: string[]) => types.map((type, i) => ({ id: `plop_${i}`, type, parameters: {} }));
const charge = (amountCents: number, reason = 'DOMAIN_REGISTRATION'): QuotedAmount => ({
  type: 'CHARGE',
  reason,
  amountCents,
});
const credit = (amountCents: number, reason = 'DOMAIN_RETURN'): QuotedAmount => ({
  type: 'CREDIT',
  reason,
  amountCents,
});

const fact = (change: Partial<OperationFact> = {}): OperationFact => ({
  ...NO_POINTS,
  kind: 'operation',
  surface: 'web3',
  type: 'DOMAIN_CLAIM',
  category: 'claims',
  requestedAt: 1_000,
  chargeCents: 0,
  paidByOrder: false,
  ...change,
});

describe('what an operation counts as', () => {
  it('is a claim when it claims a web3 name', () =>
    expect(operationCategoryOf(requested({ surface: 'web3', type: 'DOMAIN_CLAIM' }))).toBe('claims'));
  it('is a return when it returns a web3 name', () =>
    expect(operationCategoryOf(requested({ surface: 'web3', type: 'DOMAIN_RETURN' }))).toBe('returns'));
  it('is a renewal when it renews a web3 name', () =>
    expect(operationCategoryOf(requested({ surface: 'web3', type: 'DOMAIN_RENEW' }))).toBe('renewals'));
  it('is a renewal when it renews a DNS domain, whatever its type', () =>
    expect(
      operationCategoryOf(requested({ type: 'DOMAIN_ADMIN_UPDATE', dependencies: dependencies('DOMAIN_DNS_RENEW') })),
    ).toBe('renewals'));
  it('is a registration when it registers a domain without a transfer fee', () =>
    expect(
      operationCategoryOf(
        requested({ dependencies: dependencies('CONTACT_CREATE', 'DOMAIN_REGISTER'), quote: [charge(1_200)] }),
      ),
    ).toBe('registrations'));
  it('is a registration when it registers a domain with nothing quoted', () =>
    expect(operationCategoryOf(requested({ dependencies: dependencies('DOMAIN_REGISTER'), quote: [] }))).toBe(
      'registrations',
    ));
  it('is a registration when it registers a domain from before quotes were recorded', () =>
    expect(operationCategoryOf(requested({ dependencies: dependencies('DOMAIN_REGISTER') }))).toBe('registrations'));
  it('is a transfer when its registration is quoted as a transfer', () =>
    expect(
      operationCategoryOf(
        requested({
          dependencies: dependencies('DOMAIN_REGISTER'),
          quote: [charge(1_000, 'DOMAIN_TRANSFER')],
        }),
      ),
    ).toBe('transfers'));
  it('is nothing counted when it only changes records', () =>
    expect(operationCategoryOf(requested({ type: 'UPDATE_RECORDS', dependencies: dependencies('DNS_RECORDS') }))).toBe(
      null,
    ));
  it('is nothing counted when a transfer fee is quoted without a registration', () =>
    expect(
      operationCategoryOf(
        requested({ dependencies: dependencies('DNS_RECORDS'), quote: [charge(1_000, 'DOMAIN_TRANSFER')] }),
      ),
    ).toBe(null));
});

describe('an operation asked for', () => {
  it('is not counted when it is a preview', () => expect(operationRequested(requested({ preview: true }))).toBe(null));

  it('starts with no points, what it counts as and when it was asked for', () =>
    expect(
      operationRequested(
        requested({ surface: 'reseller', type: 'REGISTER', dependencies: dependencies('DOMAIN_REGISTER') }),
      ),
    ).toEqual({
      points: [],
      first: null,
      last: null,
      kind: 'operation',
      surface: 'reseller',
      type: 'REGISTER',
      category: 'registrations',
      requestedAt: 1_000,
      chargeCents: 0,
      paidByOrder: false,
    }));

  it('is charged its charges less its credits', () =>
    expect(
      operationRequested(requested({ quote: [charge(1_200), credit(200), charge(300, 'DOMAIN_RESTORATION')] }))
        ?.chargeCents,
    ).toBe(1_300));

  it('is charged less than nothing when it is only credited', () =>
    expect(operationRequested(requested({ quote: [credit(500)] }))?.chargeCents).toBe(-500));

  it('is paid by an order when an order paid for it', () =>
    expect(operationRequested(requested({ paidBy: { orderId: 'ord-1', productId: 2 } }))?.paidByOrder).toBe(true));
});

describe('an operation that ended', () => {
  it('counts one operation by surface, type and status, worth its duration', () =>
    expect(operationFinished(fact({ category: null }), 'FAILED', 4_500)).toEqual({
      ...fact({ category: null }),
      points: [{ t: 4_500, m: 'operations', d: 'web3 DOMAIN_CLAIM FAILED', v: 3_500 }],
      first: 4_500,
      last: 4_500,
    }));

  it('counts what it is as one more of its kind when it completes', () =>
    expect(operationFinished(fact(), 'COMPLETED', 2_000).points).toEqual([
      { t: 2_000, m: 'operations', d: 'web3 DOMAIN_CLAIM COMPLETED', v: 1_000 },
      { t: 2_000, m: 'claims', d: 'web3', v: 1 },
    ]));

  it('counts nothing of its kind when it failed', () =>
    expect(operationFinished(fact({ chargeCents: 900 }), 'FAILED', 2_000).points).toEqual([
      { t: 2_000, m: 'operations', d: 'web3 DOMAIN_CLAIM FAILED', v: 1_000 },
    ]));

  it('counts nothing of its kind when it was cancelled', () =>
    expect(operationFinished(fact({ chargeCents: 900 }), 'CANCELLED', 2_000).points).toEqual([
      { t: 2_000, m: 'operations', d: 'web3 DOMAIN_CLAIM CANCELLED', v: 1_000 },
    ]));

  it('counts no kind when it completes as nothing counted', () =>
    expect(operationFinished(fact({ category: null }), 'COMPLETED', 2_000).points).toEqual([
      { t: 2_000, m: 'operations', d: 'web3 DOMAIN_CLAIM COMPLETED', v: 1_000 },
    ]));

  it("counts the partner's net charge as revenue when it completes", () =>
    expect(operationFinished(fact({ category: null, chargeCents: 1_300 }), 'COMPLETED', 2_000).points).toEqual([
      { t: 2_000, m: 'operations', d: 'web3 DOMAIN_CLAIM COMPLETED', v: 1_000 },
      { t: 2_000, m: 'revenueCents', d: 'partners', v: 1_300 },
    ]));

  it('counts no revenue of its own when an order paid for it', () =>
    expect(
      operationFinished(fact({ category: null, chargeCents: 1_300, paidByOrder: true }), 'COMPLETED', 2_000).points,
    ).toEqual([{ t: 2_000, m: 'operations', d: 'web3 DOMAIN_CLAIM COMPLETED', v: 1_000 }]));

  it('counts no revenue when nothing was charged', () =>
    expect(operationFinished(fact({ category: null, chargeCents: 0 }), 'COMPLETED', 2_000).points).toHaveLength(1));

  it('counts no revenue when it was credited more than charged', () =>
    expect(operationFinished(fact({ category: null, chargeCents: -500 }), 'COMPLETED', 2_000).points).toHaveLength(1));
});

describe('the points of a fact', () => {
  const at = (t: number): AnalyticsPoint => ({ t, m: 'signups', d: 'users', v: 1 });

  it('are added after the ones it had, spanning the earliest to the latest', () =>
    expect(withPoints({ ...NO_POINTS, points: [at(50)], first: 50, last: 50 }, [at(90), at(20), at(70)])).toEqual({
      points: [at(50), at(90), at(20), at(70)],
      first: 20,
      last: 90,
    }));

  it('leave a fact without points as it was when there are none', () => {
    const empty = fact();
    expect(withPoints(empty, [])).toBe(empty);
  });

  it('make a point of its own a fact spanning its time', () =>
    expect(pointFact(at(40))).toEqual({ points: [at(40)], first: 40, last: 40 }));
});

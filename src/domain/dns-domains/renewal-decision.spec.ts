import { billingDecider } from '../billing/billing-account';
import { domainActivityDecider } from '../operations/domain-activity';
import { operationDecider } from '../operations/operation.decider';
import { NotFound } from '../shared/errors';
import { DnsDomain } from './dns-domain';
import { decideRenewal, RenewalRequest, renewalTermsOf } from './renewal-decision';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 23);
const expiresAt = Date.UTC(2027, 10, 23);
const active = { phase: 'ACTIVE' as const, expiresAt, statuses: ['ok'] };

describe('renewal terms', () => {
  it('renews a name in its term for whole years, never more than ten years ahead', () => {
    expect(renewalTermsOf(active, 10, now)).toEqual({
      isEligible: true,
      reasons: [],
      expiresAt,
      graceEndsAt: expiresAt + 45 * DAY,
      restoration: false,
      period: { min: 1, max: 9, increments: 1 },
    });
    expect(renewalTermsOf(active, 5, now).period.max).toBe(5);
    const tenAhead = { ...active, expiresAt: Date.UTC(2036, 10, 23) };
    expect(renewalTermsOf(tenAhead, 10, now)).toMatchObject({ isEligible: false, reasons: ['MAXIMUM_TERM'] });
  });

  it('renews in the auto-renew grace as usual, restores in redemption, and refuses in pending delete', () => {
    const later = expiresAt + 10 * DAY;
    expect(renewalTermsOf({ ...active, phase: 'AUTO_RENEW_GRACE' }, 10, later)).toMatchObject({
      isEligible: true,
      restoration: false,
    });
    expect(renewalTermsOf({ ...active, phase: 'REDEMPTION' }, 10, expiresAt + 50 * DAY)).toMatchObject({
      isEligible: true,
      restoration: true,
      period: { min: 1, max: 10 },
    });
    expect(renewalTermsOf({ ...active, phase: 'PENDING_DELETE' }, 10, expiresAt + 80 * DAY).reasons).toEqual([
      'PENDING_DELETE',
    ]);
  });

  it('says every reason a name cannot be renewed', () => {
    const held = { ...active, statuses: ['clientRenewProhibited', 'pendingTransfer'] };
    expect(renewalTermsOf(held, 10, now).reasons).toEqual(['RENEW_PROHIBITED', 'PENDING_TRANSFER']);
  });
});

describe('renewal decision', () => {
  const domain: DnsDomain = {
    status: 'REGISTERED',
    accountId: 'acc-1',
    operationId: 'op-0',
    createdAt: now,
    expiresAt,
    sealedAuthorizationCode: 'sealed',
    whoisProxy: true,
  };
  const request: RenewalRequest = {
    accountId: 'acc-1',
    operationId: 'op-1',
    at: now,
    preview: false,
    name: 'fresh.com',
    years: 2,
    expectedExpiry: undefined,
    dependencyId: 'plop_1',
    transactionIds: ['btx-1', 'btx-2'],
  };
  const restoring = { ...renewalTermsOf(active, 10, now), restoration: true };
  const facts = {
    terms: renewalTermsOf(active, 10, now),
    quote: [{ type: 'CHARGE' as const, reason: 'DOMAIN_RENEWAL', amountCents: 2998 }],
    creditLimitCents: 1_000_000,
    quoteValidityMs: 900_000,
  };
  const states = {
    operation: operationDecider.initialState(),
    activity: domainActivityDecider.initialState(),
    domain,
    billing: billingDecider.initialState(),
  };

  it('asks the registry to renew from the current expiry and charges in the same decision', () => {
    const decision = decideRenewal(request, facts, states);
    expect(decision.state).toMatchObject({ type: 'DOMAIN_RENEW', status: 'QUEUED', quote: facts.quote });
    expect(decision.state.dependencies[0]).toMatchObject({
      type: 'DOMAIN_DNS_RENEW',
      parameters: { period: 2, currentExpiry: '2027-11-23', restore: false },
    });
    expect(decision.billing).toEqual([
      { type: 'ChargeRecorded', data: expect.objectContaining({ kind: 'DOMAIN_RENEWAL', amountCents: 2998 }) },
    ]);
    expect(decision.activity.map((event) => event.type)).toEqual(['DomainOperationStarted']);
  });

  it('charges a restoration and a renewal separately', () => {
    const quote = [{ type: 'CHARGE' as const, reason: 'DOMAIN_RESTORATION', amountCents: 8000 }, ...facts.quote];
    const decision = decideRenewal(request, { ...facts, terms: restoring, quote }, states);
    expect(decision.billing.map((event) => [event.data.kind, event.data.transactionId])).toEqual([
      ['DOMAIN_RESTORATION', 'btx-1'],
      ['DOMAIN_RENEWAL', 'btx-2'],
    ]);
  });

  it('stores only the preview of a preview', () => {
    const decision = decideRenewal({ ...request, preview: true }, facts, states);
    expect(decision.state).toMatchObject({ status: 'PREVIEW', validUntil: now + 900_000 });
    expect([...decision.billing, ...decision.activity]).toEqual([]);
  });

  it('refuses another account’s name, a stale expiry, an ineligible name and a period outside the terms', () => {
    expect(() => decideRenewal({ ...request, accountId: 'acc-2' }, facts, states)).toThrow(NotFound);
    expect(() => decideRenewal(request, facts, { ...states, domain: { status: 'NONE' } })).toThrow(NotFound);
    expect(() => decideRenewal({ ...request, expectedExpiry: expiresAt - DAY }, facts, states)).toThrow(
      expect.objectContaining({ code: 'EXPIRATION_DATE_MISMATCH' }),
    );
    // the same day at another hour is the same expiry
    expect(() => decideRenewal({ ...request, expectedExpiry: expiresAt + 3_600_000 }, facts, states)).not.toThrow();
    const prohibited = renewalTermsOf({ ...active, statuses: ['clientRenewProhibited'] }, 10, now);
    expect(() => decideRenewal(request, { ...facts, terms: prohibited }, states)).toThrow(
      expect.objectContaining({ code: 'NOT_AVAILABLE', context: { reasons: ['RENEW_PROHIBITED'] } }),
    );
    expect(() => decideRenewal({ ...request, years: 10 }, facts, states)).toThrow(
      expect.objectContaining({ code: 'VALIDATION' }),
    );
  });

  it('refuses a charge past the credit limit', () => {
    expect(() => decideRenewal(request, { ...facts, creditLimitCents: 2000 }, states)).toThrow(
      expect.objectContaining({ code: 'INSUFFICIENT_BALANCE' }),
    );
  });
});

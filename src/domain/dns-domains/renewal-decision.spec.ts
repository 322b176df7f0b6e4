import { decidedOperation } from '../../../test/support/operation-events';
import { decisionSpec, exactly, pastCreditLimit } from '../../../test/support/decision-spec';
import { billingDecider, BillingEvent } from '../billing/billing-account';
import { domainActivityDecider } from '../operations/domain-activity';
import { operationDecider } from '../operations/operation.decider';
import { OperationRequested } from '../operations/operation.events';
import { ConcurrentOperation, NotFound, Refused } from '../shared/errors';
import { dnsDomainDecider, DnsDomainEvent } from './dns-domain';
import { decideRenewal, RenewalFacts, RenewalRequest, renewalTermsOf } from './renewal-decision';

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
    expect(renewalTermsOf({ ...active, phase: 'PURGED' }, 10, expiresAt + 90 * DAY)).toMatchObject({
      isEligible: false,
      reasons: ['PENDING_DELETE'],
    });
  });

  it('says every reason a name cannot be renewed', () => {
    const held = { ...active, statuses: ['clientRenewProhibited', 'pendingTransfer'] };
    expect(renewalTermsOf(held, 10, now).reasons).toEqual(['RENEW_PROHIBITED', 'PENDING_TRANSFER']);
  });
});

describe('deciding a renewal', () => {
  const name = 'fresh.com';
  const registered: DnsDomainEvent[] = [
    {
      type: 'DnsRegistrationRequested',
      data: { name, operationId: 'op-0', accountId: 'acc-1', years: 1, priceCents: 2998, at: now },
    },
    {
      type: 'DnsDomainRegistered',
      data: {
        name,
        operationId: 'op-0',
        accountId: 'acc-1',
        createdAt: now,
        expiresAt,
        sealedAuthorizationCode: 'sealed',
        at: now,
      },
    },
  ];
  const request: RenewalRequest = {
    accountId: 'acc-1',
    operationId: 'op-1',
    at: now,
    preview: false,
    name,
    years: 2,
    expectedExpiry: undefined,
    dependencyId: 'plop_1',
    transactionIds: ['btx-1', 'btx-2'],
  };
  const renewal = { type: 'CHARGE' as const, reason: 'DOMAIN_RENEWAL', amountCents: 2998 };
  const restoration = { type: 'CHARGE' as const, reason: 'DOMAIN_RESTORATION', amountCents: 8000 };
  const facts: RenewalFacts = {
    terms: renewalTermsOf(active, 10, now),
    quote: [renewal],
    creditLimitCents: 1_000_000,
    quoteValidityMs: 900_000,
  };
  const renewing = (asked: Partial<RenewalRequest> = {}, known: Partial<RenewalFacts> = {}) => ({
    request: { ...request, ...asked },
    facts: { ...facts, ...known },
  });
  const operation = decidedOperation({
    operationId: 'op-1',
    accountId: 'acc-1',
    surface: 'reseller',
    type: 'DOMAIN_RENEW',
    domain: name,
    quote: [renewal],
    at: now,
  });
  const requested = (parameters: Record<string, unknown> = {}, change: Partial<OperationRequested['data']> = {}) =>
    operation.requested(
      [
        {
          id: 'plop_1',
          type: 'DOMAIN_DNS_RENEW',
          parameters: { period: 2, currentExpiry: '2027-11-23', restore: false, ...parameters },
        },
      ],
      change,
    );
  const { started } = operation;
  const charged = (transactionId: string, kind: BillingEvent['data']['kind'], amountCents: number): BillingEvent => ({
    type: 'ChargeRecorded',
    data: { accountId: 'acc-1', transactionId, kind, amountCents, operationId: 'op-1', domain: name, at: now },
  });
  const given = decisionSpec(
    { operation: operationDecider, activity: domainActivityDecider, domain: dnsDomainDecider, billing: billingDecider },
    ({ request: asked, facts: known }: ReturnType<typeof renewing>, states) => decideRenewal(asked, known, states),
  );
  const notFound = {
    code: 'NOT_FOUND',
    message: exactly('domain fresh.com was not found'),
    context: { id: name },
  } as const;

  it('asks the registry to renew from the current expiry, and charges in the same decision', () =>
    given({ domain: registered })
      .when(renewing())
      .then({
        operation: [requested()],
        activity: [started()],
        billing: [charged('btx-1', 'DOMAIN_RENEWAL', 2998)],
      }));

  it('restores a name in redemption, and charges the restoration and the renewal apart', () =>
    given({ domain: registered })
      .when(renewing({}, { terms: { ...facts.terms, restoration: true }, quote: [restoration, renewal] }))
      .then({
        operation: [requested({ restore: true }, { quote: [restoration, renewal] })],
        activity: [started()],
        billing: [charged('btx-1', 'DOMAIN_RESTORATION', 8000), charged('btx-2', 'DOMAIN_RENEWAL', 2998)],
      }));

  it('renews for as few and as many years as the terms allow', () => {
    given({ domain: registered })
      .when(renewing({ years: 1 }))
      .thenState({ operation: { dependencies: [{ parameters: { period: 1 } }] } });
    given({ domain: registered })
      .when(renewing({ years: 9 }))
      .thenState({ operation: { dependencies: [{ parameters: { period: 9 } }] } });
  });

  it('takes the expiry the caller renews from on any hour of its day', () =>
    given({ domain: registered })
      .when(renewing({ expectedExpiry: expiresAt + 3_600_000 }))
      .thenState({ operation: { status: 'QUEUED' } }));

  describe('its refusals', () => {
    it('answers a name of another account, one not registered yet and one unknown alike', () => {
      given({ domain: registered })
        .when(renewing({ accountId: 'acc-2' }))
        .thenThrows(NotFound, notFound);
      given({ domain: registered.slice(0, 1) })
        .when(renewing())
        .thenThrows(NotFound, notFound);
      given().when(renewing()).thenThrows(NotFound, notFound);
    });

    it('refuses to renew from an expiry the name no longer has', () =>
      given({ domain: registered })
        .when(renewing({ expectedExpiry: expiresAt - DAY }))
        .thenThrows(Refused, {
          code: 'EXPIRATION_DATE_MISMATCH',
          message: exactly('fresh.com expires on 2027-11-23 now: it was renewed since'),
          context: { expirationDate: '2027-11-23T00:00:00.000Z' },
        }));

    it('refuses a name that cannot be renewed now, with every reason', () =>
      given({ domain: registered })
        .when(
          renewing(
            {},
            { terms: renewalTermsOf({ ...active, statuses: ['clientRenewProhibited', 'pendingTransfer'] }, 10, now) },
          ),
        )
        .thenThrows(Refused, {
          code: 'NOT_AVAILABLE',
          message: exactly('fresh.com cannot be renewed now: RENEW_PROHIBITED, PENDING_TRANSFER'),
          context: { reasons: ['RENEW_PROHIBITED', 'PENDING_TRANSFER'] },
        }));

    it('refuses a period outside the terms', () => {
      const outside = {
        code: 'VALIDATION',
        message: exactly('period: fresh.com renews now for 1 to 9 years'),
        context: {},
      } as const;
      given({ domain: registered })
        .when(renewing({ years: 0 }))
        .thenThrows(Refused, outside);
      given({ domain: registered })
        .when(renewing({ years: 10 }))
        .thenThrows(Refused, outside);
    });

    it('refuses a name another operation holds', () =>
      given({ domain: registered, activity: [started('op-0', 'acc-2')] })
        .when(renewing())
        .thenThrows(ConcurrentOperation, {
          code: 'CONCURRENT_OPERATION',
          message: exactly('domain fresh.com has an unfinished operation'),
          context: { domain: name },
        }));

    it('refuses a charge past the credit limit', () =>
      given({ domain: registered })
        .when(renewing({}, { creditLimitCents: 2000 }))
        .thenThrows(Refused, pastCreditLimit(2998, 0, 2000)));

    it("paid by a user's order, charges nothing and names the order line on the operation, whatever the limit", () => {
      const paidBy = { orderId: 'ord-1', productId: 2 };
      given({ domain: registered })
        .when(renewing({ paidBy }, { creditLimitCents: 0 }))
        .then({ operation: [requested({}, { paidBy })], activity: [started()] });
    });

    it('counts the restoration against the credit limit before the renewal', () =>
      given({ domain: registered })
        .when(renewing({}, { quote: [restoration, renewal], creditLimitCents: 10_000 }))
        .thenThrows(Refused, pastCreditLimit(2998, 8000, 10_000)));
  });

  describe('a preview', () => {
    it('stores its operation alone, valid until its quote expires', () =>
      given({ domain: registered })
        .when(renewing({ preview: true }))
        .then({ operation: [requested({}, { preview: true, validUntil: now + 900_000 })] }));
  });
});

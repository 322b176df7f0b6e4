import { decidedOperation } from '../../../test/support/operation-events';
import { decisionSpec, exactly } from '../../../test/support/decision-spec';
import { dnsDomainDecider, DnsDomainEvent } from '../dns-domains/dns-domain';
import { domainActivityDecider } from '../operations/domain-activity';
import { operationDecider } from '../operations/operation.decider';
import { OperationRequested } from '../operations/operation.events';
import { fold } from '../shared/decider';
import { ConcurrentOperation, Refused } from '../shared/errors';
import {
  decideMarketTransfer,
  MARKET_OPERATION_TYPES,
  MarketTransferKind,
  marketTransferKindOf,
  MarketTransferRequest,
} from './market-transfer';

const at = Date.UTC(2026, 10, 27);
const name = 'sun.com';
const requestedBySeller: DnsDomainEvent = {
  type: 'DnsRegistrationRequested',
  data: { name, operationId: 'op-0', accountId: 'acc-1', years: 1, priceCents: 2998, at },
};
const registered: DnsDomainEvent[] = [
  requestedBySeller,
  {
    type: 'DnsDomainRegistered',
    data: {
      name,
      operationId: 'op-0',
      accountId: 'acc-1',
      createdAt: at,
      expiresAt: at + 365 * 86_400_000,
      sealedAuthorizationCode: 'sealed',
      at,
    },
  },
];
const purchase: MarketTransferRequest = {
  kind: 'PURCHASE',
  operationId: 'op-1',
  accountId: 'acc-2',
  name,
  holderAccountId: 'acc-1',
  contacts: { owner: { id: 'con_2' } },
  dependencyId: 'plop_1',
  at,
};
const given = decisionSpec(
  { operation: operationDecider, activity: domainActivityDecider, domain: dnsDomainDecider },
  (request: MarketTransferRequest, states) => decideMarketTransfer(request, states),
);
const decided = (type: string, accountId = 'acc-2') =>
  decidedOperation({ operationId: 'op-1', accountId, surface: 'reseller', type, domain: name, quote: [], at });
const contactSet = (parameters: Record<string, unknown>) => [
  { id: 'plop_1', type: 'DOMAIN_DNS_CONTACT_SET', parameters },
];

describe('a marketplace transfer of a name', () => {
  it("asks the registry to set the name's contacts, and holds the name while it runs", () => {
    const paidBy = { orderId: 'ord-1', productId: 3 };
    const operation = decided('DOMAIN_MARKET_PURCHASE');
    given({ domain: registered })
      .when({ ...purchase, paidBy })
      .then({
        operation: [operation.requested(contactSet({ owner: { id: 'con_2' } }), { paidBy })],
        activity: [operation.started()],
      });
  });

  it('names the lease a completion or a default ends', () => {
    const defaulted = decided('DOMAIN_MARKET_LEASE_DEFAULT', 'acc-1');
    const contacts = { admin: { id: 'con_1' }, tech: { id: 'con_1' } };
    given({ domain: registered })
      .when({ ...purchase, kind: 'LEASE_DEFAULT', accountId: 'acc-1', contacts, leaseId: 'ord-1:3' })
      .then({
        operation: [defaulted.requested(contactSet({ ...contacts, leaseId: 'ord-1:3' }))],
        activity: [defaulted.started()],
      });
  });

  it('names no lease and no order line when it was given none', () => {
    const [requested] = decideMarketTransfer(purchase, {
      operation: operationDecider.initialState(),
      activity: domainActivityDecider.initialState(),
      domain: fold(dnsDomainDecider, registered),
    }).operation as OperationRequested[];
    expect(requested.data).not.toHaveProperty('paidBy');
    expect(requested.data.dependencies[0].parameters).toStrictEqual({ owner: { id: 'con_2' } });
  });

  it('is an operation of its own type per kind, told back by that type', () => {
    const kinds: Record<MarketTransferKind, string> = {
      PURCHASE: 'DOMAIN_MARKET_PURCHASE',
      LEASE: 'DOMAIN_MARKET_LEASE',
      LEASE_COMPLETION: 'DOMAIN_MARKET_LEASE_COMPLETION',
      LEASE_DEFAULT: 'DOMAIN_MARKET_LEASE_DEFAULT',
    };
    expect(MARKET_OPERATION_TYPES).toEqual(kinds);
    for (const [kind, type] of Object.entries(kinds)) {
      given({ domain: registered })
        .when({ ...purchase, kind: kind as MarketTransferKind })
        .thenState({ operation: { type } });
      expect(marketTransferKindOf(type)).toBe(kind);
    }
    expect(marketTransferKindOf('DOMAIN_RENEW')).toBeUndefined();
  });

  describe('its refusals', () => {
    const gone = {
      code: 'NOT_AVAILABLE',
      message: exactly('sun.com is no longer held by its seller'),
      context: {},
    } as const;

    it('refuses a name no longer held here by the account it moves from', () => {
      given({ domain: registered })
        .when({ ...purchase, holderAccountId: 'acc-3' })
        .thenThrows(Refused, gone);
      given({ domain: [requestedBySeller] })
        .when(purchase)
        .thenThrows(Refused, gone);
      given({
        domain: [
          ...registered,
          { type: 'DnsDomainReleased', data: { name, operationId: 'op-0', reason: 'PURGED', at } },
        ],
      })
        .when(purchase)
        .thenThrows(Refused, gone);
      for (const kind of ['LEASE_COMPLETION', 'LEASE_DEFAULT'] as const)
        given({ domain: registered })
          .when({ ...purchase, kind, holderAccountId: 'acc-3' })
          .thenThrows(Refused, { ...gone, message: exactly('sun.com is no longer held by its lessee') });
      given({ domain: registered })
        .when({ ...purchase, kind: 'LEASE', holderAccountId: 'acc-3' })
        .thenThrows(Refused, gone);
    });

    it('refuses a name another unfinished operation holds', () =>
      given({ domain: registered, activity: [decided('DOMAIN_RENEW', 'acc-1').started('op-0')] })
        .when(purchase)
        .thenThrows(ConcurrentOperation, {
          code: 'CONCURRENT_OPERATION',
          message: exactly('domain sun.com has an unfinished operation'),
          context: { domain: name },
        }));
  });
});

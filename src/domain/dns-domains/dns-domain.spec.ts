import { deciderSpec } from '../../../test/support/decider-spec';
import { IllegalTransition, Refused } from '../shared/errors';
import { fold } from '../shared/decider';
import {
  DNS_DOMAIN_EVENT_TYPES,
  DnsDomainCommand,
  DnsDomainEvent,
  DnsDomainRegistered,
  dnsDomainDecider,
  DnsRegistrationRequested,
} from './dns-domain';

const at = 1_700_000_000_000;
const requested: DnsRegistrationRequested = {
  type: 'DnsRegistrationRequested',
  data: { name: 'fresh.com', operationId: 'op-1', accountId: 'acc-1', years: 2, priceCents: 2598, at },
};
const registered: DnsDomainRegistered = {
  type: 'DnsDomainRegistered',
  data: {
    name: 'fresh.com',
    operationId: 'op-1',
    accountId: 'acc-1',
    createdAt: at,
    expiresAt: at + 1,
    sealedAuthorizationCode: 'sealed',
    at,
  },
};

// Equivalent mutants: the guards of evolve (`domain.status === 'REGISTERED' ?` for DnsDomainRenewed and
// DnsWhoisProxySet, `domain.status === 'PENDING' && domain.transfer` for DnsTransferRequested) → `true`: the decider
// records each of these events only from that very state.

describe('dns domain decider', () => {
  const given = deciderSpec(dnsDomainDecider);

  it('holds a name for the registration that asked for it, and refuses a second one', () => {
    given().when({ type: 'RequestDnsRegistration', data: requested.data }).then(requested);
    given(requested)
      .when({ type: 'RequestDnsRegistration', data: { ...requested.data, operationId: 'op-2' } })
      .thenThrows(Refused, { code: 'NOT_AVAILABLE' });
    given(requested, registered)
      .when({ type: 'RequestDnsRegistration', data: { ...requested.data, operationId: 'op-2' } })
      .thenThrows(Refused, { code: 'NOT_AVAILABLE' });
  });

  it('records the registration of its own operation once, and no other', () => {
    given(requested).when({ type: 'RecordDnsRegistration', data: registered.data }).then(registered);
    given(requested, registered).when({ type: 'RecordDnsRegistration', data: registered.data }).thenNothing();
    given(requested)
      .when({ type: 'RecordDnsRegistration', data: { ...registered.data, operationId: 'op-2' } })
      .thenThrows(IllegalTransition, /no registration/);
    given(requested, registered).thenState({ status: 'REGISTERED', accountId: 'acc-1', expiresAt: at + 1 });
  });

  it('gives the name back when its registration is abandoned, and only then', () => {
    const abandon = { type: 'AbandonDnsRegistration', data: { name: 'fresh.com', operationId: 'op-1', at } } as const;
    given(requested).when(abandon).then({ type: 'DnsRegistrationAbandoned', data: abandon.data });
    given(requested, { type: 'DnsRegistrationAbandoned', data: abandon.data }).thenState({ status: 'NONE' });
    given(requested, registered).when(abandon).thenNothing();
    given(requested)
      .when({ ...abandon, data: { ...abandon.data, operationId: 'op-2' } })
      .thenNothing();
  });

  it('records a renewal of a registered name once, and none of a name not registered', () => {
    const renewed = {
      type: 'DnsDomainRenewed' as const,
      data: { name: 'fresh.com', operationId: 'op-2', expiresAt: at + 2, at },
    };
    given(requested, registered).when({ type: 'RecordDnsRenewal', data: renewed.data }).then(renewed);
    given(requested, registered, renewed).when({ type: 'RecordDnsRenewal', data: renewed.data }).thenNothing();
    given(requested)
      .when({ type: 'RecordDnsRenewal', data: renewed.data })
      .thenThrows(IllegalTransition, /^fresh\.com is not registered here$/);
  });

  it('records that a transfer in was asked of the registry once, for a transfer only', () => {
    const transfer = { ...requested, data: { ...requested.data, sealedTransferCode: 'sealed-code' } };
    const asked = { type: 'DnsTransferRequested' as const, data: { name: 'fresh.com', operationId: 'op-1', at } };
    given(transfer).when({ type: 'RecordDnsTransferRequest', data: asked.data }).then(asked);
    given(transfer, asked).when({ type: 'RecordDnsTransferRequest', data: asked.data }).thenNothing();
    given(requested).when({ type: 'RecordDnsTransferRequest', data: asked.data }).thenThrows(IllegalTransition);
  });

  it('releases a registered name the registry no longer holds, so that it can be had again', () => {
    const released = {
      type: 'DnsDomainReleased' as const,
      data: { name: 'fresh.com', operationId: 'op-2', reason: 'PURGED' as const, at },
    };
    given(requested, registered).when({ type: 'ReleaseDnsDomain', data: released.data }).then(released);
    given(requested).when({ type: 'ReleaseDnsDomain', data: released.data }).thenNothing();
    given(requested, registered, released)
      .when({ type: 'RequestDnsRegistration', data: { ...requested.data, operationId: 'op-2' } })
      .then({ ...requested, data: { ...requested.data, operationId: 'op-2' } });
  });

  it('hands a registered name over from the account that holds it to another, once', () => {
    const handedOver = {
      type: 'DnsDomainHandedOver' as const,
      data: { name: 'fresh.com', operationId: 'op-2', fromAccountId: 'acc-1', toAccountId: 'acc-2', at },
    };
    const handOver = { type: 'HandOverDnsDomain' as const, data: handedOver.data };
    given(requested, registered).when(handOver).then(handedOver);
    given(requested, registered, handedOver).thenState({
      status: 'REGISTERED',
      accountId: 'acc-2',
      operationId: 'op-2',
    });
    given(requested, registered, handedOver).when(handOver).thenNothing();
    given(requested, registered, handedOver)
      .when({ ...handOver, data: { ...handOver.data, operationId: 'op-3' } })
      .thenThrows(IllegalTransition, /fresh.com is not held by the account handing it over/);
    given(requested)
      .when(handOver)
      .thenThrows(IllegalTransition, /not held by the account/);
    given(requested, registered)
      .when({ ...handOver, data: { ...handOver.data, fromAccountId: 'acc-3' } })
      .thenThrows(IllegalTransition, /not held by the account/);
    given(requested, { ...handedOver }).thenState({ status: 'PENDING', accountId: 'acc-1' });
    // not registered yet, though asked by the account and the operation named
    given(requested)
      .when({
        ...handOver,
        data: { ...handOver.data, fromAccountId: 'acc-1', toAccountId: 'acc-1', operationId: 'op-1' },
      })
      .thenThrows(IllegalTransition, /not held by the account/);
    // the registration's own operation, to another account: a hand-over all the same
    given(requested, registered)
      .when({ ...handOver, data: { ...handOver.data, operationId: 'op-1' } })
      .then({ ...handedOver, data: { ...handedOver.data, operationId: 'op-1' } });
  });

  it('refuses a name held for a registration, saying so', () =>
    given(requested)
      .when({ type: 'RequestDnsRegistration', data: { ...requested.data, operationId: 'op-2' } })
      .thenThrows(Refused, { code: 'NOT_AVAILABLE', message: /^fresh\.com is not available$/ }));

  it('records no registration over one another operation recorded', () =>
    given(requested, registered)
      .when({ type: 'RecordDnsRegistration', data: { ...registered.data, operationId: 'op-2' } })
      .thenThrows(IllegalTransition, /^no registration of fresh\.com by op-2 runs$/));

  it('registers a name with the WHOIS proxy on, and sets it once each way', () => {
    const proxy = (enabled: boolean) => ({
      type: 'SetDnsWhoisProxy' as const,
      data: { name: 'fresh.com', operationId: 'op-3', enabled, at },
    });
    given(requested, registered).thenState({ whoisProxy: true });
    given(requested, registered).when(proxy(true)).thenNothing();
    given(requested, registered)
      .when(proxy(false))
      .then({ type: 'DnsWhoisProxySet', data: proxy(false).data });
    given(requested, registered, { type: 'DnsWhoisProxySet', data: proxy(false).data })
      .when(proxy(false))
      .thenNothing();
    given(requested, registered, { type: 'DnsWhoisProxySet', data: proxy(false).data })
      .when(proxy(true))
      .thenState({ whoisProxy: true });
    given(requested)
      .when(proxy(false))
      .thenThrows(IllegalTransition, /^fresh\.com is not registered here$/);
  });

  it('keeps the sealed code of a transfer in when the registry was asked', () => {
    const transfer = { ...requested, data: { ...requested.data, sealedTransferCode: 'sealed-code' } };
    const asked = {
      type: 'DnsTransferRequested' as const,
      data: { name: 'fresh.com', operationId: 'op-1', at: at + 5 },
    };
    given(transfer).thenState({ status: 'PENDING', transfer: { sealedCode: 'sealed-code', requestedAt: null } });
    given(transfer, asked).thenState({
      status: 'PENDING',
      transfer: { sealedCode: 'sealed-code', requestedAt: at + 5 },
    });
    given()
      .when({ type: 'RecordDnsTransferRequest', data: asked.data })
      .thenThrows(IllegalTransition, /^no transfer of fresh\.com by this operation runs$/);
  });

  it('fails loudly on a command or an event of a newer version', () => {
    given()
      .when({ type: 'TransferDnsDomain', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(dnsDomainDecider, [requested, { type: 'DnsDomainParked', data: {} } as never])).toThrow(
      /unexpected value/,
    );
  });

  it('tells its subscribers about every event it records', () => {
    const transfer = { ...requested, data: { ...requested.data, sealedTransferCode: 'sealed-code' } };
    const decided = (history: DnsDomainEvent[], command: DnsDomainCommand) =>
      dnsDomainDecider.decide(command, fold(dnsDomainDecider, history));
    const data = { name: 'fresh.com', operationId: 'op-1', at };
    const recorded = new Set(
      [
        ...decided([], { type: 'RequestDnsRegistration', data: requested.data }),
        ...decided([requested], { type: 'RecordDnsRegistration', data: registered.data }),
        ...decided([requested], { type: 'AbandonDnsRegistration', data }),
        ...decided([requested, registered], { type: 'RecordDnsRenewal', data: { ...data, expiresAt: at + 9 } }),
        ...decided([requested, registered], { type: 'SetDnsWhoisProxy', data: { ...data, enabled: false } }),
        ...decided([transfer], { type: 'RecordDnsTransferRequest', data }),
        ...decided([requested, registered], { type: 'ReleaseDnsDomain', data: { ...data, reason: 'PURGED' } }),
        ...decided([requested, registered], {
          type: 'HandOverDnsDomain',
          data: { ...data, operationId: 'op-2', fromAccountId: 'acc-1', toAccountId: 'acc-2' },
        }),
      ].map((event) => event.type),
    );
    expect(recorded.size).toBe(DNS_DOMAIN_EVENT_TYPES.length);
    expect(new Set(DNS_DOMAIN_EVENT_TYPES)).toEqual(recorded);
  });
});

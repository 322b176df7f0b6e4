import { deciderSpec } from '../../../test/support/decider-spec';
import { IllegalTransition, Refused } from '../shared/errors';
import { DnsDomainRegistered, dnsDomainDecider, DnsRegistrationRequested } from './dns-domain';

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
    given(requested).when({ type: 'RecordDnsRenewal', data: renewed.data }).thenThrows(IllegalTransition);
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
});

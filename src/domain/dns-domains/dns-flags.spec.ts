import { expectRefusal, exactly } from '../../../test/support/decision-spec';
import { Refused } from '../shared/errors';
import { dnsFlagsOf, flagChangeOf, FlagFacts, newNameLocksOf, registryChangeOf } from './dns-flags';

const DAY = 86_400_000;
const createdAt = Date.UTC(2026, 0, 1);
const facts: FlagFacts = {
  statuses: ['clientTransferProhibited'],
  phase: 'ACTIVE',
  createdAt,
  transferredAt: null,
  whoisProxy: true,
  now: createdAt + 90 * DAY,
};
const statusesOf = (flags: ReturnType<typeof dnsFlagsOf>) =>
  Object.fromEntries(Object.entries(flags).map(([flag, state]) => [flag, state.status]));

describe('dns flags', () => {
  it('are the absence of client statuses at the registry, and the WHOIS proxy setting', () => {
    expect(statusesOf(dnsFlagsOf(facts))).toEqual({
      DNS_RESOLUTION: 'ENABLED',
      DNS_TRANSFER_OUT: 'DISABLED',
      DNS_DELETE: 'ENABLED',
      DNS_RENEW: 'ENABLED',
      DNS_UPDATE: 'ENABLED',
      DNS_WHOIS_PROXY: 'ENABLED',
    });
    const held = dnsFlagsOf({ ...facts, statuses: ['clientHold', 'clientUpdateProhibited'], whoisProxy: false });
    expect(statusesOf(held)).toMatchObject({
      DNS_RESOLUTION: 'DISABLED',
      DNS_TRANSFER_OUT: 'ENABLED',
      DNS_UPDATE: 'DISABLED',
      DNS_WHOIS_PROXY: 'DISABLED',
    });
  });

  it('hold DNS_TRANSFER_OUT read-only for 60 days after a registration or a transfer', () => {
    const young = dnsFlagsOf({ ...facts, now: createdAt + 59 * DAY });
    expect(young.DNS_TRANSFER_OUT.readonlyReasons).toEqual([
      expect.objectContaining({ code: 'TRANSFER_LOCK', untilTimestamp: createdAt + 60 * DAY }),
    ]);
    expect(young.DNS_RENEW.readonlyReasons).toEqual([]);
    const transferred = dnsFlagsOf({ ...facts, transferredAt: createdAt + 80 * DAY });
    expect(transferred.DNS_TRANSFER_OUT.readonlyReasons[0].untilTimestamp).toBe(createdAt + 140 * DAY);
    expect(dnsFlagsOf(facts).DNS_TRANSFER_OUT.readonlyReasons).toEqual([]);
  });

  it('are all read-only past the grace period and while a transfer is pending', () => {
    const redeemed = dnsFlagsOf({ ...facts, phase: 'REDEMPTION' });
    expect(Object.values(redeemed).every((flag) => flag.readonlyReasons[0]?.code === 'PENDING_DELETE')).toBe(true);
    const moving = dnsFlagsOf({ ...facts, statuses: ['pendingTransfer'] });
    expect(moving.DNS_WHOIS_PROXY.readonlyReasons.map((reason) => reason.code)).toEqual(['PENDING_TRANSFER']);
    expect(dnsFlagsOf({ ...facts, phase: 'AUTO_RENEW_GRACE' }).DNS_RENEW.readonlyReasons).toEqual([]);
  });
});

describe('flag changes', () => {
  const flags = dnsFlagsOf(facts);

  it('lock the flags turned off and unlock the ones turned on, each only when it changes', () => {
    expect(flagChangeOf(flags, { DNS_TRANSFER_OUT: 'ENABLED', DNS_DELETE: 'DISABLED', DNS_RENEW: 'ENABLED' })).toEqual({
      DNS_TRANSFER_OUT: false,
      DNS_DELETE: true,
    });
    expect(flagChangeOf(flags, { DNS_WHOIS_PROXY: 'DISABLED' })).toEqual({ DNS_WHOIS_PROXY: true });
  });

  it('ask the registry to add the client status of a locked flag and remove the one of an unlocked flag', () => {
    expect(registryChangeOf({ DNS_TRANSFER_OUT: false, DNS_DELETE: true, DNS_RESOLUTION: true })).toEqual({
      add: ['clientHold', 'clientDeleteProhibited'],
      remove: ['clientTransferProhibited'],
    });
    expect(registryChangeOf({ DNS_WHOIS_PROXY: false })).toEqual({ add: [], remove: [], whoisProxy: true });
  });

  it('are none when nothing would change, and refused for a read-only flag asked to change', () => {
    expect(flagChangeOf(flags, { DNS_RENEW: 'ENABLED' })).toBeNull();
    expect(flagChangeOf(flags, {})).toBeNull();
    const young = dnsFlagsOf({ ...facts, now: createdAt + DAY });
    expect(() => flagChangeOf(young, { DNS_TRANSFER_OUT: 'ENABLED', DNS_RENEW: 'DISABLED' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION', context: { readonly: ['DNS_TRANSFER_OUT'] } }),
    );
    // a read-only flag asked for the status it has is no change to it
    expect(flagChangeOf(young, { DNS_TRANSFER_OUT: 'DISABLED', DNS_RENEW: 'DISABLED' })).toEqual({ DNS_RENEW: true });
  });
});

describe('dns flags, each', () => {
  it.each([
    ['DNS_RESOLUTION', 'clientHold'],
    ['DNS_TRANSFER_OUT', 'clientTransferProhibited'],
    ['DNS_DELETE', 'clientDeleteProhibited'],
    ['DNS_RENEW', 'clientRenewProhibited'],
    ['DNS_UPDATE', 'clientUpdateProhibited'],
  ])('turns %s off with %s, and that alone', (flag, status) => {
    const flags = statusesOf(dnsFlagsOf({ ...facts, statuses: [status] }));
    expect(Object.entries(flags).filter(([, value]) => value === 'DISABLED')).toEqual([[flag, 'DISABLED']]);
    expect(registryChangeOf({ [flag]: true })).toEqual({ add: [status], remove: [] });
  });

  it('end the transfer lock the moment 60 days are over, and say why while it holds', () => {
    expect(dnsFlagsOf({ ...facts, now: createdAt + 60 * DAY }).DNS_TRANSFER_OUT.readonlyReasons).toEqual([]);
    expect(dnsFlagsOf({ ...facts, now: createdAt + 60 * DAY - 1 }).DNS_TRANSFER_OUT.readonlyReasons).toEqual([
      {
        code: 'TRANSFER_LOCK',
        message: 'no transfer within 60 days of a registration or transfer',
        untilTimestamp: createdAt + 60 * DAY,
      },
    ]);
  });

  it('name every read-only flag asked to change, and each of its reasons', () => {
    const held = dnsFlagsOf({ ...facts, statuses: ['pendingTransfer'], phase: 'REDEMPTION', now: createdAt + DAY });
    expectRefusal(() => flagChangeOf(held, { DNS_TRANSFER_OUT: 'DISABLED', DNS_RENEW: 'DISABLED' }), Refused, {
      code: 'VALIDATION',
      message: exactly(
        'DNS_TRANSFER_OUT is read-only now (the name is past its grace period: only a renewal restores it, ' +
          'a transfer of the name is pending, no transfer within 60 days of a registration or transfer); ' +
          'DNS_RENEW is read-only now (the name is past its grace period: only a renewal restores it, ' +
          'a transfer of the name is pending)',
      ),
      context: { readonly: ['DNS_TRANSFER_OUT', 'DNS_RENEW'] },
    });
  });

  it('ask nothing of the registry for the WHOIS proxy', () =>
    expect(registryChangeOf({ DNS_WHOIS_PROXY: true })).toStrictEqual({ add: [], remove: [], whoisProxy: false }));
});

describe('the flags of a new name', () => {
  const at = createdAt;

  it('start all on but DNS_TRANSFER_OUT: nothing to set unless asked otherwise', () => {
    expect(newNameLocksOf({}, at)).toBeNull();
    expect(
      newNameLocksOf({ DNS_TRANSFER_OUT: 'DISABLED', DNS_RESOLUTION: 'ENABLED', DNS_WHOIS_PROXY: 'ENABLED' }, at),
    ).toBeNull();
    expect(newNameLocksOf({ DNS_DELETE: 'DISABLED', DNS_WHOIS_PROXY: 'DISABLED' }, at)).toEqual({
      DNS_DELETE: true,
      DNS_WHOIS_PROXY: true,
    });
  });

  it('keep DNS_TRANSFER_OUT off for the 60-day lock', () =>
    expect(() => newNameLocksOf({ DNS_TRANSFER_OUT: 'ENABLED' }, at)).toThrow(
      expect.objectContaining({ code: 'VALIDATION', context: { readonly: ['DNS_TRANSFER_OUT'] } }),
    ));
});

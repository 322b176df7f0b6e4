import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { RegistryDomainCommand, RegistryDomainEvent } from './registry-domain.events';
import { registryDomainDecider } from './registry-domain.decider';
import { asOf, eppStatusesAt, phaseAt, RegisteredName, transferIneligibilityAt } from './registry-domain';
import { registryDomainStream } from './registry-domain.events';
import { RegistryRefused } from './registry-refusal';

const day = 86_400_000;
const at = Date.UTC(2026, 0, 15, 12);
const name = 'example.com';
const us = 'domain-engine';
const them = 'other-registrar';
const contacts = { registrant: 'c-1', admin: 'c-1', tech: 'c-2', billing: 'c-1' };
const expiresAt = Date.UTC(2027, 0, 15, 12);
const given = deciderSpec(registryDomainDecider);

const created = (sponsor = us, when = at, expiry = expiresAt): RegistryDomainEvent => ({
  type: 'RegistryDomainCreated',
  data: {
    name,
    sponsor,
    expiresAt: expiry,
    authInfoDigest: 'digest-1',
    contacts,
    nameservers: ['ns1.domain-engine.test', 'ns2.domain-engine.test'],
    at: when,
  },
});
const create = (when = at, sponsor = us, years = 1): RegistryDomainCommand => ({
  type: 'CreateRegistryDomain',
  data: {
    name,
    sponsor,
    years,
    authInfoDigest: 'digest-1',
    contacts,
    nameservers: ['ns1.domain-engine.test', 'ns2.domain-engine.test'],
    at: when,
  },
});
const renew = (when: number, currentExpiry = '2027-01-15', years = 1, sponsor = us): RegistryDomainCommand => ({
  type: 'RenewRegistryDomain',
  data: { name, sponsor, currentExpiry, years, at: when },
});
const remove = (when: number, sponsor = us): RegistryDomainCommand => ({
  type: 'DeleteRegistryDomain',
  data: { name, sponsor, at: when },
});
const restore = (when: number, sponsor = us): RegistryDomainCommand => ({
  type: 'RestoreRegistryDomain',
  data: { name, sponsor, at: when },
});
const requestTransfer = (when: number, authInfoDigest = 'digest-1', gainingSponsor = them): RegistryDomainCommand => ({
  type: 'RequestRegistryTransfer',
  data: { name, gainingSponsor, authInfoDigest, years: 1, at: when },
});
const transferRequested = (when: number): RegistryDomainEvent => ({
  type: 'RegistryTransferRequested',
  data: { name, gainingSponsor: them, years: 1, autoApproveAt: when + 5 * day, at: when },
});
const answer = (when: number, approve: boolean, sponsor = us): RegistryDomainCommand => ({
  type: 'AnswerRegistryTransfer',
  data: { name, sponsor, approve, at: when },
});
const update = (
  when: number,
  change: Partial<Extract<RegistryDomainCommand, { type: 'UpdateRegistryDomain' }>['data']>,
) => ({ type: 'UpdateRegistryDomain', data: { name, sponsor: us, at: when, ...change } }) as RegistryDomainCommand;
const statusesSet = (when: number, ...clientStatuses: string[]): RegistryDomainEvent =>
  ({
    type: 'RegistryDomainUpdated',
    data: {
      name,
      clientStatuses,
      contacts,
      nameservers: ['ns1.domain-engine.test', 'ns2.domain-engine.test'],
      authInfoDigest: 'digest-1',
      at: when,
    },
  }) as RegistryDomainEvent;
const heldAfter = (...events: RegistryDomainEvent[]) => fold(registryDomainDecider, events) as RegisteredName;

describe('the sandbox registry, one name', () => {
  describe('create', () => {
    it('registers a free name for the years asked, from the moment of creation', () =>
      given().when(create()).then(created()));
    it('registers up to ten years, a 29 February anniversary landing on the 28th', () => {
      const leapDay = Date.UTC(2028, 1, 29);
      given()
        .when(create(leapDay, us, 10))
        .thenState({ status: 'REGISTERED', expiresAt: Date.UTC(2038, 1, 28) });
    });
    it.each([0, 11, 1.5])('refuses a period of %s years', (years) =>
      given()
        .when(create(at, us, years))
        .thenThrows(RegistryRefused, /^2004 a period is 1 to 10 years/),
    );
    it('refuses a name registered by anyone, also in redemption', () => {
      given(created(them))
        .when(create(at + day))
        .thenThrows(RegistryRefused, /^2302 example.com is registered/);
      given(created())
        .when(create(expiresAt + 50 * day))
        .thenThrows(RegistryRefused, /^2302/);
    });
    it('registers a name again once it was purged, recording the purge first', () =>
      given(created(them))
        .when(create(expiresAt + 81 * day))
        .then(
          { type: 'RegistryDomainPurged', data: { name, reason: 'PENDING_DELETE_ENDED', at: expiresAt + 80 * day } },
          created(us, expiresAt + 81 * day, Date.UTC(2028, 3, 6, 12)),
        ));
  });

  describe('life cycle as time passes', () => {
    it('records a purge only when time is applied past pending delete', () => {
      given(created())
        .when({ type: 'ApplyRegistryTime', data: { name, at: expiresAt + 80 * day - 1 } })
        .thenNothing();
      given(created())
        .when({ type: 'ApplyRegistryTime', data: { name, at: expiresAt + 80 * day } })
        .thenState({ status: 'NONE' });
    });
  });

  describe('renew', () => {
    it('renews up to exactly ten years ahead', () =>
      given(created())
        .when(renew(at, '2027-01-15', 9))
        .thenState({ expiresAt: Date.UTC(2036, 0, 15, 12) }));
    it('extends from the current expiry, also in the auto-renew grace period', () => {
      given(created())
        .when(renew(at + 100 * day, '2027-01-15', 2))
        .then({
          type: 'RegistryDomainRenewed',
          data: { name, expiresAt: Date.UTC(2029, 0, 15, 12), years: 2, at: at + 100 * day },
        });
      given(created())
        .when(renew(expiresAt + 44 * day))
        .thenState({ expiresAt: Date.UTC(2028, 0, 15, 12) });
    });
    it('renews once when the same renewal is sent twice: the second names an expiry that has moved', () =>
      given(created(), {
        type: 'RegistryDomainRenewed',
        data: { name, expiresAt: Date.UTC(2028, 0, 15, 12), years: 1, at },
      })
        .when(renew(at + day))
        .thenThrows(RegistryRefused, /^2306 example.com expires on 2028-01-15, not 2027-01-15/));
    it('refuses more than ten years ahead', () =>
      given(created())
        .when(renew(at, '2027-01-15', 10))
        .thenThrows(RegistryRefused, /^2306 example.com cannot be registered more than 10 years ahead/));
    it('refuses in redemption (restore first), for another registrar, under clientRenewProhibited', () => {
      given(created())
        .when(renew(expiresAt + 45 * day))
        .thenThrows(RegistryRefused, /^2304 example.com is redemption/);
      given(created())
        .when(renew(at, '2027-01-15', 1, them))
        .thenThrows(RegistryRefused, /^2201/);
      given(created(), statusesSet(at, 'clientRenewProhibited'))
        .when(renew(at + day))
        .thenThrows(RegistryRefused, /^2304 example.com has clientRenewProhibited: no renewal/);
    });
    it('refuses a name that is not registered, or purged', () => {
      given()
        .when(renew(at))
        .thenThrows(RegistryRefused, /^2303 example.com is not registered/);
      given(created())
        .when(renew(expiresAt + 80 * day))
        .thenThrows(RegistryRefused, /^2303/);
    });
    it('refuses while a transfer is pending', () =>
      given(created(), transferRequested(at + 61 * day))
        .when(renew(at + 62 * day))
        .thenThrows(RegistryRefused, /^2300 example.com has a pending transfer: no renewal$/));
  });

  describe('delete and restore', () => {
    it('refuses a deletion while a transfer is pending, and in pending delete', () => {
      given(created(), transferRequested(at + 61 * day))
        .when(remove(at + 62 * day))
        .thenThrows(RegistryRefused, /^2300 example.com has a pending transfer: no deletion$/);
      given(created())
        .when(remove(expiresAt + 76 * day))
        .thenThrows(RegistryRefused, /^2304 example.com is pending delete$/);
    });
    it('restores a name deleted before its expiry and restored at that very moment renewed for a year', () =>
      given(created(), { type: 'RegistryDomainDeleted', data: { name, at: expiresAt - day } })
        .when(restore(expiresAt))
        .thenState({ expiresAt: Date.UTC(2028, 0, 15, 12), deletedAt: null }));
    it("refuses to restore a name never registered, or another registrar's", () => {
      given()
        .when(restore(at))
        .thenThrows(RegistryRefused, /^2303 example.com is not registered$/);
      given(created(them), { type: 'RegistryDomainDeleted', data: { name, at: at + 10 * day } })
        .when(restore(at + 11 * day))
        .thenThrows(RegistryRefused, /^2201 example.com is sponsored by another registrar$/);
    });
    it('purges at once within the add grace period, so the registrar is refunded', () =>
      given(created())
        .when(remove(at + 5 * day - 1))
        .then({ type: 'RegistryDomainPurged', data: { name, reason: 'ADD_GRACE_DELETE', at: at + 5 * day - 1 } }));
    it('starts the redemption period after it, then pending delete, then the purge', () => {
      const deletedAt = at + 10 * day;
      const held = heldAfter(created(), { type: 'RegistryDomainDeleted', data: { name, at: deletedAt } });
      expect(phaseAt(held, deletedAt)).toBe('REDEMPTION');
      expect(phaseAt(held, deletedAt + 30 * day)).toBe('PENDING_DELETE');
      expect(phaseAt(held, deletedAt + 35 * day)).toBe('PURGED');
      given(created())
        .when(remove(deletedAt))
        .then({ type: 'RegistryDomainDeleted', data: { name, at: deletedAt } });
    });
    it('refuses under clientDeleteProhibited, for another registrar, and once deleted', () => {
      given(created(), statusesSet(at, 'clientDeleteProhibited'))
        .when(remove(at + 10 * day))
        .thenThrows(RegistryRefused, /^2304 example.com has clientDeleteProhibited: no deletion/);
      given(created())
        .when(remove(at + 10 * day, them))
        .thenThrows(RegistryRefused, /^2201/);
      given(created(), { type: 'RegistryDomainDeleted', data: { name, at: at + 10 * day } })
        .when(remove(at + 11 * day))
        .thenThrows(RegistryRefused, /^2304/);
    });
    it('restores a deleted name as it was, and an expired one renewed for a year', () => {
      given(created(), { type: 'RegistryDomainDeleted', data: { name, at: at + 10 * day } })
        .when(restore(at + 20 * day))
        .then({ type: 'RegistryDomainRestored', data: { name, expiresAt, at: at + 20 * day } });
      given(created())
        .when(restore(expiresAt + 50 * day))
        .then({
          type: 'RegistryDomainRestored',
          data: { name, expiresAt: Date.UTC(2028, 0, 15, 12), at: expiresAt + 50 * day },
        });
      expect(
        phaseAt(
          heldAfter(created(), {
            type: 'RegistryDomainRestored',
            data: { name, expiresAt: Date.UTC(2028, 0, 15, 12), at: expiresAt + 50 * day },
          }),
          expiresAt + 50 * day,
        ),
      ).toBe('ACTIVE');
    });
    it('restores only in the redemption period, and only for the sponsor', () => {
      given(created())
        .when(restore(at + 10 * day))
        .thenThrows(RegistryRefused, /^2304 .* only in its redemption/);
      given(created())
        .when(restore(expiresAt + 76 * day))
        .thenThrows(RegistryRefused, /^2304/);
      given(created())
        .when(restore(expiresAt + 50 * day, them))
        .thenThrows(RegistryRefused, /^2201/);
    });
  });

  describe('update', () => {
    it('keeps the client statuses when none are named, and records a change of contacts alone', () =>
      given(created(), statusesSet(at, 'clientHold'))
        .when(update(at + day, { contacts: { admin: 'c-7' } }))
        .thenState({ clientStatuses: ['clientHold'], contacts: { ...contacts, admin: 'c-7' } }));
    it('under clientUpdateProhibited refuses a change of contacts, DS records or the authorization code', () => {
      given(created(), statusesSet(at, 'clientUpdateProhibited'))
        .when(update(at + day, { contacts: { admin: 'c-7' } }))
        .thenThrows(RegistryRefused, /^2304 example.com has clientUpdateProhibited: no update$/);
      given(created(), statusesSet(at, 'clientUpdateProhibited'))
        .when(update(at + day, { authInfoDigest: 'digest-2' }))
        .thenThrows(RegistryRefused, /^2304/);
      given(created(), statusesSet(at, 'clientUpdateProhibited'))
        .when(update(at + day, { ds: [{ keyTag: 1, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) }] }))
        .thenThrows(RegistryRefused, /^2304 example.com has clientUpdateProhibited: no update$/);
    });
    it('orders the client statuses one way, whatever order they are asked in', () =>
      given(created())
        .when(update(at + day, { add: ['clientUpdateProhibited', 'clientDeleteProhibited'] }))
        .thenState({ clientStatuses: ['clientDeleteProhibited', 'clientUpdateProhibited'] }));
    it('sets and clears client statuses, contacts, nameservers, DS records and the authorization code at once', () =>
      given(created())
        .when(
          update(at + day, {
            add: ['clientTransferProhibited', 'clientHold'],
            contacts: { tech: 'c-9' },
            nameservers: ['ns1.example.net'],
            authInfoDigest: 'digest-2',
            ds: [{ keyTag: 1, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) }],
          }),
        )
        .then({
          type: 'RegistryDomainUpdated',
          data: {
            name,
            clientStatuses: ['clientHold', 'clientTransferProhibited'],
            contacts: { ...contacts, tech: 'c-9' },
            nameservers: ['ns1.example.net'],
            authInfoDigest: 'digest-2',
            ds: [{ keyTag: 1, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) }],
            at: at + day,
          },
        }));
    it('records nothing for an update that changes nothing', () =>
      given(created(), statusesSet(at, 'clientHold'))
        .when(update(at + day, { add: ['clientHold'], contacts: { admin: 'c-1' } }))
        .thenNothing());
    it('under clientUpdateProhibited allows only lifting it', () => {
      given(created(), statusesSet(at, 'clientUpdateProhibited'))
        .when(update(at + day, { nameservers: ['ns1.example.net'] }))
        .thenThrows(RegistryRefused, /^2304 example.com has clientUpdateProhibited/);
      given(created(), statusesSet(at, 'clientUpdateProhibited'))
        .when(update(at + day, { remove: ['clientUpdateProhibited'], nameservers: ['ns1.example.net'] }))
        .thenState({ clientStatuses: [], nameservers: ['ns1.example.net'] });
      given(created(), statusesSet(at, 'clientUpdateProhibited'))
        .when(update(at + day, { add: ['clientHold'] }))
        .thenState({ clientStatuses: ['clientHold', 'clientUpdateProhibited'] });
    });
  });

  describe('transfer', () => {
    const unlocked = at + 60 * day;
    it('is refused with every reason that applies, and allowed once none does', () => {
      const held = fold(registryDomainDecider, [created(), statusesSet(at, 'clientTransferProhibited')]);
      expect(transferIneligibilityAt(held, { gainingSponsor: us, authInfoDigest: 'wrong' }, at + day)).toEqual([
        'SAME_REGISTRAR',
        'TRANSFER_PROHIBITED',
        'RECENTLY_REGISTERED',
        'INVALID_AUTHORIZATION_CODE',
      ]);
      expect(
        transferIneligibilityAt(heldAfter(created()), { gainingSponsor: them, authInfoDigest: 'digest-1' }, unlocked),
      ).toEqual([]);
      expect(
        transferIneligibilityAt(
          heldAfter(created()),
          { gainingSponsor: them, authInfoDigest: 'digest-1' },
          expiresAt + 45 * day,
        ),
      ).toEqual(['PENDING_DELETE']);
      expect(
        transferIneligibilityAt(fold(registryDomainDecider, []), { gainingSponsor: them, authInfoDigest: 'x' }, at),
      ).toEqual(['NOT_REGISTERED']);
    });
    it('starts a transfer that is approved automatically after five days', () =>
      given(created()).when(requestTransfer(unlocked)).then(transferRequested(unlocked)));
    it('answers the first reason as its EPP refusal', () => {
      given(created())
        .when(requestTransfer(unlocked, 'digest-1', us))
        .thenThrows(RegistryRefused, /^2106 .*SAME_REGISTRAR/);
      given(created(), statusesSet(at, 'clientTransferProhibited'))
        .when(requestTransfer(unlocked))
        .thenThrows(RegistryRefused, /^2304 .*TRANSFER_PROHIBITED/);
      given(created())
        .when(requestTransfer(expiresAt + 46 * day))
        .thenThrows(RegistryRefused, /^2304 .*PENDING_DELETE/);
      given(created(), {
        type: 'RegistryTransferApproved',
        data: { name, sponsor: us, expiresAt, automatically: false, at: unlocked },
      })
        .when(requestTransfer(unlocked + day))
        .thenThrows(RegistryRefused, /^2106 .*RECENTLY_TRANSFERRED/);
      given(created())
        .when(requestTransfer(unlocked - 1))
        .thenThrows(RegistryRefused, /^2106 .*RECENTLY_REGISTERED/);
      given(created()).when(requestTransfer(unlocked, 'wrong')).thenThrows(RegistryRefused, /^2202/);
      given(created(), transferRequested(unlocked))
        .when(requestTransfer(unlocked + day))
        .thenThrows(RegistryRefused, /^2300/);
      given().when(requestTransfer(unlocked)).thenThrows(RegistryRefused, /^2303/);
    });
    it('moves the name to the gaining registrar with a year more when the losing one approves', () =>
      given(created(), transferRequested(unlocked))
        .when(answer(unlocked + day, true))
        .thenState({
          sponsor: them,
          expiresAt: Date.UTC(2028, 0, 15, 12),
          transferredAt: unlocked + day,
          transfer: null,
        }));
    it("records the approval as the losing registrar's own", () =>
      given(created(), transferRequested(unlocked))
        .when(answer(unlocked + day, true))
        .then({
          type: 'RegistryTransferApproved',
          data: { name, sponsor: them, expiresAt: Date.UTC(2028, 0, 15, 12), automatically: false, at: unlocked + day },
        }));
    it('keeps it where it is when the losing one rejects', () => {
      given(created(), transferRequested(unlocked))
        .when(answer(unlocked + day, false))
        .then({ type: 'RegistryTransferRejected', data: { name, at: unlocked + day } });
      given(created(), transferRequested(unlocked))
        .when(answer(unlocked + day, false))
        .thenState({ sponsor: us, expiresAt, transfer: null });
    });
    it('approves automatically at exactly five days', () =>
      given(created(), transferRequested(unlocked))
        .when({ type: 'ApplyRegistryTime', data: { name, at: unlocked + 5 * day } })
        .thenState({ sponsor: them, transfer: null }));
    it('shows a pending transfer among the EPP statuses until it is decided', () => {
      const pending = fold(registryDomainDecider, [created(), transferRequested(unlocked)]);
      expect(eppStatusesAt(pending as RegisteredName, unlocked + day)).toEqual(['pendingTransfer']);
      const moved = asOf(pending, name, unlocked + 5 * day) as RegisteredName;
      expect([moved.sponsor, eppStatusesAt(moved, unlocked + 5 * day)]).toEqual([them, ['ok']]);
    });
    it('approves automatically, dated five days after the request, and then nothing is pending', () => {
      given(created(), transferRequested(unlocked))
        .when({ type: 'ApplyRegistryTime', data: { name, at: unlocked + 6 * day } })
        .then({
          type: 'RegistryTransferApproved',
          data: {
            name,
            sponsor: them,
            expiresAt: Date.UTC(2028, 0, 15, 12),
            automatically: true,
            at: unlocked + 5 * day,
          },
        });
      given(created(), transferRequested(unlocked))
        .when(answer(unlocked + 6 * day, false, them))
        .thenThrows(RegistryRefused, /^2301/);
    });
    it('clears the client statuses the losing registrar set, and locks the name for 60 days', () => {
      const moved = heldAfter(created(), transferRequested(unlocked), {
        type: 'RegistryTransferApproved',
        data: { name, sponsor: them, expiresAt, automatically: false, at: unlocked },
      });
      expect(moved.clientStatuses).toEqual([]);
      expect(
        transferIneligibilityAt(moved, { gainingSponsor: us, authInfoDigest: 'digest-1' }, unlocked + 59 * day),
      ).toEqual(['RECENTLY_TRANSFERRED']);
      expect(
        transferIneligibilityAt(moved, { gainingSponsor: us, authInfoDigest: 'digest-1' }, unlocked + 60 * day),
      ).toEqual([]);
    });
    it('refuses an answer from anyone but the losing registrar, and with nothing pending', () => {
      given(created(), transferRequested(unlocked))
        .when(answer(unlocked + day, true, them))
        .thenThrows(RegistryRefused, /^2201 example.com is sponsored by another registrar$/);
      given(created())
        .when(answer(unlocked, true))
        .thenThrows(RegistryRefused, /^2301 example.com has no pending transfer$/);
      given()
        .when(answer(unlocked, true))
        .thenThrows(RegistryRefused, /^2303 example.com is not registered$/);
    });
  });

  it('fails loudly on a command or an event of a newer version', () => {
    given()
      .when({ type: 'TransferRegistryDomain', data: { name, at } } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(registryDomainDecider, [{ type: 'RegistryDomainLocked', data: {} } as never])).toThrow(
      /unexpected value/,
    );
    expect(() =>
      fold(registryDomainDecider, [{ type: 'RegistryDomainRenewed', data: { name, expiresAt, years: 1, at } }]),
    ).toThrow(/registry event for a name that is not registered/);
  });

  it('keeps each name on a stream of its own, named once and for all', () => {
    expect(registryDomainStream('example.com')).toBe('registry-domain-example.com');
  });
});
